import { z } from "zod";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { fieldError } from "../errors";
import { listParams } from "../pagination";
import { loadWebhook } from "./access";
import { DELIVERY_STATUSES } from "./schemas";

export const deliveriesQuery = listParams.extend({ status: z.enum(DELIVERY_STATUSES).optional() });
export type DeliveriesQuery = { page?: string; limit: number; status?: (typeof DELIVERY_STATUSES)[number] };

type DeliveryRow = {
  id: string;
  event_id: string;
  event_type: string;
  event_txid: bigint;
  event_seq: bigint;
  status: "pending" | "success" | "failed";
  attempts: number;
  next_attempt_at: Date;
  created_at: Date;
  completed_at: Date | null;
  trace: { attempt: number; url: string; startedAt: string; durationMs: number; responseStatus: number | null; error: string | null }[];
};

function presentDelivery(row: DeliveryRow) {
  return {
    object: "webhook-delivery" as const,
    id: row.id,
    event: { id: row.event_id, type: row.event_type },
    status: row.status,
    attempts: row.attempts,
    createdAt: row.created_at.toISOString(),
    ...(row.status === "pending" ? { nextAttemptAt: row.next_attempt_at.toISOString() } : {}),
    ...(row.completed_at ? { completedAt: row.completed_at.toISOString() } : {}),
    /** Each attempt, oldest first: when, where, how long, and the answer or the error. */
    trace: row.trace.map((attempt) => ({
      attempt: attempt.attempt,
      url: attempt.url,
      startedAt: new Date(attempt.startedAt).toISOString(),
      durationMs: attempt.durationMs,
      ...(attempt.responseStatus !== null ? { responseStatus: attempt.responseStatus } : {}),
      ...(attempt.error !== null ? { error: attempt.error } : {}),
    })),
  };
}

const encodePosition = (row: Pick<DeliveryRow, "event_txid" | "event_seq">) => Buffer.from(`${row.event_txid}.${row.event_seq}`, "utf8").toString("base64url");

function decodePosition(page: string): { txid: bigint; seq: bigint } {
  const match = /^([0-9]{1,19})\.([0-9]{1,19})$/.exec(Buffer.from(page, "base64url").toString("utf8"));
  if (!match) throw fieldError("page", "Not a valid page cursor");
  return { txid: BigInt(match[1]!), seq: BigInt(match[2]!) };
}

/** A webhook's deliveries, newest event first, with each one's attempts. */
export async function listWebhookDeliveries(ctx: ServiceContext, organizationId: string, webhookId: string, query: DeliveriesQuery) {
  await loadWebhook(db(), ctx, organizationId, webhookId);
  const after = query.page === undefined ? undefined : decodePosition(query.page);
  const rows = await db().$queryRaw<DeliveryRow[]>`
    SELECT d.id, d.event_id, e.type AS event_type, d.event_txid, d.event_seq, d.status, d.attempts, d.next_attempt_at, d.created_at, d.completed_at,
      COALESCE((SELECT jsonb_agg(jsonb_build_object('attempt', a.attempt, 'url', a.url, 'startedAt', a.started_at, 'durationMs', a.duration_ms,
                                                    'responseStatus', a.response_status, 'error', a.error) ORDER BY a.attempt)
                FROM delivery_attempts a WHERE a.delivery_id = d.id), '[]'::jsonb) AS trace
    FROM event_deliveries d JOIN organization_events e ON e.id = d.event_id
    WHERE d.webhook_id = ${webhookId}
      ${query.status ? Prisma.sql`AND d.status = ${query.status}` : Prisma.empty}
      ${after ? Prisma.sql`AND (d.event_txid, d.event_seq) < (${after.txid}::bigint, ${after.seq}::bigint)` : Prisma.empty}
    ORDER BY d.event_txid DESC, d.event_seq DESC
    LIMIT ${query.limit + 1}`;
  const page = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  return { items: page.map(presentDelivery), ...(more ? { next: { page: encodePosition(page[page.length - 1]!) } } : {}) };
}
