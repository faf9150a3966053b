import { z } from "zod";
import type { Db } from "../db/client";
import type { EventAction } from "../events/actions";
import { enqueue } from "../jobs/enqueue";
import { defineJob } from "../jobs/job-kind";
import { buildNotifications } from "./build";

/** The actions whose events notify someone (server/notifications/build.ts says whom). */
const NOTIFYING_ACTIONS = new Set<EventAction>([
  "comment.posted",
  "comment.edited",
  "comment_reply.posted",
  "comment_reply.edited",
  "review.requested",
  "review.submitted",
  "change_request.merged",
]);

/**
 * Builds an event's notifications after the write that recorded it commits. Retried on failure;
 * building twice adds nothing, so at-least-once delivery gives exactly one notification per user.
 */
export const buildNotificationsJob = defineJob({
  name: "build-notifications",
  payload: z.object({ eventId: z.string(), baseUrl: z.string() }),
  // Notified: workers start on it as the write commits (the inbox and its live count wait for it).
  queue: { notify: true, retryLimit: 5, retryDelay: 5, retryBackoff: true },
  work: { pollingIntervalSeconds: 1, batchSize: 4 },
  handle: async ({ eventId, baseUrl }) => ({ added: (await buildNotifications(eventId, baseUrl)).length }),
});

/** Within the transaction recording an event: its notifications are built once it commits (for the actions that notify). */
export async function notifyAboutEvent(tx: Db, eventId: string, action: EventAction, baseUrl: string): Promise<void> {
  if (NOTIFYING_ACTIONS.has(action)) await enqueue(tx, buildNotificationsJob, { eventId, baseUrl });
}
