import { z } from "zod";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { mailConfigured } from "../mail/mailer";

/** Whether the caller gets their notifications by email too, and whether this server can send any. */
export async function getNotificationSettings(ctx: ServiceContext): Promise<{ emailNotifications: boolean; emailAvailable: boolean }> {
  const user = await db().user.findUniqueOrThrow({ where: { id: ctx.actor.userId }, select: { emailNotifications: true } });
  return { emailNotifications: user.emailNotifications, emailAvailable: mailConfigured() };
}

export const notificationSettingsInput = z.object({ emailNotifications: z.boolean() }).strict();

/**
 * A personal preference: no organization's audit log has anything to record of it, so it is written
 * directly rather than through writeChange.
 */
export async function updateNotificationSettings(ctx: ServiceContext, input: z.infer<typeof notificationSettingsInput>) {
  await db().user.update({ where: { id: ctx.actor.userId }, data: { emailNotifications: input.emailNotifications } });
  return getNotificationSettings(ctx);
}
