import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { loadOrganization } from "../policies/access";
import { loadFont, fontRecord } from "./custom-font-records";

export async function getCustomFont(ctx: ServiceContext, organizationId: string, fontId: string) {
  const tx = db();
  const access = await loadOrganization(tx, ctx.actor, organizationId);
  return fontRecord(access, await loadFont(tx, organizationId, fontId));
}
