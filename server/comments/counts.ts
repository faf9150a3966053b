import { preparedRows, type Db } from "../db/client";
import { Prisma } from "../db/generated/client";

/**
 * Open-comment counts, exact at every read: counted over the partial index of open comments
 * (`comments_open_idx`, on space and change request where `resolved_at IS NULL`), one query for a
 * whole list, instead of a counter that concurrent posts, resolves and deletes would have to keep right.
 */

/** A space's own open comments (comments of its change requests not included). */
const OPEN_OWN_COMMENT = Prisma.sql`change_request_id IS NULL AND resolved_at IS NULL`;

/** The number of a space's own open comments, as SQL (`loadSpaceWith` reads it with the space: server/spaces/queries.ts). */
export const openSpaceCommentCountSql = (spaceId: string) => Prisma.sql`SELECT count(*)::int FROM comments WHERE space_id = ${spaceId} AND ${OPEN_OWN_COMMENT}`;

/**
 * Open comments of each space's own. Prepared: every answer about spaces counts them.
 */
export async function openSpaceComments(tx: Db, spaceIds: string[]): Promise<Map<string, number>> {
  if (spaceIds.length === 0) return new Map();
  const rows = await preparedRows<{ space_id: string; count: number }>(tx, "open-space-comments", Prisma.sql`
    SELECT space_id, count(*)::int AS count FROM comments
    WHERE space_id = ANY(${spaceIds}::text[]) AND ${OPEN_OWN_COMMENT}
    GROUP BY space_id`);
  const counts = new Map(rows.map((row) => [row.space_id, row.count]));
  return new Map(spaceIds.map((id) => [id, counts.get(id) ?? 0]));
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
