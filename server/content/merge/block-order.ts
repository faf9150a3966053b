/**
 * The order of a merged list of blocks (a container's children, or keyed parts of a block such
 * as a table's cells), when both sides may have inserted, deleted and moved blocks in it. Moves
 * never conflict; the rule is deterministic and does not depend on the merge's direction:
 *
 * - main's order is kept for every block the change request did not place;
 * - a block the change request placed (inserted, moved within the list or moved into it) goes
 *   right after the block its change request's version follows, so the change request's move
 *   wins when both sides moved a block;
 * - blocks inserted at one place on both sides all stay: main's first, then the change request's.
 */

/**
 * The keys of a side's list that kept their order relative to base: the longest run of them in
 * base's order (a longest increasing subsequence, O(n log n)); the others were moved by that side.
 */
export function keptInOrder(base: readonly string[], side: readonly string[]): Set<string> {
  const position = new Map(base.map((key, i) => [key, i]));
  const common = side.filter((key) => position.has(key));
  const tails: number[] = [];
  const previous = new Array<number>(common.length).fill(-1);
  common.forEach((key, i) => {
    const at = position.get(key)!;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (position.get(common[tails[middle]!]!)! < at) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[i] = tails[low - 1]!;
    tails[low] = i;
  });
  const kept = new Set<string>();
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i >= 0; i = previous[i]!) kept.add(common[i]!);
  return kept;
}

export type OrderInput = {
  /** main's list and the change request's. */
  main: readonly string[];
  changeRequest: readonly string[];
  /** The keys the merged list holds. */
  members: ReadonlySet<string>;
  /** Whether the change request placed the block here (inserted it, or moved it within or into this list). */
  placedByChangeRequest: (key: string) => boolean;
  /** Whether main inserted the block (it is in neither base nor the change request). */
  insertedByMain: (key: string) => boolean;
};

/** The merged list, in the order described above. */
export function mergeOrder(input: OrderInput): string[] {
  const { members } = input;
  // A linked list, so that each block the change request placed is inserted in constant time.
  const HEAD = "\u0000head";
  const next = new Map<string, string | undefined>();
  let tail = HEAD;
  for (const key of input.main) {
    if (!members.has(key) || input.placedByChangeRequest(key) || next.has(key)) continue;
    next.set(tail, key);
    tail = key;
  }
  next.set(tail, undefined);
  const placed = new Set(next.keys());
  placed.delete(HEAD);

  let anchor = HEAD;
  for (const key of input.changeRequest) {
    if (!members.has(key)) continue;
    if (!placed.has(key)) {
      // After the block it follows in the change request, past what main inserted right there.
      let at = anchor;
      for (let after = next.get(at); after !== undefined && input.insertedByMain(after); after = next.get(at)) at = after;
      next.set(key, next.get(at));
      next.set(at, key);
      placed.add(key);
    }
    anchor = key;
  }

  const order: string[] = [];
  for (let key = next.get(HEAD); key !== undefined; key = next.get(key)) order.push(key);
  // Members on neither list here (not expected) keep a place at the end rather than vanish.
  for (const key of members) if (!placed.has(key)) order.push(key);
  return order;
}
