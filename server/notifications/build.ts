import { db, type Db } from "../db/client";
import { newId } from "../ids";
import { notifyLive } from "../live/messages";
import { usersWithSpacePermission } from "../policies/space-roles";
import { enqueueNotificationEmails } from "./email-job";
import { inTransaction } from "../db/transaction";

/** Why someone is notified (`notifications.kind`). */
export const NOTIFICATION_KINDS = ["mention", "reply", "comment", "review_requested", "review_submitted", "change_request_merged"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What the inbox shows of a notification without loading its target again. */
export type NotificationSummary = {
  action: string;
  actorName: string | null;
  organizationId: string;
  spaceId: string;
  spaceTitle: string;
  changeRequest: { id: string; number: number; subject: string } | null;
  commentId: string | null;
  replyId: string | null;
  pageId: string | null;
  reviewStatus: string | null;
  excerpt: string | null;
  /** The app path of the thread or change request, from the comment's target. */
  path: string;
};

const EXCERPT_LENGTH = 280;
/** One event notifies at most this many people (a review asked of a whole team, say). */
const MAX_RECIPIENTS = 500;

type EventRow = { id: string; occurredAt: Date; organizationId: string; action: string; actorType: string; actorId: string; actorLabel: string | null; targetType: string; targetId: string; payload: unknown };

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);
const stringOr = (value: unknown): string | null => (typeof value === "string" ? value : null);

/**
 * Builds the notifications of one committed domain event (the job of server/notifications/build-job.ts):
 * who it concerns, minus its actor and anyone who can no longer view its space, one notification each
 * (a mention beats a reply). Building again adds nothing (one notification per user and event), so the
 * job may run more than once. Returns the ids of the notifications it added.
 */
export async function buildNotifications(eventId: string): Promise<string[]> {
  const event = await db().domainEvent.findUnique({
    where: { id: eventId },
    select: { id: true, occurredAt: true, organizationId: true, action: true, actorType: true, actorId: true, actorLabel: true, targetType: true, targetId: true, payload: true },
  });
  if (!event) return [];
  const payload = (event.payload ?? {}) as Record<string, unknown>;
  const changeRequestId = stringOr(payload.changeRequestId) ?? (event.targetType === "change_request" ? event.targetId : null);
  const changeRequest = changeRequestId
    ? await db().changeRequest.findUnique({ where: { id: changeRequestId }, select: { id: true, number: true, subject: true, spaceId: true, createdById: true } })
    : null;
  const spaceId = stringOr(payload.spaceId) ?? changeRequest?.spaceId ?? null;
  const space = spaceId
    ? await db().space.findUnique({ where: { id: spaceId }, select: { id: true, title: true, organizationId: true, defaultLevel: true, parentId: true, editMode: true, deletedAt: true } })
    : null;
  if (!space || space.deletedAt) return [];

  const recipients = await recipientsOf(event, payload, changeRequest, space.id);
  recipients.delete(event.actorId);
  const candidates = [...recipients].slice(0, MAX_RECIPIENTS);
  // Only who can still view the space, by the rule every read of it applies.
  const viewers = new Set(await usersWithSpacePermission(db(), space, candidates.map(([userId]) => userId), "view"));
  const allowed = candidates.filter(([userId]) => viewers.has(userId));
  if (allowed.length === 0) return [];

  const commentId = stringOr(payload.commentId);
  const comment = commentId ? await db().comment.findUnique({ where: { id: commentId }, select: { targetPageId: true } }) : null;
  // Deleted before its notifications were built: nothing to point at.
  if (commentId && !comment) return [];
  const pageId = stringOr(payload.pageId) ?? comment?.targetPageId ?? null;
  // An integration or installation acting is no user: named by its label alone.
  const actor = event.actorType === "user" ? await db().user.findUnique({ where: { id: event.actorId }, select: { displayName: true } }) : null;
  const summary: NotificationSummary = {
    action: event.action,
    actorName: actor?.displayName ?? event.actorLabel,
    organizationId: space.organizationId,
    spaceId: space.id,
    spaceTitle: space.title,
    changeRequest: changeRequest ? { id: changeRequest.id, number: changeRequest.number, subject: changeRequest.subject } : null,
    commentId,
    replyId: stringOr(payload.replyId),
    pageId,
    reviewStatus: stringOr(payload.status),
    excerpt: stringOr(payload.excerpt)?.slice(0, EXCERPT_LENGTH) ?? null,
    path: appPath(space, changeRequest, pageId, commentId),
  };

  return inTransaction(async (tx) => {
    const added: string[] = [];
    for (const [userId, kind] of allowed) {
      const id = await insertNotification(tx, { userId, kind, event, summary, changeRequestId: changeRequest?.id ?? null, commentId });
      if (!id) continue;
      added.push(id);
      await notifyLive(tx, { topic: "user", userId });
    }
    await enqueueNotificationEmails(tx, added);
    return added;
  }, "record");
}

