import type { Db } from "../db/client";

/**
 * Open-comment counts, exact at every read: counted over the partial index of open comments
 * (`comments_open_idx`, on space and change request where `resolved_at IS NULL`), one query for a
 * whole list, instead of a counter that concurrent posts, resolves and deletes would have to keep right.
 */

/** Open comments of each space's own (comments of its change requests not included). */
export async function openSpaceComments(tx: Db, spaceIds: string[]): Promise<Map<string, number>> {
  if (spaceIds.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ space_id: string; count: bigint }[]>`
    SELECT space_id, count(*) AS count FROM comments
    WHERE space_id = ANY(${spaceIds}::text[]) AND change_request_id IS NULL AND resolved_at IS NULL
    GROUP BY space_id`;
  return new Map(spaceIds.map((id) => [id, Number(rows.find((row) => row.space_id === id)?.count ?? 0)]));
}

/** Open comments of each change request (of one space, whose id leads the index). */
export async function openChangeRequestComments(tx: Db, spaceId: string, changeRequestIds: string[]): Promise<Map<string, number>> {
  if (changeRequestIds.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ change_request_id: string; count: bigint }[]>`
    SELECT change_request_id, count(*) AS count FROM comments
    WHERE space_id = ${spaceId} AND change_request_id = ANY(${changeRequestIds}::text[]) AND resolved_at IS NULL
    GROUP BY change_request_id`;
  return new Map(changeRequestIds.map((id) => [id, Number(rows.find((row) => row.change_request_id === id)?.count ?? 0)]));
}

export const openSpaceCommentCount = async (tx: Db, spaceId: string) => (await openSpaceComments(tx, [spaceId])).get(spaceId)!;
export const openChangeRequestCommentCount = async (tx: Db, spaceId: string, changeRequestId: string) =>
  (await openChangeRequestComments(tx, spaceId, [changeRequestId])).get(changeRequestId)!;
