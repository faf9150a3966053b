import type { PageNode } from "./page-draft";

/**
 * The sortKey that puts a page at `at` (zero-based, clamped to the end; absent: the end) among
 * `siblings` (sorted, without the page). Fractional keys leave every sibling as it is. When the
 * neighbours leave no room (equal keys, or floating-point precision exhausted), the fewest
 * siblings around the position are spread out again, in a window that doubles until it fits:
 * `renumber` holds their new keys.
 */
export function sortKeyAt(siblings: readonly PageNode[], at: number | undefined): { sortKey: number; renumber?: Map<string, number> } {
  const count = siblings.length;
  const index = Math.min(at ?? count, count);
  for (let radius = 0; ; radius = Math.max(1, radius * 2)) {
    const low = Math.max(0, index - radius);
    const high = Math.min(count, index + radius);
    const keys = spread(low > 0 ? siblings[low - 1]!.sortKey : null, high < count ? siblings[high]!.sortKey : null, high - low + 1);
    if (!keys) continue;
    // The window in order: siblings before the position, the page, siblings after it.
    const sortKey = keys[index - low]!;
    const renumber = new Map<string, number>();
    for (let position = low; position < high; position++) {
      const key = keys[position < index ? position - low : position - low + 1]!;
      if (key !== siblings[position]!.sortKey) renumber.set(siblings[position]!.id, key);
    }
    return renumber.size > 0 ? { sortKey, renumber } : { sortKey };
  }
}

/** `slots` increasing keys strictly between `lower` and `upper` (null: unbounded), or null when they do not fit. */
function spread(lower: number | null, upper: number | null, slots: number): number[] | null {
  const start = lower ?? (upper === null ? 0 : upper - slots - 1);
  const step = lower !== null && upper !== null ? (upper - lower) / (slots + 1) : 1;
  const keys = Array.from({ length: slots }, (_, k) => start + step * (k + 1));
  const increasing = keys.every((key, k) => key > (k === 0 ? start : keys[k - 1]!));
  return increasing && (upper === null || keys[slots - 1]! < upper) ? keys : null;
}
