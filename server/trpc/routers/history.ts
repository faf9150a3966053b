import { z } from "zod";
import { getRevisionChanges } from "../../change-requests/get-revision-changes";
import { restorePage, restorePageInput } from "../../change-requests/restore-page";
import { listSpaceHistory, spaceHistoryParams } from "../../content/history";
import { entityIdSchema } from "../../ids";
import { presentChangeRequest } from "../../presenters/change-request";
import { presentChanges } from "../../presenters/changes";
import { protectedProcedure, router } from "../init";

const spaceInput = z.object({ spaceId: entityIdSchema });

/** A space's history screen: its revisions, the diff between two of them, and restoring a page. */
export const historyRouter = router({
  list: protectedProcedure
    .input(spaceInput.extend(spaceHistoryParams.shape))
    .query(({ ctx, input: { spaceId, ...params } }) => listSpaceHistory(ctx, spaceId, params)),
  changes: protectedProcedure
    .input(spaceInput.extend({ from: entityIdSchema, to: entityIdSchema }))
    .query(async ({ ctx, input }) => presentChanges(await getRevisionChanges(ctx, input.spaceId, { from: input.from, to: input.to }, { limit: 1000 }), ctx.urls)),
  restorePage: protectedProcedure
    .input(spaceInput.extend(restorePageInput.shape))
    .mutation(async ({ ctx, input: { spaceId, ...data } }) => presentChangeRequest(await restorePage(ctx, spaceId, data), ctx.urls)),
});
