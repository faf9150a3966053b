import { z } from "zod";
import { contentPositionSchema } from "../content-tree/position";
import { entityIdSchema } from "../ids";
import { listParams } from "../pagination";
import { defaultLevelSchema } from "../policies/roles";

// Defined with the ids; still exported here, where the tRPC routers import it from.
export { entityIdSchema };

export const collectionTitleSchema = z.string().trim().min(1).max(50);
export const collectionDescriptionSchema = z.string().max(100);

export const collectionPath = z.object({ collectionId: entityIdSchema });

// The reference does not require a body for create, and an empty PATCH changes nothing.
export const createCollectionInput = z
  .object({ title: collectionTitleSchema.optional(), parent: entityIdSchema.optional() })
  .default({});

export const updateCollectionInput = z
  .object({
    title: collectionTitleSchema.optional(),
    description: collectionDescriptionSchema.optional(),
    defaultLevel: defaultLevelSchema.optional(),
  })
  .default({});

/** `parent` null moves to the organization root; omitted keeps the current parent. */
export const moveCollectionInput = z
  .object({ parent: entityIdSchema.nullable().optional(), position: contentPositionSchema.optional() })
  .refine((input) => input.parent !== undefined || input.position !== undefined, "give `parent`, `position` or both");

export const transferCollectionInput = z.object({ organization: entityIdSchema });

export const listCollectionsParams = listParams.extend({
  nested: z.stringbool({ truthy: ["true"], falsy: ["false"] }).default(true),
});

export type CreateCollectionInput = z.infer<typeof createCollectionInput>;
export type UpdateCollectionInput = z.infer<typeof updateCollectionInput>;
export type MoveCollectionInput = z.infer<typeof moveCollectionInput>;
export type TransferCollectionInput = z.infer<typeof transferCollectionInput>;
export type ListCollectionsParams = z.infer<typeof listCollectionsParams>;
