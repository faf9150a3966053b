import { z } from "zod";
import { getIntegrationEvent, integrationEventIdSchema, listIntegrationEvents, listIntegrationEventsParams } from "../../integrations/events/log";
import { queueIntegrationTask, queueIntegrationTaskBody } from "../../integrations/events/tasks";
import { defineOperation } from "../operation";

/** An integration's name as the schema allows it (integrations.name). */
const integrationPath = z.object({ integrationName: z.string().regex(/^[a-zA-Z0-9_.-]{1,100}$/, "not an integration name") });

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
