import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { loadOrganization } from "../policies/access";
import { authorize } from "../policies/authorize";
import { organizationRules } from "./merge-rules-records";

export async function getOrganizationMergeRules(ctx: ServiceContext, organizationId: string) {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  authorize(access, "organization.manageMergeRules");
  return organizationRules(access);
}
