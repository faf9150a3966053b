import { z } from "zod";
import { getAuditEvent } from "../../audit/get-audit-event";
import { listAuditEventActions } from "../../audit/list-audit-event-actions";
import { listAuditEvents } from "../../audit/list-audit-events";
import { auditEventIdSchema, listAuditEventsParams } from "../../audit/schemas";
import { entityIdSchema } from "../../ids";
import { protectedProcedure, router } from "../init";

const organizationInput = z.object({ organizationId: entityIdSchema });

/** The Audit log page: the audit-log services of /v1. */
export const auditRouter = router({
  list: protectedProcedure
    .input(organizationInput.extend(listAuditEventsParams.shape).extend({ limit: z.number().int().min(1).max(100).default(20) }))
    .query(({ ctx, input: { organizationId, ...params } }) => listAuditEvents(ctx, organizationId, params)),
  get: protectedProcedure
    .input(organizationInput.extend({ auditEventId: auditEventIdSchema }))
    .query(({ ctx, input }) => getAuditEvent(ctx, input.organizationId, input.auditEventId)),
  actions: protectedProcedure.input(organizationInput).query(({ ctx, input }) => listAuditEventActions(ctx, input.organizationId)),
});
