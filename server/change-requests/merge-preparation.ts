import { changedEntries } from "../content/revision-size";
import type { ServiceContext } from "../context";
import { db, type Db } from "../db/client";
import type { Revision } from "../db/generated/client";
import { changeRequestPermissions } from "../policies/change-request";
import { changeRequestBase } from "./merge-base";
import { loadChangeRequest } from "./access";
import { premergeBodies, type PremergedBodies } from "./three-way";

/**
 * What merging or updating the change request involves, read without locks before the write
 * (revisions are immutable): the size of its changes and main's since its base, and the merges of
 * the page bodies both changed (`premergeBodies`: the slow part, kept out of the lock; the write
 * makes again any whose versions moved on meanwhile). A change request that does not exist, or
 * that the caller cannot see, prepares nothing: the write then says so.
 */
export async function prepareMerge(ctx: ServiceContext, spaceId: string, ref: string, type: "merge" | "update"): Promise<{ pages: number; premerged?: PremergedBodies }> {
  const access = await loadChangeRequest(db(), ctx.actor, spaceId, ref).catch(() => null);
  if (!access?.space.revisionId) return { pages: 0 };
  // No work for a caller the write will refuse.
  if (!changeRequestPermissions(access.role, access.space, access.changeRequest, access.userId)[type]) return { pages: 0 };
  const [main, base, proposed] = await revisions(db(), [access.space.revisionId, changeRequestBase(access.changeRequest), access.changeRequest.revisionId]);
  const [ours, theirs] = await Promise.all([changedEntries(db(), base, main), changedEntries(db(), base, proposed)]);
  // Only a three-way merge merges bodies: not a fast-forward, nor an update of a change request with no changes of its own.
  const threeWay = main.id !== base.id && proposed.id !== base.id;
  const sides = type === "merge" ? { ours: main, theirs: proposed } : { ours: proposed, theirs: main };
  return { pages: ours + theirs, premerged: threeWay ? await premergeBodies(db(), { base, ...sides, type }) : undefined };
}

/** The main revision, the change request's base and its current revision. */
export async function revisions(tx: Db, ids: [string, string, string]): Promise<[Revision, Revision, Revision]> {
  const rows = await tx.revision.findMany({ where: { id: { in: ids } } });
  const find = (id: string) => rows.find((row) => row.id === id)!;
  return [find(ids[0]), find(ids[1]), find(ids[2])];
}
