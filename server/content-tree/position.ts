import { z } from "zod";
import type { Db } from "../db/client";
import { badRequest, fieldError, sentence } from "../errors";
import { entityIdSchema } from "../ids";


/**
 * Collections and spaces share one order among their siblings (same organization, same
 * parent collection or the root), kept as a floating `sortKey`. Moving between two items
 * takes the midpoint; when floats run out of room, the siblings are renumbered.
 */

const pointerSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("space"), space: entityIdSchema }),
  z.object({ type: z.literal("collection"), collection: entityIdSchema }),
]);
export const contentPositionSchema = z.object({ before: pointerSchema.optional(), after: pointerSchema.optional() });
export type ContentPosition = z.infer<typeof contentPositionSchema>;
type Pointer = z.infer<typeof pointerSchema>;

type Sibling = { type: "space" | "collection"; id: string; sortKey: number };
export type TreeItem = { type: "space" | "collection"; id: string };

async function siblingsOf(tx: Db, organizationId: string, parentId: string | null, exclude?: TreeItem): Promise<Sibling[]> {
  const [collections, spaces] = await Promise.all([
    tx.collection.findMany({ where: { organizationId, parentId }, select: { id: true, sortKey: true } }),
    tx.space.findMany({ where: { organizationId, parentId, deletedAt: null }, select: { id: true, sortKey: true } }),
  ]);
  return [
    ...collections.map((c) => ({ type: "collection" as const, ...c })),
    ...spaces.map((s) => ({ type: "space" as const, ...s })),
  ]
    .filter((item) => !(exclude && item.type === exclude.type && item.id === exclude.id))
    .sort((a, b) => a.sortKey - b.sortKey || a.id.localeCompare(b.id));
}

const pointerId = (pointer: Pointer) => (pointer.type === "space" ? pointer.space : pointer.collection);

function indexOf(siblings: Sibling[], pointer: Pointer, field: "before" | "after", moving?: TreeItem): number {
  if (moving && pointer.type === moving.type && pointerId(pointer) === moving.id) {
    throw fieldError(`position.${field}`, "An item cannot be placed relative to itself");
  }
  const index = siblings.findIndex((item) => item.type === pointer.type && item.id === pointerId(pointer));
  if (index < 0) throw fieldError(`position.${field}`, sentence(`${pointer.type} ${pointerId(pointer)} is not in the target collection`));
  return index;
}

/** The sortKey placing an item at `position` among the children of `parentId` (the end by default). */
export async function sortKeyFor(
  tx: Db,
  input: { organizationId: string; parentId: string | null; position?: ContentPosition; moving?: TreeItem },
): Promise<number> {
  const siblings = await siblingsOf(tx, input.organizationId, input.parentId, input.moving);
  const { before, after } = input.position ?? {};
  // The slot is between siblings[slot - 1] and siblings[slot].
  let slot = siblings.length;
  if (before && after) {
    const beforeIndex = indexOf(siblings, before, "before", input.moving);
    const afterIndex = indexOf(siblings, after, "after", input.moving);
    if (afterIndex + 1 !== beforeIndex) throw fieldError("position", "`after` must come right before `before`");
    slot = beforeIndex;
  } else if (before) {
    slot = indexOf(siblings, before, "before", input.moving);
  } else if (after) {
    slot = indexOf(siblings, after, "after", input.moving) + 1;
  }
  const key = keyBetween(siblings[slot - 1]?.sortKey, siblings[slot]?.sortKey);
  if (key !== undefined) return key;
  await renumber(tx, siblings);
  return slot + 0.5;
}

function keyBetween(low: number | undefined, high: number | undefined): number | undefined {
  if (low === undefined && high === undefined) return 1;
  if (low === undefined) return high! - 1;
  if (high === undefined) return low + 1;
  const middle = low + (high - low) / 2;
  return middle > low && middle < high ? middle : undefined;
}

/** Rewrites sibling keys to 1, 2, 3...; sibling i then sits at key i + 1. */
async function renumber(tx: Db, siblings: Sibling[]): Promise<void> {
  for (const [index, item] of siblings.entries()) {
    const data = { sortKey: index + 1 };
    if (item.type === "space") await tx.space.update({ where: { id: item.id }, data });
    else await tx.collection.update({ where: { id: item.id }, data });
  }
}

/**
 * Places a moving item: computes its key under `toParentId` at `position` (the end by default),
 * lets `apply` write it, and refuses a move that leaves the item where it was (a 400; throwing
 * rolls back the caller's transaction, renumbering included).
 */
export async function moveInTree<T>(
  tx: Db,
  input: { organizationId: string; fromParentId: string | null; toParentId: string | null; position?: ContentPosition; moving: TreeItem },
  apply: (sortKey: number) => Promise<T>,
): Promise<T> {
  const sameParent = input.fromParentId === input.toParentId;
  const order = async () => (await siblingsOf(tx, input.organizationId, input.toParentId)).map((item) => `${item.type}:${item.id}`).join();
  const before = sameParent ? await order() : "";
  const result = await apply(
    await sortKeyFor(tx, { organizationId: input.organizationId, parentId: input.toParentId, position: input.position, moving: input.moving }),
  );
  if (sameParent && (await order()) === before) {
    throw badRequest(`The move would change nothing: ${input.moving.type} ${input.moving.id} is already at that place.`);
  }
  return result;
}
