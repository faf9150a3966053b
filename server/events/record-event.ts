import { randomUUID } from "node:crypto";
import { foldIntoEditSession, sessionPayload } from "../audit/edit-sessions";
import { eventActorOf, sourceOf } from "../auth/actor";
import type { ServiceContext } from "../context";
import type { Db } from "../db/client";
import { typedEventsFrom } from "../integrations/events/from-domain-event";
import { recordOrganizationEvents } from "../integrations/events/record";
import { publishEvent } from "../live/publish-event";
import { notifyAboutEvent } from "../notifications/build-job";
import type { EventAction } from "./actions";

/** What a change declares about itself: in which organization, what happened, to what, with a few details worth keeping. */
export type ChangeEvent = {
  organizationId: string;
  action: EventAction;
  target: { type: string; id: string; label?: string };
  payload?: Record<string, unknown>;
  /**
   * The editing session (an editor opening) this change was saved from: consecutive saves of one
   * session to one target fold into one audit entry (server/audit/edit-sessions.ts).
   */
  session?: string;
};

/**
 * How a write declares its domain events: each change it made (`record`), or that it changed nothing
 * after all (`nothingChanged`). The write mechanisms (`writeSpace`, `writeChange`) hand one
 * to every write and refuse to commit a write that declared neither, so no change goes unrecorded.
 */
export type EventRecorder = { record(event: ChangeEvent): void; nothingChanged(): void };

/** Where the caller's changes come from, in the audit log's words (AuditEvent.source). */
const AUDIT_SOURCE = { ui: "ui", api: "api", system: "workflow" } as const;

/**
 * Runs `work` with a recorder and records what it declared in the same transaction: the events
 * exist exactly when the change does. For the write mechanisms only.
 */
export async function withEvents<T>(tx: Db, ctx: ServiceContext, work: (events: EventRecorder) => Promise<T>): Promise<T> {
  const declared: ChangeEvent[] = [];
  let nothing = false;
  const result = await work({ record: (event) => void declared.push(event), nothingChanged: () => void (nothing = true) });
  if (declared.length === 0 && !nothing) throw new Error("A write declared no domain event (record one, or nothingChanged).");
  for (const event of declared) await insertEvent(tx, ctx, event);
  return result;
}

/**
 * Records one event, and in the same transaction what follows from it once it commits: the live
 * update of the screens showing its space (server/live), the typed events integrations and webhooks
 * receive (server/integrations/events) and, for the actions that notify someone, the job building
 * their notifications (server/notifications).
 */
async function insertEvent(tx: Db, ctx: ServiceContext, event: ChangeEvent): Promise<void> {
  // The audit log's actor (AuditEventActor): the user, or the integration or installation acting through its bot user, named by the integration's title.
  const { actorType, actorId } = eventActorOf(ctx.actor);
  const payload = event.payload ?? {};
  const folded = event.session
    ? await foldIntoEditSession(tx, { organizationId: event.organizationId, action: event.action, targetId: event.target.id, actorId: actorId ?? ctx.actor.userId, session: event.session, payload })
    : null;
  // A save folded into its session's entry is still a change: what follows from it below happens as for any other.
  const id = folded ?? randomUUID();
  if (!folded) {
    await tx.$executeRaw`
      INSERT INTO domain_events (id, organization_id, action, actor_type, actor_id, actor_label, source, target_type, target_id, target_label, payload)
      SELECT ${id}, ${event.organizationId}, ${event.action}, ${actorType}, coalesce(${actorId}, u.id), coalesce(g.title, u.display_name), ${AUDIT_SOURCE[sourceOf(ctx.actor)]},
             ${event.target.type}, ${event.target.id}, ${event.target.label ?? null}, ${JSON.stringify(event.session ? sessionPayload(payload, event.session, new Date()) : payload)}::jsonb
      FROM users u LEFT JOIN integrations g ON g.bot_user_id = u.id AND g.id = ${ctx.actor.integration?.id ?? null} WHERE u.id = ${ctx.actor.userId}`;
  }
  await recordOrganizationEvents(tx, await typedEventsFrom(tx, id, event, ctx.actor.userId, ctx.baseUrl));
  await publishEvent(tx, event);
  await notifyAboutEvent(tx, id, event.action, ctx.baseUrl);
}
