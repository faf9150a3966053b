import { z } from "zod";
import { getAuditEvent } from "../../audit/get-audit-event";
import { listAuditEventActions } from "../../audit/list-audit-event-actions";
import { listAuditEvents } from "../../audit/list-audit-events";
import { auditEventIdSchema, listAuditEventsParams } from "../../audit/schemas";
import { entityIdSchema } from "../../ids";
import { presentAuditEvent, presentAuditEventDetail } from "../../presenters/audit-event";
import { protectedProcedure, router } from "../init";

const organizationInput = z.object({ organizationId: entityIdSchema });

/** The Audit log page: the audit-log services of /v1. */
export const auditRouter = router({
  list: protectedProcedure
    .input(organizationInput.extend(listAuditEventsParams.shape).extend({ limit: z.number().int().min(1).max(100).default(20) }))
    .query(async ({ ctx, input: { organizationId, ...params } }) => {
      const page = await listAuditEvents(ctx, organizationId, params);
      return { ...page, items: page.items.map((event) => presentAuditEvent(event, ctx.urls)) };
    }),
  get: protectedProcedure
    .input(organizationInput.extend({ auditEventId: auditEventIdSchema }))
    .query(async ({ ctx, input }) => presentAuditEventDetail(await getAuditEvent(ctx, input.organizationId, input.auditEventId), ctx.urls)),
  actions: protectedProcedure.input(organizationInput).query(({ ctx, input }) => listAuditEventActions(ctx, input.organizationId)),
});
