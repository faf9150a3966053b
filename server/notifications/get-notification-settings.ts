import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { mailConfigured } from "../mail/mailer";

/** Whether the caller gets their notifications by email too, and whether this server can send any. */
export async function getNotificationSettings(ctx: ServiceContext): Promise<{ emailNotifications: boolean; emailAvailable: boolean }> {
  const user = await db().user.findUniqueOrThrow({ where: { id: ctx.actor.userId }, select: { emailNotifications: true } });
  return { emailNotifications: user.emailNotifications, emailAvailable: mailConfigured() };
}
