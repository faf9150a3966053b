import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { visible } from "./inbox";

export async function unreadNotificationCount(ctx: ServiceContext): Promise<{ count: number }> {
  return { count: await db().notification.count({ where: await visible(ctx, { unread: true }) }) };
}
