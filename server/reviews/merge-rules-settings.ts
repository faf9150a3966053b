import type { ServiceContext } from "../context";
import { db, type Db } from "../db/client";
import { writeChange } from "../events/write-change";
import { loadOrganization, loadSpace, type OrgAccess, type SpaceAccess } from "../policies/access";
import { mergeRulesOf, RULE_FIELDS } from "./merge-rules";
import type { OrganizationMergeRulesInput, SpaceMergeRulesInput } from "./schemas";
import { authorize } from "../policies/authorize";

/**
 * The merge rules' settings: the organization's (its admins), and a space's own, null inheriting
 * the organization's (the space's admins). Changes are recorded as `merge_rules.updated`.
 */

function pickRules<Rules extends Record<(typeof RULE_FIELDS)[number], unknown>>(record: Rules): Pick<Rules, (typeof RULE_FIELDS)[number]> {
  return Object.fromEntries(RULE_FIELDS.map((field) => [field, record[field]])) as Pick<Rules, (typeof RULE_FIELDS)[number]>;
}

const organizationRules = (access: OrgAccess) => pickRules(access.organization);

const spaceRules = (access: SpaceAccess) => ({
  /** The space's own settings (null: the organization's). */
  ...pickRules(access.space),
  organization: organizationRules(access),
  /** What the space's change requests follow. */
  effective: mergeRulesOf(access),
});

export async function getOrganizationMergeRules(ctx: ServiceContext, organizationId: string) {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  authorize(access, "organization.manageMergeRules");
  return organizationRules(access);
}

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

export async function getSpaceMergeRules(ctx: ServiceContext, spaceId: string) {
  const access = await loadSpace(db(), ctx.actor, spaceId);
  authorize(access, "space.manageMergeRules", access.space);
  return spaceRules(access);
}

export async function updateSpaceMergeRules(ctx: ServiceContext, spaceId: string, input: SpaceMergeRulesInput) {
  return writeChange(ctx, async (tx: Db, events) => {
    const access = await loadSpace(tx, ctx.actor, spaceId);
    authorize(access, "space.manageMergeRules", access.space);
    const space = await tx.space.update({ where: { id: spaceId }, data: input });
    events.record({
      organizationId: space.organizationId,
      action: "merge_rules.updated",
      target: { type: "space", id: spaceId, label: space.title },
      payload: { spaceId, ...pickRules(space) },
    });
    return spaceRules({ ...access, space });
  });
}
