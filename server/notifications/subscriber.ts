import { defineSubscriber } from "../events/subscriber";
import { enqueue } from "../jobs/enqueue";
import { buildNotificationsJob } from "./build-job";

/**
 * Notifications: for the actions that notify someone (build.ts says whom), a job building the
 * event's notifications, sent in the dispatcher's transaction (so once per event; the job itself is
 * retried, and building twice adds nothing). Each event's job stands alone: they need no order.
 */
export const notificationsSubscriber = defineSubscriber({
  name: "notifications",
  ordered: false,
  actions: ["comment.posted", "comment.edited", "comment_reply.posted", "comment_reply.edited", "review.requested", "review.submitted", "change_request.merged"],
  handle: async (tx, events) => {
    for (const event of events) await enqueue(tx, buildNotificationsJob, { eventId: event.id });
  },
});
