import { openSpaceComments } from "../comments/counts";
import type { Db } from "../db/client";
import type { Space } from "../db/generated/client";
import type { Role } from "../policies/roles";
import { spacePublicationRows, type PublicationRow } from "../sites/space-publications";

/**
 * What the space services return: the space's row with the facts an answer about it shows,
 * computed in the service's own read or write — the caller's role on it, its open comments
 * (server/comments/counts.ts), the row of its publication (server/sites/space-publications.ts,
 * null when no published site shows it). No URL: the edge presents it (server/presenters/space.ts).
 */
export type SpaceRecord = Space & { role: Role | null; openComments: number; publication: PublicationRow | null };

/** The records of spaces already read, with the caller's role on each: two queries whatever their number. */
export async function spaceRecords(tx: Db, spaces: Space[], roleOf: (space: Space) => Role | null): Promise<SpaceRecord[]> {
  const ids = spaces.map((space) => space.id);
  const [comments, publications] = await Promise.all([openSpaceComments(tx, ids), spacePublicationRows(tx, ids)]);
  return spaces.map((space) => ({ ...space, role: roleOf(space), openComments: comments.get(space.id)!, publication: publications.get(space.id) ?? null }));
}

/** One space's record, inside the write that changed it (so the answer shows the space as written). */
export async function spaceRecord(tx: Db, space: Space, role: Role | null): Promise<SpaceRecord> {
  const [record] = await spaceRecords(tx, [space], () => role);
  return record!;
}
