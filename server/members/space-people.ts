import type { Db } from "../db/client";
import type { User } from "../db/generated/client";
import { usersWithSpacePermission, type SpaceRef } from "../policies/space-roles";

/** Members looked through for one search at most, and found: a picker's worth. */
const SCAN_LIMIT = 1000;
const BATCH = 50;
const FOUND = 8;

/**
 * Active members of the space's organization whose name or email contains `query` and whose role
 * on the space allows `permission` (view: whom a comment can mention; review: whom a review can be
 * asked of), the first few by name. Checked for access a batch at a time until enough are found.
 */
export async function findSpacePeople(tx: Db, space: SpaceRef, query: string, permission: "view" | "review"): Promise<User[]> {
  const text = query.trim().replace(/[\\%_]/g, (character) => `\\${character}`);
  const contains = { contains: text, mode: "insensitive" as const };
  const found: User[] = [];
  for (let skip = 0; found.length < FOUND && skip < SCAN_LIMIT; skip += BATCH) {
    const members = await tx.member.findMany({
      where: { organizationId: space.organizationId, user: { disabledAt: null, ...(text ? { OR: [{ displayName: contains }, { email: contains }] } : {}) } },
      include: { user: true },
      orderBy: [{ user: { displayName: "asc" } }, { userId: "asc" }],
      skip,
      take: BATCH,
    });
    const allowed = new Set(await usersWithSpacePermission(tx, space, members.map((member) => member.userId), permission));
    found.push(...members.filter((member) => allowed.has(member.userId)).map((member) => member.user));
    if (members.length < BATCH) break;
  }
  return found.slice(0, FOUND);
}
