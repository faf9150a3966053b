import { getIntegrationEvent } from "../../integrations/events/get-integration-event";
import { listIntegrationEvents } from "../../integrations/events/list-integration-events";
import { integrationEventIdSchema, listIntegrationEventsParams } from "../../integrations/events/log";
import { queueIntegrationTask, queueIntegrationTaskBody } from "../../integrations/events/tasks";
import { integrationPath } from "../../integrations/registry/schemas";
import { defineOperation } from "../operation";


export const integrationEventOperations = [
  defineOperation({
    operationId: "listIntegrationEvents",
    method: "GET",
    path: "/v1/integrations/{integrationName}/events",
    params: integrationPath,
    query: listIntegrationEventsParams,
    handler: (c) => listIntegrationEvents(c, c.params.integrationName, c.query),
  }),
  defineOperation({
    operationId: "getIntegrationEvent",
    method: "GET",
    path: "/v1/integrations/{integrationName}/events/{eventId}",
    params: integrationPath.extend({ eventId: integrationEventIdSchema }),
    handler: (c) => getIntegrationEvent(c, c.params.integrationName, c.params.eventId),
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
