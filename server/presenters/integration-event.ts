import { eventPayload } from "../deliveries/deliver";
import type { Urls } from "../http/urls";
import type { IntegrationEventRecord } from "../integrations/events/get-integration-event";
import type { AttemptRow, DeliveryRow } from "../integrations/events/log";
import { presentEventPayload } from "./organization-event";

/**
 * An entry of an integration's event log (server/integrations/events/log.ts): one delivery, its
 * payload as the integration received it (so presented on the events' URLs: `eventUrls()`).
 */
export function presentIntegrationEvent(row: DeliveryRow, urls: Urls) {
  return {
    id: row.id,
    integrationId: row.integration_id,
    ...(row.installation_id ? { installationId: row.installation_id } : {}),
    createdAt: row.event_created_at.toISOString(),
    payload: eventPayload(presentEventPayload(row.payload, urls), row.installation_id),
    status: row.status === "success" ? ("success" as const) : ("failed" as const),
    attempts: row.attempts,
    ...(row.status === "pending" ? { nextAttemptAt: row.next_attempt_at.toISOString() } : {}),
  };
}

/** One entry read alone: the delivery and the trace of its attempts. */
export function presentIntegrationEventWithTrace(record: IntegrationEventRecord, urls: Urls) {
  return { event: presentIntegrationEvent(record.delivery, urls), trace: { logs: traceLogs(record.delivery, record.attempts) } };
}

/** The reference's `logs`: one line per attempt ("POST https://… → 500 in 120 ms"), then what happens next. */
function traceLogs(delivery: Pick<DeliveryRow, "status" | "next_attempt_at">, attempts: AttemptRow[]) {
  const logs = attempts.map((attempt) => {
    const delivered = attempt.error === null;
    const message = !attempt.url
      ? `Not sent: ${attempt.error}`
      : attempt.response_status !== null
        ? `POST ${attempt.url} → ${attempt.response_status} in ${attempt.duration_ms} ms`
        : `POST ${attempt.url} failed after ${attempt.duration_ms} ms: ${attempt.error}`;
    return {
      message,
      level: delivered ? ("info" as const) : attempt.response_status !== null ? ("warn" as const) : ("error" as const),
      timestamp: attempt.started_at.toISOString(),
    };
  });
  const last = attempts[attempts.length - 1];
  if (delivery.status === "pending" && last) logs.push({ message: `Next attempt at ${delivery.next_attempt_at.toISOString()}`, level: "info", timestamp: last.started_at.toISOString() });
  if (delivery.status === "failed" && last) logs.push({ message: "Gave up: not delivered within a day of retries", level: "error", timestamp: last.started_at.toISOString() });
  return logs;
}
