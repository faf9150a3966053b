import { z } from "zod";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { badRequest, fieldError } from "../errors";
import { decodeKeysetCursor, encodeKeysetCursor, type ListParams, type ListResult } from "../pagination";
import type { NotificationKind, NotificationSummary } from "./build";
import { describeNotification } from "./describe";

/** A notification as the inbox, tRPC and `GET /v1/user/notifications` present it. */
export type PresentedNotification = {
  object: "notification";
  id: string;
  kind: NotificationKind;
  /** Who did what where, in one sentence. */
  text: string;
  actor: { id: string; displayName: string } | null;
  space: { id: string; title: string };
  changeRequest: { id: string; number: number; subject: string } | null;
  commentId: string | null;
  excerpt: string | null;
  createdAt: string;
  readAt: string | null;
  urls: { app: string };
};

type Row = { id: string; kind: string; actorId: string | null; summary: Prisma.JsonValue; createdAt: Date; readAt: Date | null };

function present(row: Row, baseUrl: string): PresentedNotification {
  const summary = row.summary as NotificationSummary;
  const kind = row.kind as NotificationKind;
  return {
    object: "notification",
    id: row.id,
    kind,
    text: describeNotification(kind, summary),
    actor: row.actorId ? { id: row.actorId, displayName: summary.actorName ?? "" } : null,
    space: { id: summary.spaceId, title: summary.spaceTitle },
    changeRequest: summary.changeRequest,
    commentId: summary.commentId,
    excerpt: summary.excerpt,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    urls: { app: new URL(summary.path, baseUrl).toString() },
  };
}

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
async function visible(ctx: ServiceContext, query: NotificationQuery): Promise<Prisma.NotificationWhereInput> {
  const memberships = await db().member.findMany({ where: { userId: ctx.actor.userId, organization: { deletedAt: null } }, select: { organizationId: true } });
  return {
    userId: ctx.actor.userId,
    organizationId: { in: memberships.map((member) => member.organizationId) },
    ...(query.unread ? { readAt: null } : {}),
    ...(query.filter ? { kind: { in: [...NOTIFICATION_FILTERS[query.filter]] } } : {}),
    ...(query.space ? { spaceId: query.space } : {}),
  };
}

/** Newest first: by the time of the event (then id), paged by both. */
export async function listNotifications(ctx: ServiceContext, params: ListParams & NotificationQuery): Promise<ListResult<PresentedNotification>> {
  const cursor = decodeKeysetCursor(params.page);
  const before = cursor?.value ? new Date(cursor.value) : null;
  if (cursor && (!before || Number.isNaN(before.getTime()))) throw fieldError("page", "Not a valid page cursor");
  const where = await visible(ctx, params);
  const [rows, count] = await Promise.all([
    db().notification.findMany({
      where: { ...where, ...(before && cursor ? { OR: [{ createdAt: { lt: before } }, { createdAt: before, id: { lt: cursor.id } }] } : {}) },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: params.limit + 1,
      select: { id: true, kind: true, actorId: true, summary: true, createdAt: true, readAt: true },
    }),
    db().notification.count({ where }),
  ]);
  const items = rows.slice(0, params.limit);
  const last = items[items.length - 1];
  return {
    items: items.map((row) => present(row, ctx.baseUrl)),
    count,
    ...(rows.length > params.limit && last ? { next: { page: encodeKeysetCursor(last.createdAt.toISOString(), last.id) } } : {}),
  };
}

export async function unreadNotificationCount(ctx: ServiceContext): Promise<{ count: number }> {
  return { count: await db().notification.count({ where: await visible(ctx, { unread: true }) }) };
}

/** The spaces the caller's inbox speaks of, by title (as it was when notified), for its space filter. */
export async function notificationSpaces(ctx: ServiceContext): Promise<{ items: { id: string; title: string }[] }> {
  const where = await visible(ctx, {});
  const spaces = await db().notification.findMany({ where, distinct: ["spaceId"], select: { spaceId: true }, take: 200 });
  const rows = await db().space.findMany({ where: { id: { in: spaces.flatMap((row) => (row.spaceId ? [row.spaceId] : [])) }, deletedAt: null }, select: { id: true, title: true }, orderBy: [{ title: "asc" }, { id: "asc" }] });
  return { items: rows };
}

export const markReadInput = z
  .object({
    ids: z.array(z.string().min(1).max(64)).min(1).max(100).optional(),
    all: z.literal(true).optional(),
  })
  .strict();

/** Marks some of the caller's notifications read (`ids`; others' ids change nothing), or all of them. Returns how many were unread. */
export async function markNotificationsRead(ctx: ServiceContext, input: z.infer<typeof markReadInput>): Promise<{ count: number }> {
  if (Boolean(input.ids) === Boolean(input.all)) throw badRequest("Give either `ids` or `all: true`.");
  const { count } = await db().notification.updateMany({
    where: { userId: ctx.actor.userId, readAt: null, ...(input.ids ? { id: { in: input.ids } } : {}) },
    data: { readAt: new Date() },
  });
  return { count };
}
