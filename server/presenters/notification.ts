import type { Urls } from "../http/urls";
import type { NotificationKind, NotificationSummary } from "../notifications/build";
import { describeNotification } from "../notifications/describe";
import type { NotificationRecord } from "../notifications/inbox";

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

export function presentNotification(row: NotificationRecord, urls: Urls): PresentedNotification {
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
    urls: { app: new URL(summary.path, urls.origin).toString() },
  };
}
