import { z } from "zod";
import { changeRequestRefSchema } from "../../change-requests/schemas";
import { entityIdSchema } from "../../ids";
import { startImport } from "../../import/start-import";
import { getImportRun, listImportRuns } from "../../import/queries";
import { importContentInput } from "../../import/schemas";
import { protectedProcedure, router } from "../init";

const spaceInput = z.object({ spaceId: entityIdSchema });

/**
 * The "Import from website" dialog: `start` queues the same job as `POST .../content/import`
 * but answers at once, and the dialog polls `get` for the import's progress.
 */
export const importsRouter = router({
  start: protectedProcedure
    .input(spaceInput.extend({ changeRequestId: changeRequestRefSchema.optional(), url: importContentInput.shape.url }))
    .mutation(({ ctx, input }) =>
      startImport(ctx, { spaceId: input.spaceId, ...(input.changeRequestId ? { changeRequest: input.changeRequestId } : {}) }, { url: input.url, source: "website" }),
    ),
  get: protectedProcedure.input(spaceInput.extend({ importId: entityIdSchema })).query(({ ctx, input }) => getImportRun(ctx, input.spaceId, input.importId)),
  list: protectedProcedure.input(spaceInput).query(({ ctx, input }) => listImportRuns(ctx, input.spaceId)),
});
