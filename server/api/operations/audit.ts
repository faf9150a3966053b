import { z } from "zod";
import { getAuditEvent } from "../../audit/get-audit-event";
import { listAuditEventActions } from "../../audit/list-audit-event-actions";
import { listAuditEvents } from "../../audit/list-audit-events";
import { auditEventIdSchema, listAuditEventsParams } from "../../audit/schemas";
import { entityIdSchema } from "../../ids";
import { presentAuditEvent, presentAuditEventDetail } from "../../presenters/audit-event";
import { defineOperation } from "../operation";

const organizationPath = z.object({ organizationId: entityIdSchema });

export const auditOperations = [
  defineOperation({
    operationId: "listOrganizationAuditEvents",
    method: "GET",
    path: "/v1/orgs/{organizationId}/audit-events",
    params: organizationPath,
    query: listAuditEventsParams,
    handler: async (c) => {
      const page = await listAuditEvents(c, c.params.organizationId, c.query);
      return { ...page, items: page.items.map((event) => presentAuditEvent(event, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "getOrganizationAuditEvent",
    method: "GET",
    path: "/v1/orgs/{organizationId}/audit-events/{auditEventId}",
    params: organizationPath.extend({ auditEventId: auditEventIdSchema }),
    handler: async (c) => presentAuditEventDetail(await getAuditEvent(c, c.params.organizationId, c.params.auditEventId), c.urls),
  }),
  defineOperation({
    operationId: "listOrganizationAuditEventActions",
    method: "GET",
    path: "/v1/orgs/{organizationId}/audit-event-actions",
    params: organizationPath,
    handler: (c) => listAuditEventActions(c, c.params.organizationId),
  }),
];
