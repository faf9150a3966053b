import { z } from "zod";
import { listNotifications, markNotificationsRead, markReadInput, unreadNotificationCount } from "../../notifications/inbox";
import { protectedProcedure, router } from "../init";

/** The signed-in user's inbox (the same service as `GET /v1/user/notifications`). */
export const notificationsRouter = router({
  list: protectedProcedure
    .input(z.object({ cursor: z.string().max(200).optional(), unread: z.boolean().optional(), limit: z.number().int().min(1).max(100).default(20) }).strict())
    .query(async ({ ctx, input }) => {
      const { items, next } = await listNotifications(ctx, { page: input.cursor, limit: input.limit, unread: input.unread });
      return { items, ...(next ? { next } : {}) };
    }),
  unreadCount: protectedProcedure.query(({ ctx }) => unreadNotificationCount(ctx)),
  markRead: protectedProcedure.input(markReadInput).mutation(({ ctx, input }) => markNotificationsRead(ctx, input)),
});
