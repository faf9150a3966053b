import { getIntegrationEvent } from "../../integrations/events/get-integration-event";
import { listIntegrationEvents } from "../../integrations/events/list-integration-events";
import { integrationEventIdSchema, listIntegrationEventsParams } from "../../integrations/events/log";
import { queueIntegrationTask, queueIntegrationTaskBody } from "../../integrations/events/tasks";
import { integrationPath } from "../../integrations/registry/schemas";
import { eventUrls } from "../../http/urls";
import { presentIntegrationEvent, presentIntegrationEventWithTrace } from "../../presenters/integration-event";
import { defineOperation } from "../operation";

/** The log shows each payload as the integration received it: on the events' URLs (eventUrls), not the request's. */
export const integrationEventOperations = [
  defineOperation({
    operationId: "listIntegrationEvents",
    method: "GET",
    path: "/v1/integrations/{integrationName}/events",
    params: integrationPath,
    query: listIntegrationEventsParams,
    handler: async (c) => {
      const page = await listIntegrationEvents(c, c.params.integrationName, c.query);
      return { ...page, items: page.items.map((delivery) => presentIntegrationEvent(delivery, eventUrls())) };
    },
  }),
  defineOperation({
    operationId: "getIntegrationEvent",
    method: "GET",
    path: "/v1/integrations/{integrationName}/events/{eventId}",
    params: integrationPath.extend({ eventId: integrationEventIdSchema }),
    handler: async (c) => presentIntegrationEventWithTrace(await getIntegrationEvent(c, c.params.integrationName, c.params.eventId), eventUrls()),
  }),
  defineOperation({
    operationId: "queueIntegrationTask",
    method: "POST",
    path: "/v1/integrations/{integrationName}/tasks",
    params: integrationPath,
    body: queueIntegrationTaskBody,
    status: 204,
    handler: (c) => queueIntegrationTask(c, c.params.integrationName, c.body),
  }),
];
