/**
 * The CPU time `work` took in this process, in ms: what a bound on an algorithm's cost should read.
 * Unlike the wall clock, it does not grow while other processes hold the machine's two cores (the
 * build and the type-check run beside the unit tests), so a bound on it fails on quadratic work, not
 * on a busy machine. Each Vitest file runs in a process of its own, so no other test is counted.
 */
export function cpuMsOf<T>(work: () => T): { result: T; ms: number } {
  const started = process.cpuUsage();
  const result = work();
  return { result, ms: elapsedMs(started) };
}

/** `cpuMsOf` for asynchronous work: everything this process ran until it settled (libuv's threads included). */
export async function cpuMsOfAsync<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = process.cpuUsage();
  const result = await work();
  return { result, ms: elapsedMs(started) };
}

function elapsedMs(started: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
}
