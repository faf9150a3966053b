import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { notFound } from "../../errors";
import { SELECT, administeredIntegration, type AttemptRow, type DeliveryRow } from "./log";

/** One entry of the log: the delivery and its attempts, oldest first. */
export type IntegrationEventRecord = { delivery: DeliveryRow; attempts: AttemptRow[] };

export async function getIntegrationEvent(ctx: ServiceContext, name: string, eventId: string): Promise<IntegrationEventRecord> {
  const integration = await administeredIntegration(ctx, name);
  const [row] = await db().$queryRaw<DeliveryRow[]>`${SELECT} WHERE d.id = ${eventId} AND d.integration_id = ${integration.id} AND d.attempts > 0`;
  if (!row) throw notFound(`No event ${eventId} in the log of integration ${name}.`);
  const attempts = await db().$queryRaw<AttemptRow[]>`
    SELECT attempt, url, started_at, duration_ms, response_status, error FROM delivery_attempts WHERE delivery_id = ${row.id} ORDER BY attempt`;
  return { delivery: row, attempts };
}
