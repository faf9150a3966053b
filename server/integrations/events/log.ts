import { z } from "zod";
import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { listParams } from "../../pagination";
import { authorize } from "../../policies/authorize";
import { loadIntegration } from "../load";

/**
 * An integration's event log (listIntegrationEvents, getIntegrationEvent): one entry per delivery to
 * it — to any of its installations or to itself — newest first, with the trace of its attempts. For
 * the integration's admins (its owner organization's admins, or the integration itself).
 *
 * The reference's `status` is success or failed. A delivery being retried shows `failed` (its last
 * attempt did) with Quire's `attempts` and `nextAttemptAt` beside it; one never attempted yet (just
 * recorded, or a task scheduled for later) is not in the log until its first attempt.
 */

export const listIntegrationEventsParams = listParams;
export type ListIntegrationEventsParams = z.infer<typeof listIntegrationEventsParams>;
export const integrationEventIdSchema = z.uuid();

export type DeliveryRow = {
  id: string;
  integration_id: string;
  installation_id: string | null;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  created_at: Date;
  event_txid: bigint;
  event_seq: bigint;
  event_created_at: Date;
  payload: Record<string, unknown>;
};

export async function administeredIntegration(ctx: ServiceContext, name: string) {
  const access = await loadIntegration(db(), ctx.actor, name);
  authorize(access.viewer, "integration.admin");
  return access.integration;
}

export const SELECT = Prisma.sql`
  SELECT d.id, d.integration_id, d.installation_id, d.status, d.attempts, d.next_attempt_at, d.created_at, d.event_txid, d.event_seq, e.created_at AS event_created_at, e.payload
  FROM event_deliveries d JOIN organization_events e ON e.id = d.event_id`;

export type AttemptRow = { attempt: number; url: string; started_at: Date; duration_ms: number; response_status: number | null; error: string | null };
