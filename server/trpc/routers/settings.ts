import { z } from "zod";
import { entityIdSchema, updateCollectionInput } from "../../collections/schemas";
import { getCollection, listSpacesInCollection } from "../../collections/queries";
import { updateCollection } from "../../collections/update-collection";
import { presentCollection } from "../../presenters/collection";
import { presentSpace } from "../../presenters/space";
import { getSpace } from "../../spaces/queries";
import { updateSpaceInput } from "../../spaces/schemas";
import { getSpacePages } from "../../spaces/space-pages";
import { updateSpace } from "../../spaces/update-space";
import { applySpaceTemplate } from "../../templates/apply-template";
import { SPACE_TEMPLATES } from "../../templates/catalog";
import { applySpaceTemplateInput } from "../../templates/schemas";
import { protectedProcedure, router } from "../init";

const spaceInput = z.object({ spaceId: entityIdSchema });
const collectionInput = z.object({ collectionId: entityIdSchema });

/**
 * Space and collection pages of the admin UI: the same services and input schemas as /v1.
 * Update inputs are flat (id beside the fields) so validation paths name the field itself.
 */
export const settingsRouter = router({
  getSpace: protectedProcedure.input(spaceInput).query(async ({ ctx, input }) => presentSpace(await getSpace(ctx, input.spaceId), ctx.urls)),
  updateSpace: protectedProcedure
    .input(spaceInput.extend(updateSpaceInput.shape))
    .mutation(async ({ ctx, input: { spaceId, ...patch } }) => presentSpace(await updateSpace(ctx, spaceId, patch), ctx.urls)),
  // `revisionId`: the pages of that revision of the space (the history), instead of the current ones.
  spacePages: protectedProcedure
    .input(spaceInput.extend({ revisionId: entityIdSchema.optional() }))
    .query(({ ctx, input }) => getSpacePages(ctx, input.spaceId, input.revisionId)),
  // An empty space's "Start from a template": the built-in templates (the same as /v1's), and applying one to main.
  spaceTemplates: protectedProcedure.query(() => ({ items: SPACE_TEMPLATES.map(({ id, title, subtitle }) => ({ id, title, subtitle })) })),
  applySpaceTemplate: protectedProcedure
    .input(spaceInput.extend({ id: applySpaceTemplateInput.shape.id }))
    .mutation(({ ctx, input: { spaceId, id } }) => applySpaceTemplate(ctx, spaceId, { id })),
  getCollection: protectedProcedure.input(collectionInput).query(async ({ ctx, input }) => presentCollection(await getCollection(ctx, input.collectionId), ctx.urls)),
  updateCollection: protectedProcedure
    .input(collectionInput.extend(updateCollectionInput.unwrap().shape))
    .mutation(async ({ ctx, input: { collectionId, ...patch } }) => presentCollection(await updateCollection(ctx, collectionId, patch), ctx.urls)),
  spacesInCollection: protectedProcedure
    .input(collectionInput)
    .query(async ({ ctx, input }) => {
      const page = await listSpacesInCollection(ctx, input.collectionId, { limit: 1000 });
      return { ...page, items: page.items.map((space) => presentSpace(space, ctx.urls)) };
    }),
});
