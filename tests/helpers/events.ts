import { db } from "../../server/db/client";
import { dispatchPass, type PassOutcome } from "../../server/events/dispatch";
import { EVENT_SUBSCRIBERS } from "../../server/events/subscribers";

/**
 * Waits until every subscriber of domain events (server/events/subscribers.ts) has taken the events
 * committed so far: runs dispatcher passes itself (as an app server's dispatcher would; one running
 * in this process meanwhile shares the work) until each cursor is past the last committed event. Use
 * it between a write and reading what its subscribers make: the feed, deliveries, notification jobs,
 * live messages.
 */
export async function eventsDispatched(timeoutMs = 15_000): Promise<void> {
  const [last] = await db().$queryRaw<{ txid: bigint; seq: bigint }[]>`SELECT txid, seq FROM domain_events ORDER BY txid DESC, seq DESC LIMIT 1`;
  if (!last) return;
  let outcome: PassOutcome | null = null;
  for (const deadline = Date.now() + timeoutMs; ; ) {
    outcome = await dispatchPass(EVENT_SUBSCRIBERS);
    const behind = await db().$queryRaw<{ subscriber: string; txid: bigint; seq: bigint }[]>`
      SELECT subscriber, txid, seq FROM event_subscriber_cursors
      WHERE subscriber = ANY (${EVENT_SUBSCRIBERS.map((subscriber) => subscriber.name)}::text[]) AND (txid, seq) < (${last.txid}, ${last.seq})`;
    if (behind.length === 0) return;
    if (Date.now() > deadline) {
      const why = (name: string) =>
        outcome?.failed.find((failure) => failure.subscriber === name)?.error ??
        (outcome?.waiting.includes(name) ? "its next events wait behind an open transaction" : outcome?.busy.includes(name) ? "another dispatcher holds its cursor" : "no pass moved it");
      throw new Error(
        `Domain events up to (${last.txid}, ${last.seq}) were not dispatched within ${timeoutMs} ms: ${behind.map((row) => `${row.subscriber} is at (${row.txid}, ${row.seq}): ${String(why(row.subscriber))}`).join("; ")}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Domain-event rows as text, to check what they hold (their position, txid and seq, is a bigint: JSON has none). */
export function eventsAsText(rows: unknown): string {
  return JSON.stringify(rows, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
}
