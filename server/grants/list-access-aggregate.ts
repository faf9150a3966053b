import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { decodeCursor, encodeCursor } from "../pagination";
import { accessChainOfEveryone, roleFromChain } from "../policies/access";
import { loadTarget, type ContentTarget } from "../policies/grant";
import { parseRole } from "../policies/roles";
import { presentUser } from "../presenters/user";
import type { ListAggregateParams } from "./schemas";

/**
 * Everyone who can access a space or collection, with their effective role (`listPermissionsAggregateInSpace`,
 * `listPermissionsAggregateInCollection`): each member's role from the same access chain and rule the
 * loaders use, so this list and what members can open agree. `role` keeps those with exactly that role.
 */
export async function listAccessAggregate(ctx: ServiceContext, target: ContentTarget, params: ListAggregateParams) {
  const tx = db();
  const access = await loadTarget(tx, ctx.actor, target);
  const [everyone, members] = await Promise.all([
    accessChainOfEveryone(tx, access.item),
    tx.member.findMany({ where: { organizationId: access.organization.id }, select: { userId: true, role: true }, orderBy: { userId: "asc" } }),
  ]);
  const withAccess = members
    .map((member) => ({ userId: member.userId, role: roleFromChain(parseRole(member.role), everyone.chainOf(member.userId)) }))
    .filter((entry) => entry.role !== null && (params.role === undefined || entry.role === params.role));
  const after = decodeCursor(params.page);
  const rest = after === undefined ? withAccess : withAccess.filter((entry) => entry.userId > after);
  const page = rest.slice(0, params.limit);
  const users = new Map((await tx.user.findMany({ where: { id: { in: page.map((entry) => entry.userId) } } })).map((user) => [user.id, user]));
  return {
    items: page.map((entry) => ({ permission: entry.role!, user: presentUser(users.get(entry.userId)!, ctx.baseUrl) })),
    count: withAccess.length,
    ...(rest.length > params.limit ? { next: { page: encodeCursor(page[page.length - 1]!.userId) } } : {}),
  };
}
