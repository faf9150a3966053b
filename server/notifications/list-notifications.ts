import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { fieldError } from "../errors";
import { decodeKeysetCursor, encodeKeysetCursor, type ListParams, type ListResult } from "../pagination";
import { type NotificationQuery, type NotificationRecord, visible } from "./inbox";

/** Newest first: by the time of the event (then id), paged by both. */
export async function listNotifications(ctx: ServiceContext, params: ListParams & NotificationQuery): Promise<ListResult<NotificationRecord>> {
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
    items,
    count,
    ...(rows.length > params.limit && last ? { next: { page: encodeKeysetCursor(last.createdAt.toISOString(), last.id) } } : {}),
  };
}
