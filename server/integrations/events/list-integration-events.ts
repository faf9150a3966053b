import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { fieldError } from "../../errors";
import { decodeKeysetCursor, encodeKeysetCursor, type ListResult } from "../../pagination";
import { SELECT, administeredIntegration, type DeliveryRow, type ListIntegrationEventsParams } from "./log";

export async function listIntegrationEvents(ctx: ServiceContext, name: string, params: ListIntegrationEventsParams): Promise<ListResult<DeliveryRow>> {
  const integration = await administeredIntegration(ctx, name);
  const after = decodeCursorPosition(params.page);
  const where = Prisma.sql`d.integration_id = ${integration.id} AND d.attempts > 0`;
  const [rows, [counted]] = await Promise.all([
    db().$queryRaw<DeliveryRow[]>`${SELECT}
      WHERE ${where} ${after ? Prisma.sql`AND (d.created_at, d.event_txid, d.event_seq, d.id) < (${after.createdAt}, ${after.txid}, ${after.seq}, ${after.id})` : Prisma.empty}
      ORDER BY d.created_at DESC, d.event_txid DESC, d.event_seq DESC, d.id DESC LIMIT ${params.limit + 1}`,
    db().$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM event_deliveries d WHERE ${where}`,
  ]);
  const items = rows.slice(0, params.limit);
  const last = items[items.length - 1];
  return {
    items,
    count: counted?.count ?? 0,
    ...(rows.length > params.limit && last ? { next: { page: encodeKeysetCursor(`${last.created_at.toISOString()}|${last.event_txid}|${last.event_seq}`, last.id) } } : {}),
  };
}

/** Newest first: by the delivery's creation (a redelivery counts as new), then its event's position (events of one transaction share a time). */
function decodeCursorPosition(page: string | undefined): { createdAt: Date; txid: bigint; seq: bigint; id: string } | undefined {
  const cursor = decodeKeysetCursor(page);
  if (!cursor) return undefined;
  const match = /^([0-9T:.Z-]{1,40})\|([0-9]{1,19})\|([0-9]{1,19})$/.exec(cursor.value ?? "");
  if (!match || Number.isNaN(Date.parse(match[1]!))) throw fieldError("page", "Not a valid page cursor");
  return { createdAt: new Date(match[1]!), txid: BigInt(match[2]!), seq: BigInt(match[3]!), id: cursor.id };
}
