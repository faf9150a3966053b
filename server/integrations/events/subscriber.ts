import { defineSubscriber } from "../../events/subscriber";
import { TYPED_EVENT_ACTIONS, typedEventsFrom } from "./from-domain-event";
import { recordOrganizationEvents, type NewOrganizationEvent } from "./record";

/**
 * Integrations and webhooks: the typed events committed domain events become (from-domain-event.ts),
 * recorded in the organization's feed with their deliveries and delivery jobs (record.ts), in the
 * dispatcher's transaction: once per event, in the record's order.
 */
export const integrationsSubscriber = defineSubscriber({
  name: "integrations",
  ordered: true,
  actions: TYPED_EVENT_ACTIONS,
  handle: async (tx, events) => {
    const typed: NewOrganizationEvent[] = [];
    for (const event of events) typed.push(...(await typedEventsFrom(tx, event)));
    await recordOrganizationEvents(tx, typed);
  },
});
