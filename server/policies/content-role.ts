import { atLeast, higherOf, lowerOf, type DefaultLevel, type Role } from "./roles";

/**
 * The role a member holds on a collection or space.
 *
 * - Organization admins administer all content.
 * - Otherwise the first non-"inherit" default level found walking up from the item
 *   (the item, its collection, that collection's parent, ...) applies, capped by the
 *   member's organization role; "inherit" all the way up means the organization role.
 *   A null level gives no default access. Guests (role null) get no default access.
 * - Explicit grants (per-user or per-team permissions on the item or an ancestor, added by
 *   later features) can only raise the result.
 */
export function contentRole(input: {
  memberRole: Role | null;
  levels: DefaultLevel[];
  grants?: Role[];
}): Role | null {
  const { memberRole, levels, grants = [] } = input;
  if (memberRole === "admin") return "admin";
  const found = levels.find((candidate) => candidate !== "inherit");
  const level = found === undefined ? "inherit" : found;
  let role: Role | null;
  if (memberRole === null || level === null) role = null;
  else if (level === "inherit") role = memberRole;
  else role = lowerOf(memberRole, level);
  return grants.reduce<Role | null>((best, grant) => higherOf(best, grant), role);
}

export const canView = (role: Role | null) => atLeast(role, "read");
