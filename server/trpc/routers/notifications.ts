import { z } from "zod";
import { notificationQuery } from "../../notifications/inbox";
import { listNotifications } from "../../notifications/list-notifications";
import { markNotificationsRead, markReadInput } from "../../notifications/mark-notifications-read";
import { notificationSpaces } from "../../notifications/notification-spaces";
import { unreadNotificationCount } from "../../notifications/unread-notification-count";
import { presentNotification } from "../../presenters/notification";
import { protectedProcedure, router } from "../init";

/** The signed-in user's inbox (the same service as `GET /v1/user/notifications`). */
export const notificationsRouter = router({
  list: protectedProcedure
    // Not strict: an infinite query adds its `direction`.
    .input(notificationQuery.extend({ cursor: z.string().max(200).nullish(), limit: z.number().int().min(1).max(100).default(20) }))
    .query(async ({ ctx, input: { cursor, ...query } }) => {
      const { items, next } = await listNotifications(ctx, { ...query, page: cursor ?? undefined });
      return { items: items.map((row) => presentNotification(row, ctx.urls)), ...(next ? { next } : {}) };
    }),
  spaces: protectedProcedure.query(({ ctx }) => notificationSpaces(ctx)),
  unreadCount: protectedProcedure.query(({ ctx }) => unreadNotificationCount(ctx)),
  markRead: protectedProcedure.input(markReadInput).mutation(({ ctx, input }) => markNotificationsRead(ctx, input)),
});
