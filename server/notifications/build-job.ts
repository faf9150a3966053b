import { z } from "zod";
import { defineJob } from "../jobs/job-kind";
import { buildNotifications } from "./build";

/**
 * Builds an event's notifications, sent by the notifications subscriber (subscriber.ts) once the write
 * recording the event has committed. Retried on failure; building twice adds nothing, so
 * at-least-once delivery gives exactly one notification per user.
 */
export const buildNotificationsJob = defineJob({
  name: "build-notifications",
  payload: z.object({ eventId: z.string() }),
  // Notified: workers start on it as the subscriber's batch commits (the inbox and its live count wait for it).
  queue: { notify: true, retryLimit: 5, retryDelay: 5, retryBackoff: true },
  work: { pollingIntervalSeconds: 1, batchSize: 4 },
  handle: async ({ eventId }) => ({ added: (await buildNotifications(eventId)).length }),
});
