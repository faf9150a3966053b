import type { Queue, SendOptions, WorkOptions } from "pg-boss";
import type { z } from "zod";

/**
 * A kind of background job, declared once: its queue's name and policy (retries, expiry,
 * deduplication), the schema of its payload, how workers take it, its schedule if it recurs,
 * and its handler. The queue (server/jobs/queue.ts) creates, works and schedules every kind in
 * the registry (server/jobs/registry.ts) from these declarations alone.
 */
export type JobKind<Payload> = {
  name: string;
  payload: z.ZodType<Payload>;
  /** Options of the queue: policy, retries, expiry, heartbeat, notify. */
  queue: Omit<Queue, "name">;
  /** Options of each job sent, when they depend on its payload (e.g. its time limit). */
  sendOptions?: (payload: Payload) => SendOptions;
  /** Jobs of a kind deduplicated by its policy carry this key (e.g. one queued job per space). */
  singletonKey?: (payload: Payload) => string;
  work: WorkOptions;
  /** Cron expression (UTC) of a recurring job; it is then sent with an empty payload. */
  schedule?: string;
  /** Does the job's work; what it returns becomes the job's output. */
  handle(payload: Payload): Promise<unknown>;
};

/** A kind of any payload, for lists of kinds (the payload is checked by its schema when a job runs). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobKind = JobKind<any>;

export function defineJob<Payload>(kind: JobKind<Payload>): JobKind<Payload> {
  return kind;
}
