import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { loadSpace } from "../policies/access";
import { authorize } from "../policies/authorize";
import { spaceRules } from "./merge-rules-records";

export async function getSpaceMergeRules(ctx: ServiceContext, spaceId: string) {
  const access = await loadSpace(db(), ctx.actor, spaceId);
  authorize(access, "space.manageMergeRules", access.space);
  return spaceRules(access);
}
