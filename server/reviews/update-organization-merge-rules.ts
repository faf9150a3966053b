import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { loadOrganization } from "../policies/access";
import { authorize } from "../policies/authorize";
import { organizationRules } from "./merge-rules-records";
import type { OrganizationMergeRulesInput } from "./merge-rules-schemas";

export async function updateOrganizationMergeRules(ctx: ServiceContext, organizationId: string, input: OrganizationMergeRulesInput) {
  return writeChange(ctx, async (tx, events) => {
    const access = await loadOrganization(tx, ctx.actor, organizationId);
    authorize(access, "organization.manageMergeRules");
    const organization = await tx.organization.update({ where: { id: organizationId }, data: input });
    const rules = organizationRules({ ...access, organization });
    events.record({ organizationId, action: "merge_rules.updated", target: { type: "organization", id: organizationId, label: organization.title }, payload: rules });
    return rules;
  });
}
