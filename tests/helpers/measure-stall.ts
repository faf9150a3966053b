import { performance } from "node:perf_hooks";

/** The longest any one request may block the event loop: part 6 of issue 7 (no request may stall the others). */
export const MAX_STALL_MS = 100;

/** How often the event loop's use is sampled while work runs. */
const SAMPLE_MS = 10;

/**
 * Runs `work` and answers its result with the longest the event loop was held by code running on
 * it meanwhile, in ms. The /v1 router runs in the test process, so a request that stalls the server
 * holds this loop. A timer ticks every 10 ms; between two ticks, the loop's utilization
 * (`performance.eventLoopUtilization`) splits the gap into time spent running code and time spent
 * in the poll. Only the first is a stall: on two cores a printing Chromium (which, as root, raises
 * its own threads' priority) can keep this thread off the CPU for 100 ms while it waits in the
 * poll, which is the machine's scheduling, not work a request put on the loop.
 */
export async function measureStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let longest = 0;
  let previous = performance.eventLoopUtilization();
  const sample = () => {
    const now = performance.eventLoopUtilization();
    longest = Math.max(longest, performance.eventLoopUtilization(now, previous).active);
    previous = now;
  };
  const timer = setInterval(sample, SAMPLE_MS);
  try {
    const result = await work();
    sample();
    return { result, stallMs: longest };
  } finally {
    clearInterval(timer);
  }
}
