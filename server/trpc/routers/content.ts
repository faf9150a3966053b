import { z } from "zod";
import { createCollection } from "../../collections/create-collection";
import { deleteCollection } from "../../collections/delete-collection";
import { moveCollection } from "../../collections/move-collection";
import { collectionTitleSchema, createCollectionInput, entityIdSchema, moveCollectionInput } from "../../collections/schemas";
import { updateCollection } from "../../collections/update-collection";
import { getContentTree } from "../../content-tree/get-content-tree";
import { presentCollection } from "../../presenters/collection";
import { presentContentTree } from "../../presenters/content-tree";
import { presentSpace } from "../../presenters/space";
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
  tree: protectedProcedure.input(organizationInput).query(async ({ ctx, input }) => presentContentTree(await getContentTree(ctx, input.organizationId), ctx.urls)),
  trash: protectedProcedure
    .input(organizationInput)
    .query(async ({ ctx, input }) => (await listDeletedSpaces(ctx, input.organizationId)).map((space) => ({ ...presentSpace(space, ctx.urls), daysLeft: space.daysLeft }))),

  createCollection: protectedProcedure
    .input(createCollectionInput.unwrap().extend(organizationInput.shape))
    .mutation(async ({ ctx, input: { organizationId, ...data } }) => presentCollection(await createCollection(ctx, organizationId, data), ctx.urls)),
  createSpace: protectedProcedure
    .input(createSpaceInput.unwrap().extend(organizationInput.shape))
    .mutation(async ({ ctx, input: { organizationId, ...data } }) => presentSpace(await createSpace(ctx, organizationId, data), ctx.urls)),

  renameCollection: protectedProcedure
    .input(collectionInput.extend({ title: collectionTitleSchema }))
    .mutation(async ({ ctx, input }) => presentCollection(await updateCollection(ctx, input.collectionId, { title: input.title }), ctx.urls)),
  renameSpace: protectedProcedure
    .input(spaceInput.extend({ title: spaceTitleSchema }))
    .mutation(async ({ ctx, input }) => presentSpace(await updateSpace(ctx, input.spaceId, { title: input.title }), ctx.urls)),

  // safeExtend keeps the operation's own check (a parent, a position or both).
  moveCollection: protectedProcedure
    .input(moveCollectionInput.safeExtend(collectionInput.shape))
    .mutation(async ({ ctx, input: { collectionId, ...data } }) => presentCollection(await moveCollection(ctx, collectionId, data), ctx.urls)),
  moveSpace: protectedProcedure
    .input(moveSpaceInput.safeExtend(spaceInput.shape))
    .mutation(async ({ ctx, input: { spaceId, ...data } }) => presentSpace(await moveSpace(ctx, spaceId, data), ctx.urls)),

  deleteCollection: protectedProcedure.input(collectionInput).mutation(({ ctx, input }) => deleteCollection(ctx, input.collectionId)),
  deleteSpace: protectedProcedure.input(spaceInput).mutation(({ ctx, input }) => deleteSpace(ctx, input.spaceId)),
  restoreSpace: protectedProcedure.input(spaceInput).mutation(async ({ ctx, input }) => presentSpace(await restoreSpace(ctx, input.spaceId), ctx.urls)),
});
