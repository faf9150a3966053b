import { randomUUID } from "node:crypto";
import { foldIntoEditSession, sessionPayload } from "../audit/edit-sessions";
import { eventActorOf, sourceOf } from "../auth/actor";
import type { ServiceContext } from "../context";
import type { Db } from "../db/client";
import { assertEventPayload, type EventAction, type EventPayload } from "./catalog";
import { EVENTS_CHANNEL } from "./channel";

/** What a change declares about itself: in which organization, what happened (an action of the catalog), to what, with its payload (optional when all its fields are). */
export type ChangeEvent<A extends EventAction = EventAction> = A extends EventAction
  ? {
      organizationId: string;
      action: A;
      target: { type: string; id: string; label?: string };
      /**
       * The editing session (an editor opening) this change was saved from: consecutive saves of one
       * session to one target fold into one audit entry (server/audit/edit-sessions.ts).
       */
      session?: string;
    } & (Partial<EventPayload<A>> extends EventPayload<A> ? { payload?: EventPayload<A> } : { payload: EventPayload<A> })
  : never;

/**
 * How a write declares its domain events: each change it made (`record`), or that it changed nothing
 * after all (`nothingChanged`). The write mechanisms (`writeSpace`, `writeChange`) hand one
 * to every write and refuse to commit a write that declared neither, so no change goes unrecorded.
 */
export type EventRecorder = { record<A extends EventAction>(event: ChangeEvent<A>): void; nothingChanged(): void };

/** Where the caller's changes come from, in the audit log's words (AuditEvent.source). */
const AUDIT_SOURCE = { ui: "ui", api: "api", system: "workflow" } as const;

/** Payloads are checked against the catalog in development and tests; in production the types alone hold them. */
const CHECK_PAYLOADS = process.env.NODE_ENV !== "production";

/**
 * Runs `work` with a recorder and records what it declared in the same transaction: the events
 * exist exactly when the change does. That is all a write does about its events: what follows from
 * them (the organization's feed and deliveries, live updates, notifications) is done by subscribers
 * once it has committed, from the committed record (server/events/dispatch.ts). For the write
 * mechanisms only.
 */
export async function withEvents<T>(tx: Db, ctx: ServiceContext, work: (events: EventRecorder) => Promise<T>): Promise<T> {
  const declared: ChangeEvent[] = [];
  let nothing = false;
  const result = await work({ record: (event) => void declared.push(event as ChangeEvent), nothingChanged: () => void (nothing = true) });
  if (declared.length === 0 && !nothing) throw new Error("A write declared no domain event (record one, or nothingChanged).");
  for (const event of declared) await insertEvent(tx, ctx, event);
  return result;
}

/**
 * Records one event: a row of `domain_events`, at the position (txid, seq) the dispatcher reads in,
 * and a wake-up of the app servers' dispatchers at commit (PostgreSQL sends one per transaction:
 * identical notifications of one transaction are folded). A save folded into its editing session's
 * entry moves that entry to this position, so its subscribers see the save as any other change.
 */
async function insertEvent(tx: Db, ctx: ServiceContext, event: ChangeEvent): Promise<void> {
  const payload: Record<string, unknown> = event.payload ?? {};
  if (CHECK_PAYLOADS) assertEventPayload(event.action, payload);
  // The audit log's actor (AuditEventActor): the user, or the integration or installation acting through its bot user, named by the integration's title.
  const { actorType, actorId } = eventActorOf(ctx.actor);
  if (event.session) {
    const folded = await foldIntoEditSession(tx, { organizationId: event.organizationId, action: event.action, targetId: event.target.id, actorId: actorId ?? ctx.actor.userId, session: event.session, payload });
    if (folded) {
      await tx.$executeRaw`SELECT pg_notify(${EVENTS_CHANNEL}, '')`;
      return;
    }
  }
  await tx.$executeRaw`
    WITH inserted AS (
      INSERT INTO domain_events (id, organization_id, action, actor_type, actor_id, actor_label, source, target_type, target_id, target_label, payload)
      SELECT ${randomUUID()}, ${event.organizationId}, ${event.action}, ${actorType}, coalesce(${actorId}, u.id), coalesce(g.title, u.display_name), ${AUDIT_SOURCE[sourceOf(ctx.actor)]},
             ${event.target.type}, ${event.target.id}, ${event.target.label ?? null}, ${JSON.stringify(event.session ? sessionPayload(payload, event.session, new Date()) : payload)}::jsonb
      FROM users u LEFT JOIN integrations g ON g.bot_user_id = u.id AND g.id = ${ctx.actor.integration?.id ?? null} WHERE u.id = ${ctx.actor.userId}
      RETURNING 1
    )
    SELECT pg_notify(${EVENTS_CHANNEL}, '') FROM inserted`;
}
