import { z } from "zod";
import { listNotifications, markNotificationsRead, markReadInput, unreadNotificationCount } from "../../notifications/inbox";
import { protectedProcedure, router } from "../init";

/** The signed-in user's inbox (the same service as `GET /v1/user/notifications`). */
export const notificationsRouter = router({
  list: protectedProcedure
    // Not strict: an infinite query adds its `direction`.
    .input(z.object({ cursor: z.string().max(200).nullish(), unread: z.boolean().optional(), limit: z.number().int().min(1).max(100).default(20) }))
    .query(async ({ ctx, input }) => {
      const { items, next } = await listNotifications(ctx, { page: input.cursor ?? undefined, limit: input.limit, unread: input.unread });
      return { items, ...(next ? { next } : {}) };
    }),
  unreadCount: protectedProcedure.query(({ ctx }) => unreadNotificationCount(ctx)),
  markRead: protectedProcedure.input(markReadInput).mutation(({ ctx, input }) => markNotificationsRead(ctx, input)),
});
