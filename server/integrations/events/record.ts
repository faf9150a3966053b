import { randomUUID } from "node:crypto";
import { Prisma } from "../../db/generated/client";
import type { Db } from "../../db/client";
import { deliverEventsJob, subscriberOf } from "../../deliveries/job";
import { enqueue } from "../../jobs/enqueue";
import { reachesSiteSql, reachesSpaceSql } from "../reach";
import { REFERENCE_EVENT_TYPES } from "./types";

/** One typed event of an organization's feed, as its producers declare it (docs/events.md lists the types). */
export type NewOrganizationEvent = {
  organizationId: string;
  type: string;
  payload: Record<string, unknown>;
  domainEventId?: string;
  /** A space event: installations reaching the space get it. */
  spaceId?: string;
  /** A site event: installations reaching the site get it (site_view and page_feedback only with their scope). */
  siteId?: string;
  /** About one installation: that installation alone gets it (its integration, if it no longer exists). */
  installationId?: string;
  /** Alone (no installationId): for the integration itself, e.g. a task. */
  integrationId?: string;
  /** For that webhook alone (a test send). */
  webhookId?: string;
  /** First delivery not before this time (a scheduled task); now when absent. */
  deliverAt?: Date;
};

/** Scopes an integration needs to receive a site event of these types (the reference's scope descriptions). */
const SITE_EVENT_SCOPES: Record<string, string> = { site_view: "site:views:read", page_feedback: "page:feedback:read" };

/** Whether installation `ins` of `integration` gets a site event: it reaches the site, and has the scope the type needs. */
function installationGetsSiteEvent(type: Prisma.Sql, siteId: Prisma.Sql): Prisma.Sql {
  const scopes = JSON.stringify(SITE_EVENT_SCOPES);
  return Prisma.sql`(${reachesSiteSql("ins", "integration", siteId)} AND (NOT (${scopes}::jsonb ? ${type}) OR (${scopes}::jsonb ->> ${type}) = ANY (integration.scopes)))`;
}

/** Whether `webhook` gets an event of this type: active, and subscribed to every type or to it. */
function webhookGets(type: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(webhook.active AND (cardinality(webhook.event_types) = 0 OR ${type} = ANY (webhook.event_types)))`;
}

/**
 * Whether anyone would get a site event of this type (site_view): the cheap question asked before
 * recording an event that every page view could produce, answered by the same rules as below.
 */
export async function siteEventHasSubscribers(tx: Db, organizationId: string, siteId: string, type: string): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ wanted: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM integration_installations ins JOIN integrations integration ON integration.id = ins.integration_id
      WHERE ins.organization_id = ${organizationId} AND ${installationGetsSiteEvent(Prisma.sql`${type}::text`, Prisma.sql`${siteId}::text`)}
    ) OR EXISTS (
      SELECT 1 FROM webhooks webhook WHERE webhook.organization_id = ${organizationId} AND ${webhookGets(Prisma.sql`${type}::text`)}
    ) AS wanted`;
  return row?.wanted === true;
}

/**
 * Records typed events in the organization's feed and, in the same statement, one pending delivery
 * per event and subscriber (integrations get the reference's event types only: types.ts), then sends one delivery job per subscriber that got something — all in
 * the caller's transaction, so events, deliveries and jobs exist exactly when the change does.
 *
 * Runs in the event dispatcher's transaction for the domain events that become typed events
 * (server/integrations/events/subscriber.ts), and in a request's for site views, feedback and tasks:
 * with no subscriber in the organization it costs one statement (the feed insert, whose delivery half
 * finds no installation or webhook through their organization indexes) and sends no job.
 */
