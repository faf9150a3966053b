import { z } from "zod";
import { entityIdSchema } from "../ids";
import { listParams } from "../pagination";
import { fontFamilySchema } from "../sites/customization/schemas";

/** A font has one face per weight, at most this many (CSS names nine; variable fonts use any). */
export const MAX_FONT_FACES = 20;

const weightSchema = z.number().int().min(1).max(1000);
const storageKeySchema = z.string().min(1).max(512);

export const organizationFontsPath = z.object({ organizationId: entityIdSchema });
export const customFontPath = organizationFontsPath.extend({ fontId: entityIdSchema });
export const listCustomFontsQuery = listParams;

export const createCustomFontInput = z.strictObject({
  fontFamily: fontFamilySchema,
  fontFaces: z.array(z.strictObject({ weight: weightSchema, storageKey: storageKeySchema })).min(1).max(MAX_FONT_FACES),
});
export type CreateCustomFontInput = z.infer<typeof createCustomFontInput>;

/** updateCustomFont: a new family name, and faces to set (a storage key) or remove (null) by weight. */
export const updateCustomFontInput = z.strictObject({
  fontFamily: fontFamilySchema.optional(),
  fontFaces: z.array(z.strictObject({ weight: weightSchema, storageKey: storageKeySchema.nullable() })).max(MAX_FONT_FACES).optional(),
});
export type UpdateCustomFontInput = z.infer<typeof updateCustomFontInput>;
