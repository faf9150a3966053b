import { getHeapStatistics } from "node:v8";

/** Heap growth since the last collection below which a quiet spell has too little to give back to pause for. */
const WORTH_COLLECTING_BYTES = 32 * 1024 * 1024;

type Collection = { collect: () => void; heapBytes: () => number };

/**
 * Gives the app server's memory back once it goes quiet. V8 keeps the heap it grew under load: after
 * a soak, 200 MB of heap held 150 MB, and V8's own memory reducer had not run a minute later. A
 * last-resort collection compacts the heap to what it holds and returns the rest to the system.
 * It pauses the server for a few hundred milliseconds, so it runs only after `quietMs` without a
 * request, once per quiet spell, and when the heap grew since the last one.
 */
export function collectWhenQuiet(quietMs: number, collection: Collection | undefined = lastResortCollection()): { request: () => void } {
  let timer: NodeJS.Timeout | undefined;
  let heapAfterLast = 0;
  const collectIfGrown = () => {
    if (!collection || collection.heapBytes() - heapAfterLast < WORTH_COLLECTING_BYTES) return;
    collection.collect();
    heapAfterLast = collection.heapBytes();
  };
  return {
    /** Called as each request arrives: the quiet spell starts over. */
    request() {
      if (!collection) return;
      clearTimeout(timer);
      timer = setTimeout(collectIfGrown, quietMs);
      timer.unref();
    },
  };
}

/** V8's full collection that also shrinks the heap, when the process runs with `--expose-gc` (the production server's flags). */
function lastResortCollection(): Collection | undefined {
  const gc = globalThis.gc;
  if (!gc) return undefined;
  return { collect: () => void gc({ type: "major", execution: "sync", flavor: "last-resort" }), heapBytes: () => getHeapStatistics().total_heap_size };
}
