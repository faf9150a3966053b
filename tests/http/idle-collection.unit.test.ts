import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { collectWhenQuiet } from "../../scripts/idle-collection";

const MB = 1024 * 1024;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A heap of `heap` bytes that a collection shrinks to `live`. */
function fakeHeap(heap: number, live: number) {
  const state = { heap, collections: 0 };
  const collection = {
    collect: () => {
      state.collections++;
      state.heap = live;
    },
    heapBytes: () => state.heap,
  };
  return { state, collection };
}

test("the heap is collected once the server has had no request for the quiet time, once per quiet spell", () => {
  const { state, collection } = fakeHeap(300 * MB, 150 * MB);
  const quiet = collectWhenQuiet(10_000, collection);
  quiet.request();
  vi.advanceTimersByTime(9_000);
  quiet.request();
  vi.advanceTimersByTime(9_000);
  expect(state.collections).toBe(0);
  vi.advanceTimersByTime(1_000);
  expect(state.collections).toBe(1);
  vi.advanceTimersByTime(60_000);
  expect(state.collections).toBe(1);
});

test("a quiet spell after which the heap has not grown since the last collection costs no pause", () => {
  const { state, collection } = fakeHeap(300 * MB, 150 * MB);
  const quiet = collectWhenQuiet(10_000, collection);
  quiet.request();
  vi.advanceTimersByTime(10_000);
  quiet.request();
  state.heap += 8 * MB;
  vi.advanceTimersByTime(10_000);
  expect(state.collections).toBe(1);
  quiet.request();
  state.heap += 64 * MB;
  vi.advanceTimersByTime(10_000);
  expect(state.collections).toBe(2);
});
