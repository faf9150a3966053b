import { EVENT_ACTIONS } from "../events/catalog";
import { defineSubscriber } from "../events/subscriber";
import { publishEvent } from "./publish-event";

/** Live updates: every committed event that concerns a space or a site is told to the screens showing it (publish-event.ts), as soon as it commits: a screen refetches, it needs no order. */
export const liveSubscriber = defineSubscriber({
  name: "live",
  ordered: false,
  actions: EVENT_ACTIONS,
  handle: async (tx, events) => {
    for (const event of events) await publishEvent(tx, event);
  },
});
