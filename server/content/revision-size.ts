import type { Db } from "../db/client";
import type { Revision } from "../db/generated/client";
import { ObjectStore } from "./store/object-store";
import { trieDiff, trieSize } from "./store/trie";

/**
 * How many pages and files differ between two revisions of a space: the size of a change, read
 * before a write that will apply it so that the write's time limit fits it. Revisions are
 * immutable, so this needs no lock; the diff skips every subtree the two share.
 */
export async function changedEntries(tx: Db, from: Pick<Revision, "spaceId" | "root">, to: Pick<Revision, "root">): Promise<number> {
  if (from.root === to.root) return 0;
  return (await trieDiff(new ObjectStore(tx, from.spaceId), from.root, to.root)).size;
}

/** How many pages and files a revision holds (one object read). */
export function revisionSize(tx: Db, revision: Pick<Revision, "spaceId" | "root">): Promise<number> {
  return trieSize(new ObjectStore(tx, revision.spaceId), revision.root);
}
