import { z } from "zod";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { getNotificationSettings } from "./get-notification-settings";

export const notificationSettingsInput = z.object({ emailNotifications: z.boolean() }).strict();

/**
 * A personal preference: no organization's audit log has anything to record of it, so it is written
 * directly rather than through writeChange.
 */
export async function updateNotificationSettings(ctx: ServiceContext, input: z.infer<typeof notificationSettingsInput>) {
  await db().user.update({ where: { id: ctx.actor.userId }, data: { emailNotifications: input.emailNotifications } });
  return getNotificationSettings(ctx);
}
