import { z } from "zod";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { badRequest, fieldError } from "../errors";
import { listParams } from "../pagination";
import { assertManagesWebhooks } from "./access";

/**
 * The organization's event feed, for a consumer that was down to catch up exactly: every event
 * in position order (txid, seq: the writing transaction's id, then insertion order), from an
 * opaque cursor. Events are kept FEED_RETENTION_DAYS days (server/webhooks/retention-job.ts).
 *
 * A position is only handed out once nothing can ever appear behind it. Transaction ids are
 * given out in increasing order when a transaction first writes, but transactions commit in any
 * order: a transaction with id 10 may commit after one with id 11, so a reader that took 11
 * would skip 10 forever. The reader therefore takes only rows whose txid is below the xmin of its
 * snapshot (the oldest transaction still running): every transaction below it has ended, and
 * every transaction that will commit later has an id at or above it. The price is that a long
 * transaction anywhere in the database holds the feed back until it ends; nothing is lost.
 */

export const FEED_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

type Position = { txid: bigint; seq: bigint; createdAt: Date };

/** `<txid>.<seq>.<created at, ms>` in base64url; the time tells when a cursor outlived retention. */
export function encodeFeedCursor(position: Position): string {
  return Buffer.from(`${position.txid}.${position.seq}.${position.createdAt.getTime()}`, "utf8").toString("base64url");
}

/** `parameter` names the query parameter the cursor came in, for the error. */
export function decodeFeedCursor(cursor: string, parameter = "after"): Position {
  const match = /^([0-9]{1,19})\.([0-9]{1,19})\.([0-9]{1,15})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match) throw fieldError(parameter, `Not a cursor of this feed (use an event's \`cursor\` or the list's \`next.page\`).`);
  return { txid: BigInt(match[1]!), seq: BigInt(match[2]!), createdAt: new Date(Number(match[3]!)) };
}

/** `page` (the list envelope's `next.page`) and `after` are the same cursor, under the name each kind of client sends. */
export const feedQuery = listParams.extend({ after: z.string().max(200).optional() });
export type FeedQuery = { after?: string; page?: string; limit: number };

type FeedRow = { id: string; type: string; payload: unknown; txid: bigint; seq: bigint; created_at: Date };

export function presentFeedEvent(row: FeedRow) {
  return {
    object: "organization-event" as const,
    id: row.id,
    type: row.type,
    /** Resume after this event: `GET …/events?after=<cursor>`. */
    cursor: encodeFeedCursor({ txid: row.txid, seq: row.seq, createdAt: row.created_at }),
    createdAt: row.created_at.toISOString(),
    /** The event as webhooks receive it (docs/events.md). */
    payload: row.payload,
  };
}
export type FeedEventObject = ReturnType<typeof presentFeedEvent>;
export type FeedPage = { items: FeedEventObject[]; next?: { page: string } };

/**
 * The organization's events after `after` (or from the oldest retained), at most `limit`.
 * A cursor older than retention is refused (400, `details.reason` "cursor_expired") rather than
 * resumed from the oldest retained event: events after it may have been deleted, and a consumer
 * told nothing would believe it caught up exactly (Stripe answers an expired event id the same
 * way). Such a consumer starts again without `after` and reconciles.
 */
export async function listOrganizationEvents(ctx: ServiceContext, organizationId: string, query: FeedQuery): Promise<FeedPage> {
  if (query.after !== undefined && query.page !== undefined && query.after !== query.page) throw badRequest("after and page: give one cursor, not two.");
  const parameter = query.after !== undefined ? "after" : "page";
  const cursorText = query.after ?? query.page;
  const cursor = cursorText === undefined ? undefined : decodeFeedCursor(cursorText, parameter);
  if (cursor && cursor.createdAt.getTime() < Date.now() - FEED_RETENTION_DAYS * DAY_MS) {
    throw fieldError(parameter, `This cursor is older than the feed's ${FEED_RETENTION_DAYS}-day retention, and events after it may be gone. Read again from the oldest retained event (without \`after\`).`, {
      details: { reason: "cursor_expired", retentionDays: FEED_RETENTION_DAYS },
    });
  }
  await assertManagesWebhooks(db(), ctx, organizationId);
  // One statement: the fence is the xmin of the very snapshot that reads the rows.
  const rows = await db().$queryRaw<FeedRow[]>`
    SELECT id, type, payload, txid, seq, created_at FROM organization_events
    WHERE organization_id = ${organizationId}
      AND txid < (SELECT quire_event_fence())
      ${cursor ? Prisma.sql`AND (txid, seq) > (${cursor.txid}::bigint, ${cursor.seq}::bigint)` : Prisma.empty}
    ORDER BY txid, seq
    LIMIT ${query.limit + 1}`;
  const items = rows.slice(0, query.limit).map(presentFeedEvent);
  const more = rows.length > query.limit;
  return { items, ...(more ? { next: { page: items[items.length - 1]!.cursor } } : {}) };
}
