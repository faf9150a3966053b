import { openSecret } from "../crypto/secret-box";
import { db, type Db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { inTransaction } from "../db/transaction";
import { eventUrls } from "../http/urls";
import { enqueue } from "../jobs/enqueue";
import { safePost, SafeFetchError } from "../net/safe-fetch";
import { WEBHOOK_SECRET_CONTEXT } from "../integrations/builtin/configuration";
import { SYSTEM_ORGANIZATION_ID, WEBHOOK_INTEGRATION } from "../integrations/builtin/definitions";
import { retryDelayMs, RETRY_WINDOW_MS } from "./backoff";
import { deliverEventsJob, subscriberKey, type Subscriber } from "./job";
import { presentEventPayload } from "../presenters/organization-event";
import { signatureHeader } from "./signature";

/**
 * Delivers a subscriber's pending deliveries over HTTP (docs/events.md, "Delivery"): one at a time,
 * in the order of their events' positions (txid, seq), each POSTed signed to the subscriber's URL.
 *
 * The head of the queue is the first pending delivery that is due or has been tried (a scheduled task
 * not yet due holds nothing back). A failed head stays pending with its next attempt after a backoff,
 * and the deliveries behind it wait; a day after its creation it is marked failed and the next one
 * goes. Claiming the head is a short transaction under a per-subscriber advisory lock that leases it
 * (attempts + 1, next attempt pushed past the request's time limit): no lock is held during the
 * request, another run of the same subscriber (another app server) sees a head not due and waits, and
 * a run that dies mid-request leaves a lease that expires, so the delivery is sent again — at least
 * once; receivers deduplicate by `x-quire-event-id`.
 */

/** Deliveries one run sends before handing over to a fresh job, so a long backlog does not hold a worker forever. */
const RUN_LIMIT = 500;
/** Bytes of a receiver's answer read (then discarded). */
const ANSWER_MAX_BYTES = 64 * 1024;

function timeoutMs(): number {
  return Number(process.env.QUIRE_DELIVERY_TIMEOUT_MS) || 10_000;
}

function subscriberSql(subscriber: Subscriber): Prisma.Sql {
  switch (subscriber.kind) {
    case "installation":
      return Prisma.sql`d.installation_id = ${subscriber.id}`;
    case "integration":
      return Prisma.sql`d.integration_id = ${subscriber.id} AND d.installation_id IS NULL`;
    case "webhook":
      return Prisma.sql`d.webhook_id = ${subscriber.id}`;
  }
}

type Claimed = {
  id: string;
  attempt: number;
  createdAt: Date;
  eventId: string;
  eventType: string;
  body: string;
  url: string | null;
  /** Sealed: a webhook's, an integration's, or the one a built-in Webhook installation's configuration holds. */
  secret: { sealed: string; context: string } | null;
};

type Claim = { kind: "send"; delivery: Claimed } | { kind: "idle"; wakeAt: Date | null };

export type Outcome = { startedAt: Date; durationMs: number; status: number | null; error: string | null };

/** Sends the subscriber's due deliveries; returns how many were attempted. */
export async function deliverPending(subscriber: Subscriber): Promise<{ attempted: number }> {
  for (let attempted = 0; attempted < RUN_LIMIT; attempted++) {
    const claim = await claimHead(subscriber);
    if (claim.kind === "idle") {
      if (claim.wakeAt) await enqueue(db(), deliverEventsJob, { subscriber, at: claim.wakeAt.toISOString() });
      return { attempted };
    }
    const outcome = await post(claim.delivery);
    await settle(claim.delivery, outcome);
  }
  await enqueue(db(), deliverEventsJob, { subscriber });
  return { attempted: RUN_LIMIT };
}

async function claimHead(subscriber: Subscriber): Promise<Claim> {
  return inTransaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`quire-delivery:${subscriberKey(subscriber)}`}, 0))`;
      const [head] = await tx.$queryRaw<{ id: string; attempts: number; next_attempt_at: Date; created_at: Date; due: boolean }[]>`
        SELECT d.id, d.attempts, d.next_attempt_at, d.created_at, d.next_attempt_at <= now() AS due
        FROM event_deliveries d
        WHERE ${subscriberSql(subscriber)} AND d.status = 'pending' AND (d.attempts > 0 OR d.next_attempt_at <= now())
        ORDER BY d.event_txid, d.event_seq LIMIT 1`;
      if (!head) {
        const [later] = await tx.$queryRaw<{ at: Date | null }[]>`
          SELECT min(d.next_attempt_at) AS at FROM event_deliveries d WHERE ${subscriberSql(subscriber)} AND d.status = 'pending'`;
        return { kind: "idle", wakeAt: later?.at ?? null };
      }
      if (!head.due) return { kind: "idle", wakeAt: head.next_attempt_at };
      const leaseSeconds = Math.ceil(timeoutMs() / 1000) + 20;
      const [claimed] = await tx.$queryRaw<{ attempts: number }[]>`
        UPDATE event_deliveries SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
        WHERE id = ${head.id} RETURNING attempts`;
      return { kind: "send", delivery: { ...(await describe(tx, subscriber, head.id)), id: head.id, attempt: claimed!.attempts, createdAt: head.created_at } };
    },
    "record",
  );
}

/** A delivery to an installation of the built-in Webhook integration (`d`, `g`, `ins` as in describe's query). */
const builtinWebhook = Prisma.sql`(d.installation_id IS NOT NULL AND g.name = ${WEBHOOK_INTEGRATION} AND g.organization_id = ${SYSTEM_ORGANIZATION_ID})`;

/**
 * The event's body as the subscriber receives it, its URL and the secret signing it (contract 4).
 * Sending is where an event is presented: the payload gets its URLs here (eventUrls).
 */
async function describe(tx: Db, subscriber: Subscriber, deliveryId: string): Promise<Omit<Claimed, "id" | "attempt" | "createdAt">> {
  const [row] = await tx.$queryRaw<{ event_id: string; type: string; payload: Record<string, unknown>; url: string | null; sealed: string | null; context: string | null; builtin: boolean; builtinSecret: string | null }[]>`
    SELECT e.id AS event_id, e.type, e.payload,
      CASE
        WHEN d.webhook_id IS NOT NULL THEN w.url
        -- The built-in Webhook integration sends each installation's events where its configuration says.
        WHEN ${builtinWebhook} THEN ins.configuration->>'url'
        -- Development mode sends the owner organization's events (every organization's with dev_all) to the tunnel.
        WHEN g.dev_tunnel_url IS NOT NULL AND (g.dev_all OR COALESCE(ins.organization_id, g.organization_id) = g.organization_id) THEN g.dev_tunnel_url
        ELSE g.endpoint
      END AS url,
      COALESCE(w.secret, g.signing_secret) AS sealed,
      CASE WHEN d.webhook_id IS NOT NULL THEN 'webhook-secret:' || w.id ELSE 'integration-signing:' || g.id END AS context,
      ${builtinWebhook} AS builtin, ins.configuration->>'secret' AS "builtinSecret"
    FROM event_deliveries d
    JOIN organization_events e ON e.id = d.event_id
    LEFT JOIN webhooks w ON w.id = d.webhook_id
    LEFT JOIN integrations g ON g.id = d.integration_id
    LEFT JOIN integration_installations ins ON ins.id = d.installation_id
    WHERE d.id = ${deliveryId}`;
  if (!row) throw new Error(`Delivery ${deliveryId} vanished while claimed.`);
  return {
    eventId: row.event_id,
    eventType: row.type,
    body: JSON.stringify(eventPayload(presentEventPayload(row.payload, eventUrls()), subscriber.kind === "installation" ? subscriber.id : null)),
    url: row.url,
    secret: row.builtin ? (row.builtinSecret ? { sealed: row.builtinSecret, context: WEBHOOK_SECRET_CONTEXT } : null) : row.sealed && row.context ? { sealed: row.sealed, context: row.context } : null,
  };
}

/** The typed event as one subscriber sees it: an installation's events name it (the reference's InstallationEvent). */
export function eventPayload(payload: Record<string, unknown>, installationId: string | null): Record<string, unknown> {
  return installationId ? { ...payload, installationId } : payload;
}

async function post(delivery: Claimed): Promise<Outcome> {
  const startedAt = new Date();
  const started = performance.now();
  const done = (status: number | null, error: string | null): Outcome => ({ startedAt, durationMs: Math.round(performance.now() - started), status, error });
  if (!delivery.url) return done(null, "no dispatch URL: the integration has no endpoint (nor a development tunnel for this organization)");
  if (!delivery.secret) return done(null, "no signing secret");
  const secret = await openSecret(delivery.secret.sealed, delivery.secret.context);
  try {
    const { status } = await safePost(delivery.url, {
      body: delivery.body,
      headers: {
        "content-type": "application/json",
        "x-quire-event-id": delivery.eventId,
        "x-quire-event-type": delivery.eventType,
        "x-quire-delivery-attempt": String(delivery.attempt),
        "x-quire-signature": signatureHeader(secret, delivery.body, Math.floor(Date.now() / 1000)),
      },
      timeoutMs: timeoutMs(),
      maxBytes: ANSWER_MAX_BYTES,
    });
    return done(status, status >= 200 && status <= 299 ? null : `the receiver answered ${status}`);
  } catch (error) {
    // SafeFetchError messages name the address and the cause, never a header or the body (where the secret's work is).
    return done(null, error instanceof SafeFetchError ? error.message : "the request failed");
  }
}

/** Records the attempt and moves the delivery on: delivered, failed for good (a day of retries), or its next attempt. */
async function settle(delivery: Claimed, outcome: Outcome): Promise<void> {
  const delivered = outcome.error === null;
  const expired = Date.now() - delivery.createdAt.getTime() >= RETRY_WINDOW_MS;
  const retryAt = new Date(Date.now() + retryDelayMs(delivery.attempt));
  // One statement (so one implicit transaction): the attempt, and the delivery moved on only while
  // this run's lease is its latest attempt (a redelivery or a later run decides otherwise).
  await db().$executeRaw`
    WITH attempt AS (
      INSERT INTO delivery_attempts (delivery_id, attempt, url, started_at, duration_ms, response_status, error)
      VALUES (${delivery.id}, ${delivery.attempt}, ${delivery.url ?? ""}, ${outcome.startedAt}, ${outcome.durationMs}, ${outcome.status}, ${outcome.error})
      ON CONFLICT DO NOTHING
    )
    UPDATE event_deliveries SET
      status = ${delivered ? "success" : expired ? "failed" : "pending"},
      completed_at = ${delivered || expired ? Prisma.sql`now()` : Prisma.sql`NULL`},
      next_attempt_at = ${delivered || expired ? Prisma.sql`next_attempt_at` : Prisma.sql`${retryAt}`}
    WHERE id = ${delivery.id} AND attempts = ${delivery.attempt} AND status = 'pending'`;
}
