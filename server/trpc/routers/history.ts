import { z } from "zod";
import { getRevisionChanges } from "../../change-requests/get-revision-changes";
import { restorePage, restorePageInput } from "../../change-requests/restore-page";
import { listSpaceHistory, spaceHistoryParams } from "../../content/history";
import { entityIdSchema } from "../../ids";
import { protectedProcedure, router } from "../init";

const spaceInput = z.object({ spaceId: entityIdSchema });

/** A space's history screen: its revisions, the diff between two of them, and restoring a page. */
export const historyRouter = router({
  list: protectedProcedure
    .input(spaceInput.extend(spaceHistoryParams.shape))
    .query(({ ctx, input: { spaceId, ...params } }) => listSpaceHistory(ctx, spaceId, params)),
  changes: protectedProcedure
    .input(spaceInput.extend({ from: entityIdSchema, to: entityIdSchema }))
    .query(({ ctx, input }) => getRevisionChanges(ctx, input.spaceId, { from: input.from, to: input.to }, { limit: 1000 })),
  restorePage: protectedProcedure
    .input(spaceInput.extend(restorePageInput.shape))
    .mutation(({ ctx, input: { spaceId, ...data } }) => restorePage(ctx, spaceId, data)),
});
