import { z } from "zod";
import { createCollection } from "../../collections/create-collection";
import { deleteCollection } from "../../collections/delete-collection";
import { moveCollection } from "../../collections/move-collection";
import { collectionTitleSchema, createCollectionInput, entityIdSchema, moveCollectionInput } from "../../collections/schemas";
import { updateCollection } from "../../collections/update-collection";
import { getContentTree } from "../../content-tree/get-content-tree";
import { createSpace } from "../../spaces/create-space";
import { deleteSpace } from "../../spaces/delete-space";
import { moveSpace } from "../../spaces/move-space";
import { listDeletedSpaces } from "../../spaces/queries";
import { restoreSpace } from "../../spaces/restore-space";
import { createSpaceInput, moveSpaceInput, spaceTitleSchema } from "../../spaces/schemas";
import { updateSpace } from "../../spaces/update-space";
import { protectedProcedure, router } from "../init";

const organizationInput = z.object({ organizationId: entityIdSchema });
const collectionInput = z.object({ collectionId: entityIdSchema });
const spaceInput = z.object({ spaceId: entityIdSchema });

/**
 * The sidebar's content tree and the actions on it; each procedure is one service call. Inputs
 * are the operations' own schemas with the id beside the fields, so errors name the field.
 */
export const contentRouter = router({
  tree: protectedProcedure.input(organizationInput).query(({ ctx, input }) => getContentTree(ctx, input.organizationId)),
  trash: protectedProcedure.input(organizationInput).query(({ ctx, input }) => listDeletedSpaces(ctx, input.organizationId)),

  createCollection: protectedProcedure
    .input(createCollectionInput.unwrap().extend(organizationInput.shape))
    .mutation(({ ctx, input: { organizationId, ...data } }) => createCollection(ctx, organizationId, data)),
  createSpace: protectedProcedure
    .input(createSpaceInput.unwrap().extend(organizationInput.shape))
    .mutation(({ ctx, input: { organizationId, ...data } }) => createSpace(ctx, organizationId, data)),

  renameCollection: protectedProcedure
    .input(collectionInput.extend({ title: collectionTitleSchema }))
    .mutation(({ ctx, input }) => updateCollection(ctx, input.collectionId, { title: input.title })),
  renameSpace: protectedProcedure
    .input(spaceInput.extend({ title: spaceTitleSchema }))
    .mutation(({ ctx, input }) => updateSpace(ctx, input.spaceId, { title: input.title })),

  // safeExtend keeps the operation's own check (a parent, a position or both).
  moveCollection: protectedProcedure
    .input(moveCollectionInput.safeExtend(collectionInput.shape))
    .mutation(({ ctx, input: { collectionId, ...data } }) => moveCollection(ctx, collectionId, data)),
  moveSpace: protectedProcedure
    .input(moveSpaceInput.safeExtend(spaceInput.shape))
    .mutation(({ ctx, input: { spaceId, ...data } }) => moveSpace(ctx, spaceId, data)),

  deleteCollection: protectedProcedure.input(collectionInput).mutation(({ ctx, input }) => deleteCollection(ctx, input.collectionId)),
  deleteSpace: protectedProcedure.input(spaceInput).mutation(({ ctx, input }) => deleteSpace(ctx, input.spaceId)),
  restoreSpace: protectedProcedure.input(spaceInput).mutation(({ ctx, input }) => restoreSpace(ctx, input.spaceId)),
});
