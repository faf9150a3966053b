import type { TaskTable } from "../../server/workers/worker-protocol";

const spin = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end);
  return ms;
};

/** Tasks with a known cost, for testing the pool itself: time, stack, memory, steps, errors. */
export const fixtureTasks = {
  echo: (value: string) => value,
  spin,
  recurse: (depth: number) => {
    const down = (n: number): number => (n === 0 ? 0 : 1 + down(n - 1));
    return down(depth);
  },
  /** Holds `megabytes` of numbers at once. */
  allocate: (megabytes: number) => {
    const chunks: number[][] = [];
    for (let i = 0; i < megabytes; i++) chunks.push(new Array<number>(131_072).fill(i + 0.5));
    return chunks.length;
  },
  /** Spins each step's ms in turn, telling the pool as each step begins. */
  steps: (steps: number[], progress: (step: number) => void) => {
    steps.forEach((ms, step) => {
      progress(step);
      spin(ms);
    });
    return steps.length;
  },
  fail: (message: string) => {
    throw new Error(message);
  },
} satisfies TaskTable;