export async function recordOrganizationEvents(tx: Db, events: NewOrganizationEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event, ord) => {
    const id = randomUUID();
    return {
      id,
      organization_id: event.organizationId,
      type: event.type,
      payload: { ...event.payload, eventId: id, type: event.type },
      domain_event_id: event.domainEventId ?? null,
      space_id: event.spaceId ?? null,
      site_id: event.siteId ?? null,
      installation_id: event.installationId ?? null,
      integration_id: event.integrationId ?? null,
      webhook_id: event.webhookId ?? null,
      deliver_at: event.deliverAt?.toISOString() ?? null,
      ord,
    };
  });
  const subscribers = await tx.$queryRaw<{ installation_id: string | null; integration_id: string | null; webhook_id: string | null }[]>`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(
        id text, organization_id text, type text, payload jsonb, domain_event_id text, space_id text, site_id text,
        installation_id text, integration_id text, webhook_id text, deliver_at timestamptz, ord int)
    ), inserted AS (
      INSERT INTO organization_events (id, organization_id, type, payload, domain_event_id, space_id, site_id, installation_id, integration_id, webhook_id)
      SELECT id, organization_id, type, payload, domain_event_id, space_id, site_id, installation_id, integration_id, webhook_id
      FROM input ORDER BY ord
      RETURNING id, organization_id, type, txid, seq, space_id, site_id, installation_id, integration_id, webhook_id, created_at
    ), ev AS (
      SELECT inserted.*, COALESCE(input.deliver_at, inserted.created_at) AS deliver_at FROM inserted JOIN input USING (id)
    ), targets AS (
      -- An event about one installation: to it, whichever organization recorded it.
      SELECT ev.id AS event_id, ins.integration_id, ins.id AS installation_id, NULL::text AS webhook_id
      FROM ev JOIN integration_installations ins ON ins.id = ev.installation_id
      WHERE ev.webhook_id IS NULL AND ev.type = ANY (${REFERENCE_EVENT_TYPES})
      UNION ALL
      -- Any other event of the organization: to its installations reaching the event's space or site (all active ones for an organization event).
      SELECT ev.id, ins.integration_id, ins.id, NULL
      FROM ev
      JOIN integration_installations ins ON ins.organization_id = ev.organization_id
      JOIN integrations integration ON integration.id = ins.integration_id
      WHERE ev.webhook_id IS NULL AND ev.installation_id IS NULL AND ev.integration_id IS NULL AND ev.type = ANY (${REFERENCE_EVENT_TYPES}) AND CASE
        WHEN ev.space_id IS NOT NULL THEN ${reachesSpaceSql("ins", "integration", Prisma.sql`ev.space_id`)}
        WHEN ev.site_id IS NOT NULL THEN ${installationGetsSiteEvent(Prisma.sql`ev.type`, Prisma.sql`ev.site_id`)}
        ELSE ins.status = 'active'
      END
      UNION ALL
      -- The integration itself: its tasks, and events about an installation that no longer exists (installation_deleted).
      SELECT ev.id, ev.integration_id, NULL, NULL
      FROM ev
      WHERE ev.integration_id IS NOT NULL AND ev.webhook_id IS NULL AND ev.type = ANY (${REFERENCE_EVENT_TYPES})
        AND (ev.installation_id IS NULL OR NOT EXISTS (SELECT 1 FROM integration_installations gone WHERE gone.id = ev.installation_id))
        AND EXISTS (SELECT 1 FROM integrations owner WHERE owner.id = ev.integration_id)
      UNION ALL
      -- Webhooks of the organization: every event of their types, except what is for an integration itself; a targeted event to its webhook alone.
      SELECT ev.id, NULL, NULL, webhook.id
      FROM ev
      JOIN webhooks webhook ON webhook.organization_id = ev.organization_id
      WHERE CASE
        WHEN ev.webhook_id IS NOT NULL THEN webhook.id = ev.webhook_id
        ELSE (ev.integration_id IS NULL OR ev.installation_id IS NOT NULL) AND ${webhookGets(Prisma.sql`ev.type`)}
      END
    ), delivered AS (
      INSERT INTO event_deliveries (id, event_id, organization_id, integration_id, installation_id, webhook_id, event_txid, event_seq, next_attempt_at)
      SELECT gen_random_uuid()::text, ev.id, ev.organization_id, targets.integration_id, targets.installation_id, targets.webhook_id, ev.txid, ev.seq, ev.deliver_at
      FROM targets JOIN ev ON ev.id = targets.event_id
      RETURNING installation_id, integration_id, webhook_id
    )
    SELECT DISTINCT installation_id, integration_id, webhook_id FROM delivered`;
  for (const row of subscribers) await enqueue(tx, deliverEventsJob, { subscriber: subscriberOf(row) });
}
