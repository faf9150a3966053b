import type { ServiceContext } from "../context";
import { db } from "../db/client";
import type { User } from "../db/generated/client";
import { decodeCursor, encodeCursor } from "../pagination";
import { accessChainOfEveryone, roleFromChain, type AccessChain } from "../policies/access";
import { administersAllContent, contentRole } from "../policies/visibility";
import { loadTarget, type ContentTarget } from "../policies/grant";
import { parseRole, type Role } from "../policies/roles";
import type { ListAggregateParams } from "./schemas";

/**
 * Someone who can access an item, with their effective role; on a site, also where that role comes
 * from and when they were last seen. The edge presents it (server/presenters/grant.ts).
 */
export type AccessEntryRecord = { permission: Role; user: User; site?: { origin: SiteRoleOrigin; lastSeenAt: Date | null } };
type SiteRoleOrigin = ReturnType<typeof siteRoleOrigin>;

/**
 * Everyone who can access a space, collection or site, with their effective role (`listPermissionsAggregateInSpace`,
 * `…InCollection`, `…InSite`): each member's role from the same access chain and rule the
 * loaders use, so this list and what members can open agree. `role` keeps those with exactly that role.
 */
export async function listAccessAggregate(ctx: ServiceContext, target: ContentTarget, params: ListAggregateParams) {
  const tx = db();
  const access = await loadTarget(tx, ctx.actor, target);
  const [everyone, members] = await Promise.all([
    accessChainOfEveryone(tx, access.item),
    tx.member.findMany({ where: { organizationId: access.organization.id }, select: { userId: true, role: true, lastSeenAt: true }, orderBy: { userId: "asc" } }),
  ]);
  const withAccess = members
    .map((member) => {
      const memberRole = parseRole(member.role);
      const chain = everyone.chainOf(member.userId);
      return { userId: member.userId, memberRole, chain, lastSeenAt: member.lastSeenAt, role: roleFromChain(memberRole, chain) };
    })
    .filter((entry) => entry.role !== null && (params.role === undefined || entry.role === params.role));
  const after = decodeCursor(params.page);
  const rest = after === undefined ? withAccess : withAccess.filter((entry) => entry.userId > after);
  const page = rest.slice(0, params.limit);
  const users = new Map((await tx.user.findMany({ where: { id: { in: page.map((entry) => entry.userId) } } })).map((user) => [user.id, user]));
  return {
    items: page.map((entry): AccessEntryRecord => {
      const item = { permission: entry.role!, user: users.get(entry.userId)! };
      if (target.type !== "site") return item;
      return { ...item, site: { origin: siteRoleOrigin(access.organization.id, target.id, entry.memberRole, entry.chain, entry.role), lastSeenAt: entry.lastSeenAt } };
    }),
    count: withAccess.length,
    ...(rest.length > params.limit ? { next: { page: encodeCursor(page[page.length - 1]!.userId) } } : {}),
  };
}

/**
 * What decides a member's role on a site (the reference's UserSitePermissionOrigin): a grant that
 * raises it (to them, or to a team of theirs), else the site's own default level, else their
 * organization role, by the rule of `siteRole`.
 */
function siteRoleOrigin(organizationId: string, siteId: string, memberRole: Role | null, chain: AccessChain, role: Role | null) {
  const organization = { type: "organization" as const, organization: organizationId };
  if (administersAllContent(memberRole)) return organization;
  const withoutGrants = contentRole({ memberRole, levels: chain.levels.map((entry) => entry.level) });
  const grant = withoutGrants === role ? undefined : chain.grants.find((candidate) => candidate.role === role);
  if (grant) return { type: "site" as const, site: siteId, reason: grant.teamId ? ("team" as const) : ("member" as const), ...(grant.teamId ? { team: grant.teamId } : {}) };
  if (chain.levels.some((entry) => entry.level !== "inherit")) return { type: "site" as const, site: siteId, reason: "default" as const };
  return organization;
}
