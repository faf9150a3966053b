import { z } from "zod";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { Prisma } from "../db/generated/client";
import type { NotificationKind } from "./build";

/** A notification as the inbox's services return it: the row, its summary written when it was made. */
export type NotificationRecord = { id: string; kind: string; actorId: string | null; summary: Prisma.JsonValue; createdAt: Date; readAt: Date | null };

/** The inbox's filters by why one was notified: the kinds each takes in. */
export const NOTIFICATION_FILTERS = {
  mentions: ["mention"],
  comments: ["comment", "reply", "mention"],
  reviews: ["review_requested", "review_submitted", "change_request_merged"],
} as const satisfies Record<string, readonly NotificationKind[]>;
export type NotificationFilter = keyof typeof NOTIFICATION_FILTERS;
const notificationFilter = z.enum(Object.keys(NOTIFICATION_FILTERS) as [NotificationFilter, ...NotificationFilter[]]);

/** What the inbox may be narrowed to, beside paging: unread ones, one filter, one space. */
export const notificationQuery = z.object({
  unread: z.boolean().optional(),
  filter: notificationFilter.optional(),
  space: z.string().min(1).max(64).optional(),
});
export type NotificationQuery = z.infer<typeof notificationQuery>;

/**
 * The caller's notifications (narrowed by `query`) in the organizations they are still a member
 * of: leaving one, or its deletion, takes its notifications out of the inbox.
 */
export async function visible(ctx: ServiceContext, query: NotificationQuery): Promise<Prisma.NotificationWhereInput> {
  const memberships = await db().member.findMany({ where: { userId: ctx.actor.userId, organization: { deletedAt: null } }, select: { organizationId: true } });
  return {
    userId: ctx.actor.userId,
    organizationId: { in: memberships.map((member) => member.organizationId) },
    ...(query.unread ? { readAt: null } : {}),
    ...(query.filter ? { kind: { in: [...NOTIFICATION_FILTERS[query.filter]] } } : {}),
    ...(query.space ? { spaceId: query.space } : {}),
  };
}
