import type { ServiceContext } from "../context";
import { inTransaction } from "../db/transaction";
import { recordOrganizationEvents } from "../integrations/events/record";
import { loadWebhook } from "./access";

/**
 * Sends a `ping` event to one webhook alone (an inactive one too: an admin checks an endpoint
 * before switching it on). It is recorded in the organization's feed like any event and delivered,
 * signed and retried by the same jobs, so the test proves the whole path; no domain event is
 * recorded, as nothing in the organization changed. Answers the event and its delivery, whose
 * attempts `listWebhookDeliveries` shows.
 */
export async function sendWebhookTest(ctx: ServiceContext, organizationId: string, webhookId: string) {
  return inTransaction(
    async (tx) => {
      const webhook = await loadWebhook(tx, ctx, organizationId, webhookId);
      await recordOrganizationEvents(tx, [
        {
          organizationId,
          type: "ping",
          payload: { organizationId, webhookId, message: `A test event sent to ${webhook.url} from Quire.` },
          webhookId,
        },
      ]);
      // The rows this transaction just wrote: recordOrganizationEvents answers nothing.
      const [sent] = await tx.$queryRaw<{ event_id: string; delivery_id: string }[]>`
        SELECT e.id AS event_id, d.id AS delivery_id FROM organization_events e JOIN event_deliveries d ON d.event_id = e.id
        WHERE e.webhook_id = ${webhookId} AND d.webhook_id = ${webhookId} AND e.txid = pg_current_xact_id()::text::bigint
        ORDER BY e.seq DESC LIMIT 1`;
      if (!sent) throw new Error(`The test event for webhook ${webhookId} was recorded without a delivery.`);
      return { object: "webhook-test" as const, eventId: sent.event_id, deliveryId: sent.delivery_id };
    },
    "record",
  );
}
