import { integrationsSubscriber } from "../integrations/events/subscriber";
import { liveSubscriber } from "../live/subscriber";
import { notificationsSubscriber } from "../notifications/subscriber";
import type { EventSubscriber } from "./subscriber";

/**
 * Every subscriber of committed domain events; the dispatcher (dispatch.ts) works exactly these. The
 * audit log is none: it reads the record itself. The recorder imports none of them (eslint.config.mjs).
 */
export const EVENT_SUBSCRIBERS: readonly EventSubscriber[] = [integrationsSubscriber, liveSubscriber, notificationsSubscriber];
