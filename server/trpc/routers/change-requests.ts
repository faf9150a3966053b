import { z } from "zod";
import { applyContentChanges } from "../../change-requests/apply-content-changes";
import { getChangeRequestChanges } from "../../change-requests/get-change-request-changes";
import { createChangeRequest } from "../../change-requests/create-change-request";
import { mergeChangeRequest } from "../../change-requests/merge-change-request";
import { updateChangeRequestFromMain } from "../../change-requests/update-change-request-from-main";
import { getChangeRequest, listChangeRequests } from "../../change-requests/queries";
import { changeRequestRefSchema, changeRequestStatusSchema, createChangeRequestInput, updateChangeRequestInput } from "../../change-requests/schemas";
import { contentUpdateBody } from "../../change-requests/schemas-content";
import { mergeResolutionsSchema } from "../../change-requests/schemas-resolutions";
import { updateChangeRequest } from "../../change-requests/update-change-request";
import { getPage, listFiles, listPages, pageReadParams, readVariables, type ContentSource } from "../../content/reads";
import { entityIdSchema } from "../../ids";
import { presentFile, presentPageRecord, presentPageTreeRecord } from "../../presenters/revision";
import { editSessionSchema } from "../../spaces/schemas-live-edit";
import { presentChangeRequest, presentContentChanges } from "../../presenters/change-request";
import { presentChanges } from "../../presenters/changes";
import { protectedProcedure, router } from "../init";

const spaceInput = z.object({ spaceId: entityIdSchema });
const changeRequestInput = spaceInput.extend({ ref: changeRequestRefSchema });

/** Which content of the space to read: main, a change request's, or a revision of the space. */
const contentSource: z.ZodType<ContentSource> = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("main") }),
  z.object({ kind: z.literal("change-request"), ref: changeRequestRefSchema }),
  z.object({ kind: z.literal("revision"), revisionId: entityIdSchema }),
]);
const contentInput = spaceInput.extend({ source: contentSource });

/** The reader, the change request list, review and editor screens: each procedure is one service call. */
export const changeRequestsRouter = router({
  list: protectedProcedure
    // `cursor` is the list's `page` cursor, named as TanStack's infinite queries expect.
    .input(spaceInput.extend({ status: changeRequestStatusSchema, cursor: z.string().max(200).nullish() }))
    .query(async ({ ctx, input }) => {
      const page = await listChangeRequests(ctx, input.spaceId, { status: input.status, page: input.cursor ?? undefined, limit: 50 });
      return { ...page, items: page.items.map((changeRequest) => presentChangeRequest(changeRequest, ctx.urls)) };
    }),
  get: protectedProcedure.input(changeRequestInput).query(async ({ ctx, input }) => presentChangeRequest(await getChangeRequest(ctx, input.spaceId, input.ref), ctx.urls)),
  create: protectedProcedure
    .input(spaceInput.extend(createChangeRequestInput.shape))
    .mutation(async ({ ctx, input: { spaceId, ...data } }) => presentChangeRequest(await createChangeRequest(ctx, spaceId, data), ctx.urls)),
  update: protectedProcedure
    .input(changeRequestInput.extend(updateChangeRequestInput.shape))
    .mutation(async ({ ctx, input: { spaceId, ref, ...patch } }) => presentChangeRequest(await updateChangeRequest(ctx, spaceId, ref, patch), ctx.urls)),
  merge: protectedProcedure.input(changeRequestInput).mutation(({ ctx, input }) => mergeChangeRequest(ctx, input.spaceId, input.ref)),
  // With `resolutions`, the conflicts of the update resolved as the review screen's conflict view says.
  updateFromMain: protectedProcedure
    .input(changeRequestInput.extend({ resolutions: mergeResolutionsSchema.optional() }))
    .mutation(({ ctx, input }) => updateChangeRequestFromMain(ctx, input.spaceId, input.ref, input.resolutions)),

  changes: protectedProcedure.input(changeRequestInput).query(async ({ ctx, input }) => presentChanges(await getChangeRequestChanges(ctx, input.spaceId, input.ref, { limit: 1000 }), ctx.urls)),
  // The editor's Save and uploads: one batch each, answered with the created pages and inserted files.
  applyChanges: protectedProcedure
    // `session`: the editor opening saving (its autosaves are one audit entry).
    .input(changeRequestInput.extend(contentUpdateBody.shape).extend({ session: editSessionSchema.optional() }))
    .mutation(async ({ ctx, input: { spaceId, ref, changes, session } }) => presentContentChanges(await applyContentChanges(ctx, spaceId, ref, { changes }, { session }), ctx.urls)),

  pages: protectedProcedure.input(contentInput).query(async ({ ctx, input }) => presentPageTreeRecord(await listPages(ctx, input.spaceId, input.source), ctx.urls)),
  page: protectedProcedure
    // The reader shows variables' values (`evaluated`); the editor and diffs show what is written.
    // The block editor reads the document (`format: "document"`), with its block keys.
    .input(contentInput.extend({ pageId: entityIdSchema, evaluated: z.boolean().default(false), format: pageReadParams.shape.format }))
    .query(async ({ ctx, input }) =>
      presentPageRecord(await getPage(ctx, input.spaceId, input.source, input.pageId, { ...pageReadParams.parse({}), evaluated: input.evaluated, format: input.format }), ctx.urls),
    ),
  variables: protectedProcedure
    .input(contentInput.extend({ pageId: entityIdSchema.optional() }))
    .query(({ ctx, input }) => readVariables(ctx, input.spaceId, input.source, input.pageId)),
  files: protectedProcedure
    .input(contentInput)
    .query(async ({ ctx, input }) => {
      const page = await listFiles(ctx, input.spaceId, input.source, { limit: 1000, metadata: true, computed: true });
      return { ...page, items: page.items.map((file) => presentFile(file, ctx.urls)) };
    }),
});
