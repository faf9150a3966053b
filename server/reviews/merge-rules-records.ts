import type { OrgAccess, SpaceAccess } from "../policies/access";
import { mergeRulesOf, RULE_FIELDS } from "./merge-rules";

/**
 * The merge rules' settings: the organization's (its admins), and a space's own, null inheriting
 * the organization's (the space's admins). Changes are recorded as `merge_rules.updated`.
 */

export function pickRules<Rules extends Record<(typeof RULE_FIELDS)[number], unknown>>(record: Rules): Pick<Rules, (typeof RULE_FIELDS)[number]> {
  return Object.fromEntries(RULE_FIELDS.map((field) => [field, record[field]])) as Pick<Rules, (typeof RULE_FIELDS)[number]>;
}

export const organizationRules = (access: OrgAccess) => pickRules(access.organization);

export const spaceRules = (access: SpaceAccess) => ({
  /** The space's own settings (null: the organization's). */
  ...pickRules(access.space),
  organization: organizationRules(access),
  /** What the space's change requests follow. */
  effective: mergeRulesOf(access),
});
