/**
 * When a failed delivery is tried again: 5 s after the first failure, doubling up to an hour, with
 * jitter (a random 50–100 % of the step) so that receivers coming back are not hit by every
 * subscriber at once. `QUIRE_DELIVERY_BACKOFF_MS` replaces the first step (tests use a few ms).
 */
const FIRST_STEP_MS = 5_000;
const MAX_STEP_MS = 60 * 60_000;

/** How long deliveries are retried, counted from the delivery's creation, before they are marked failed. */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;

export function retryDelayMs(failedAttempts: number, random: () => number = Math.random): number {
  const first = Number(process.env.QUIRE_DELIVERY_BACKOFF_MS) || FIRST_STEP_MS;
  const step = Math.min(MAX_STEP_MS, first * 2 ** Math.min(Math.max(failedAttempts - 1, 0), 30));
  return Math.round(step * (0.5 + random() / 2));
}