/** Who an event concerns, and why. */
async function recipientsOf(
  event: EventRow,
  payload: Record<string, unknown>,
  changeRequest: { id: string; createdById: string } | null,
  spaceId: string,
): Promise<Map<string, NotificationKind>> {
  const recipients = new Map<string, NotificationKind>();
  const add = (userIds: string[], kind: NotificationKind) => {
    for (const userId of userIds) if (!recipients.has(userId)) recipients.set(userId, kind);
  };
  switch (event.action) {
    case "comment.posted":
      add(strings(payload.mentions), "mention");
      // A new thread on a page of the space (not one on a change request: its review has its own people).
      if (!changeRequest) add(await spaceOwners(event.organizationId, spaceId), "comment");
      break;
    case "comment.edited":
    case "comment_reply.edited":
      add(strings(payload.mentions), "mention");
      break;
    case "comment_reply.posted": {
      add(strings(payload.mentions), "mention");
      const commentId = stringOr(payload.commentId);
      const comment = commentId ? await db().comment.findUnique({ where: { id: commentId }, select: { authorId: true } }) : null;
      if (comment) add([comment.authorId], "reply");
      if (commentId) {
        const repliers = await db().commentReply.findMany({ where: { commentId }, select: { authorId: true }, distinct: ["authorId"], take: MAX_RECIPIENTS });
        add(repliers.map((reply) => reply.authorId), "reply");
      }
      break;
    }
    case "review.requested":
      add(strings(payload.users), "review_requested");
      break;
    case "review.submitted":
      if (changeRequest) add([changeRequest.createdById], "review_submitted");
      break;
    case "change_request.merged":
      if (changeRequest) {
        const reviews = await db().changeRequestReview.findMany({ where: { changeRequestId: changeRequest.id }, select: { reviewerId: true }, distinct: ["reviewerId"], take: MAX_RECIPIENTS });
        add(reviews.map((review) => review.reviewerId), "change_request_merged");
      }
      break;
  }
  return recipients;
}

/**
 * A space's owners, told of every new thread on its pages: who created the space (or duplicated
 * it into being: the actor of its `space.created`/`space.duplicated` record) and who was made
 * admin of that space itself (a direct grant, not an organization role or a team's), since
 * those are the people answerable for its content. The organization's admins are not owners of
 * every space: they would hear of every comment everywhere.
 */
export async function spaceOwners(organizationId: string, spaceId: string): Promise<string[]> {
  const [creations, admins] = await Promise.all([
    db().domainEvent.findMany({
      where: { organizationId, targetId: spaceId, action: { in: ["space.created", "space.duplicated"] }, actorType: "user" },
      select: { actorId: true },
      take: 1,
    }),
    db().contentGrant.findMany({ where: { spaceId, role: "admin", userId: { not: null } }, select: { userId: true }, take: MAX_RECIPIENTS }),
  ]);
  return [...new Set([...creations.map((event) => event.actorId), ...admins.map((grant) => grant.userId!)])];
}

/** The app path showing what a notification is about: the change request's review screen, or the space's page. */
export function appPath(space: { id: string; organizationId: string }, changeRequest: { number: number } | null, pageId: string | null, commentId: string | null): string {
  const base = `/o/${encodeURIComponent(space.organizationId)}/s/${encodeURIComponent(space.id)}`;
  const where = changeRequest ? `${base}/change-requests/${changeRequest.number}` : pageId ? `${base}/p/${encodeURIComponent(pageId)}` : base;
  return commentId ? `${where}?comment=${encodeURIComponent(commentId)}` : where;
}

async function insertNotification(
  tx: Db,
  input: { userId: string; kind: NotificationKind; event: EventRow; summary: NotificationSummary; changeRequestId: string | null; commentId: string | null },
): Promise<string | null> {
  const id = newId();
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO notifications (id, user_id, organization_id, event_id, kind, actor_id, space_id, change_request_id, comment_id, summary, created_at)
    VALUES (${id}, ${input.userId}, ${input.event.organizationId}, ${input.event.id}, ${input.kind}, ${input.event.actorType === "user" ? input.event.actorId : null}, ${input.summary.spaceId},
            ${input.changeRequestId}, ${input.commentId}, ${JSON.stringify(input.summary)}::jsonb, ${input.event.occurredAt})
    ON CONFLICT (user_id, event_id) DO NOTHING
    RETURNING id`;
  return rows[0]?.id ?? null;
}
