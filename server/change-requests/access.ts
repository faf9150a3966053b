import type { Actor } from "../auth/actor";
import type { Db } from "../db/client";
import { notFound } from "../errors";
import { loadSpace, type SpaceAccess } from "../policies/access";
import type { ChangeRequestRow } from "./records";

export type ChangeRequestAccess = SpaceAccess & { changeRequest: ChangeRequestRow };

export const changeRequestInclude = { createdBy: true, mergedBy: true } as const;

/**
 * Loads a change request of a space the caller can see, by id or by its number in the space.
 * With `forUpdate`, its row is locked for the rest of the transaction, so that merges and
 * edits of one change request happen one at a time.
 */
export async function loadChangeRequest(tx: Db, actor: Actor, spaceId: string, ref: string, options: { forUpdate?: boolean } = {}): Promise<ChangeRequestAccess> {
  const access = await loadSpace(tx, actor, spaceId);
  const byNumber = /^\d{1,9}$/.test(ref);
  const found = await tx.changeRequest.findFirst({ where: byNumber ? { spaceId, number: Number(ref) } : { spaceId, id: ref }, select: { id: true } });
  if (!found) throw notFound(`No change request ${ref} in space ${spaceId}.`);
  if (options.forUpdate) await tx.$queryRaw`SELECT id FROM change_requests WHERE id = ${found.id} FOR UPDATE`;
  const changeRequest = await tx.changeRequest.findUniqueOrThrow({ where: { id: found.id }, include: changeRequestInclude });
  return { ...access, changeRequest };
}
