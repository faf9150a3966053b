import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { excerptOf } from "../comments/mentions";
import { loadOrganization, visibleContentFilters } from "../policies/access";

/** Most items each list of the home page shows: it points at work, the full lists are a click away. */
const SHOWN = 8;

export type WaitingChangeRequest = { spaceId: string; spaceTitle: string; number: number; subject: string; status: string; updatedAt: string };
export type WaitingMention = { id: string; spaceId: string | null; spaceTitle: string; actorName: string; excerpt: string; path: string; createdAt: string };

/**
 * What waits on the caller in one organization, for its home page: the reviews asked of them and
 * not yet given (no review of theirs since the request), the mentions they have not read, and
 * their own draft and open change requests. Only spaces they can still see count, by the same
 * filter every list of the organization applies.
 */
export async function getWaitingForMe(ctx: ServiceContext, organizationId: string) {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  const { spaceWhere } = await visibleContentFilters(db(), access);
  const userId = ctx.actor.userId;
  const visibleSpace = { AND: [{ organizationId: access.organization.id, deletedAt: null }, spaceWhere] };

  const [requested, mine, mentions] = await Promise.all([
    db().changeRequestReviewRequest.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, take: 200 }),
    db().changeRequest.findMany({
      where: { createdById: userId, status: { in: ["draft", "open"] }, space: visibleSpace },
      include: { space: { select: { title: true } } },
      orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
      take: SHOWN,
    }),
    db().notification.findMany({
      where: { userId, organizationId: access.organization.id, kind: "mention", readAt: null },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: SHOWN,
    }),
  ]);

  const asked = await db().changeRequest.findMany({
    where: { id: { in: requested.map((request) => request.changeRequestId) }, status: { in: ["draft", "open"] }, space: visibleSpace },
    include: { space: { select: { title: true } } },
  });
  const reviews = await db().changeRequestReview.findMany({
    where: { reviewerId: userId, changeRequestId: { in: asked.map((changeRequest) => changeRequest.id) } },
    select: { changeRequestId: true, createdAt: true },
  });
  const askedAt = new Map(requested.map((request) => [request.changeRequestId, request.createdAt]));
  const answered = (changeRequestId: string) => reviews.some((review) => review.changeRequestId === changeRequestId && review.createdAt >= askedAt.get(changeRequestId)!);
  const reviewsRequested = asked
    .filter((changeRequest) => !answered(changeRequest.id))
    .sort((a, b) => askedAt.get(b.id)!.getTime() - askedAt.get(a.id)!.getTime())
    .slice(0, SHOWN);

  const present = (changeRequest: (typeof mine)[number]): WaitingChangeRequest => ({
    spaceId: changeRequest.spaceId,
    spaceTitle: changeRequest.space.title,
    number: changeRequest.number,
    subject: changeRequest.subject,
    status: changeRequest.status,
    updatedAt: changeRequest.updatedAt.toISOString(),
  });
  return {
    reviewsRequested: reviewsRequested.map(present),
    mentions: mentions.map((notification): WaitingMention => {
      const summary = notification.summary as { actorName?: string; spaceTitle?: string; excerpt?: string; path?: string };
      return {
        id: notification.id,
        spaceId: notification.spaceId,
        spaceTitle: summary.spaceTitle ?? "",
        actorName: summary.actorName ?? "Someone",
        excerpt: excerptOf(summary.excerpt ?? ""),
        path: summary.path ?? `/o/${access.organization.id}`,
        createdAt: notification.createdAt.toISOString(),
      };
    }),
    myChangeRequests: mine.map(present),
  };
}
