import { z } from "zod";
import { backgroundPublicOrigin } from "../config";
import { db, type Db } from "../db/client";
import { enqueue } from "../jobs/enqueue";
import { defineJob } from "../jobs/job-kind";
import { mailConfigured, sendMail } from "../mail/mailer";
import { notificationMessage } from "./email";
import type { NotificationKind, NotificationSummary } from "./build";

/**
 * Mails a notification to a user who asked for email (`User.emailNotifications`), after the
 * notification commits. `emailedAt` marks it sent, so a retry after a successful send sends nothing
 * (a crash between the two may send it twice: mail is at-least-once). Its links are on the public
 * origin (`backgroundPublicOrigin`).
 */
export const notificationEmailJob = defineJob({
  name: "notification-email",
  payload: z.object({ notificationId: z.string() }),
  queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  work: { pollingIntervalSeconds: 1 },
  handle: ({ notificationId }) => mailNotification(notificationId),
});

/** Within the transaction adding notifications: those of users who want email are mailed once it commits (when mail is set up). */
export async function enqueueNotificationEmails(tx: Db, notificationIds: string[]): Promise<void> {
  if (!mailConfigured() || notificationIds.length === 0) return;
  const wanted = await tx.$queryRaw<{ id: string }[]>`
    SELECT n.id FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.id = ANY(${notificationIds}::text[]) AND u.email_notifications`;
  for (const { id } of wanted) await enqueue(tx, notificationEmailJob, { notificationId: id });
}

async function mailNotification(notificationId: string): Promise<{ mailed: boolean }> {
  const notification = await db().notification.findUnique({ where: { id: notificationId }, select: { userId: true, kind: true, summary: true, emailedAt: true } });
  const user = notification && (await db().user.findUnique({ where: { id: notification.userId }, select: { email: true, emailNotifications: true } }));
  // Gone, already mailed, or the user turned email off meanwhile.
  if (!notification || !user || notification.emailedAt || !user.emailNotifications) return { mailed: false };
  await sendMail(notificationMessage(user.email, notification.kind as NotificationKind, notification.summary as NotificationSummary, backgroundPublicOrigin()));
  await db().notification.updateMany({ where: { id: notificationId, emailedAt: null }, data: { emailedAt: new Date() } });
  return { mailed: true };
}
