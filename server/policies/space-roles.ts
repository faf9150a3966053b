import type { Db } from "../db/client";
import type { Space } from "../db/generated/client";
import { accessChainOfEveryone, roleFromChain } from "./access";
import { spacePermissions } from "./content";
import { parseRole, type Role } from "./roles";

export type SpaceRef = Pick<Space, "id" | "organizationId" | "defaultLevel" | "parentId" | "editMode" | "deletedAt">;

/**
 * Other people's roles on a space as they stand now, from the same access chain and rule the loaders
 * use: who is mentioned, notified or counted as a reviewer is decided by what the space grants them
 * today. Someone who is no member of the space's organization has none.
 */
async function rolesOnSpace(tx: Db, space: SpaceRef, userIds: string[]): Promise<Map<string, Role | null>> {
  const roles = new Map<string, Role | null>(userIds.map((userId) => [userId, null]));
  if (userIds.length === 0) return roles;
  const [everyone, members] = await Promise.all([
    accessChainOfEveryone(tx, { space, collectionId: space.parentId }),
    tx.member.findMany({ where: { organizationId: space.organizationId, userId: { in: userIds } }, select: { userId: true, role: true } }),
  ]);
  for (const member of members) roles.set(member.userId, roleFromChain(parseRole(member.role), everyone.chainOf(member.userId)));
  return roles;
}

/** The users among `userIds` (in their order) whose role on the space allows `permission` now. */
export async function usersWithSpacePermission(tx: Db, space: SpaceRef, userIds: string[], permission: "view" | "review"): Promise<string[]> {
  const roles = await rolesOnSpace(tx, space, userIds);
  return userIds.filter((userId) => spacePermissions(roles.get(userId) ?? null, space)[permission]);
}
