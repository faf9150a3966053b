import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { visible } from "./inbox";

/** The spaces the caller's inbox speaks of, by title (as it was when notified), for its space filter. */
export async function notificationSpaces(ctx: ServiceContext): Promise<{ items: { id: string; title: string }[] }> {
  const where = await visible(ctx, {});
  const spaces = await db().notification.findMany({ where, distinct: ["spaceId"], select: { spaceId: true }, take: 200 });
  const rows = await db().space.findMany({ where: { id: { in: spaces.flatMap((row) => (row.spaceId ? [row.spaceId] : [])) }, deletedAt: null }, select: { id: true, title: true }, orderBy: [{ title: "asc" }, { id: "asc" }] });
  return { items: rows };
}
