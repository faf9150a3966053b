import { z } from "zod";
import { defineJob } from "../jobs/job-kind";
import { deliverPending } from "./deliver";

/** Who receives deliveries: an installation, an integration itself (tasks), or a webhook. */
const subscriberSchema = z.object({ kind: z.enum(["installation", "integration", "webhook"]), id: z.string().min(1).max(100) });
export type Subscriber = z.infer<typeof subscriberSchema>;

export function subscriberKey(subscriber: Subscriber): string {
  return `${subscriber.kind}:${subscriber.id}`;
}

/** The subscriber of a delivery row: its webhook, else its installation, else its integration itself. */
export function subscriberOf(row: { webhook_id: string | null; installation_id: string | null; integration_id: string | null }): Subscriber {
  if (row.webhook_id) return { kind: "webhook", id: row.webhook_id };
  if (row.installation_id) return { kind: "installation", id: row.installation_id };
  return { kind: "integration", id: row.integration_id! };
}

/**
 * Delivers one subscriber's due deliveries, one at a time in position order (server/deliveries/deliver.ts).
 * Sent in the transaction recording events (`at` absent: as soon as it commits, one queued per
 * subscriber — `stately`) and by a run that leaves a delivery waiting for its next attempt (`at`: that
 * time; keyed by it, so runs computing the same time send one wake-up, and a waiting wake-up never
 * holds back the next immediate run).
 */
export const deliverEventsJob = defineJob({
  name: "deliver-events",
  payload: z.object({ subscriber: subscriberSchema, at: z.iso.datetime().optional() }),
  queue: {
    policy: "stately",
    notify: true,
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    heartbeatSeconds: 10,
  },
  singletonKey: ({ subscriber, at }) => (at ? `${subscriberKey(subscriber)}@${at}` : subscriberKey(subscriber)),
  sendOptions: ({ at }) => (at ? { startAfter: new Date(at) } : {}),
  // Subscribers are independent: several at once per server, each one at a time.
  work: { localConcurrency: 4, batchSize: 1, notifyPollingIntervalSeconds: 2 },
  handle: ({ subscriber }) => deliverPending(subscriber),
});
