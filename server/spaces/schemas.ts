import { z } from "zod";
import { contentPositionSchema } from "../content-tree/position";
import { entityIdSchema } from "../ids";
import { defaultLevelSchema } from "../policies/roles";

/** Input schemas of the space operations, shared by /v1 and tRPC. Bounds follow the reference document. */

export const SPACE_TITLE_MAX = 50;
export const DEFAULT_SPACE_TITLE = "Untitled";

export const spaceTitleSchema = z.string().trim().min(1).max(SPACE_TITLE_MAX);

/**
 * An emoji character sequence (ZWJ sequences, flags, skin tones) or its code points in hex
 * ("1f389", "1f468-200d-1f4bb"), the two forms the reference's `emoji` format admits.
 */
export const emojiSchema = z
  .string()
  .max(50)
  .regex(
    /^(?:[0-9a-f]{2,6}(?:-[0-9a-f]{2,6})*|(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u200d|\ufe0f|\u20e3){1,12})$/u,
    "must be an emoji character or its hex code points",
  );

export const spaceEditModeSchema = z.enum(["live", "locked"]);

export const contentVisibilitySchema = z.enum(["public", "unlisted", "share-link", "visitor-auth", "in-collection", "private"]);

/** Reference `TranslationLanguage`. */
export const translationLanguageSchema = z.enum([
  "en", "fr", "de", "es", "it", "pt", "pt-br", "ru", "ja", "zh", "zh-tw", "yue", "ko", "ar", "hi", "nl", "pl", "tr", "sv", "no",
  "da", "fi", "el", "cs", "hu", "ro", "th", "vi", "id", "ms", "he", "uk", "sk", "bg", "hr", "lt", "lv", "et", "sl",
]);

const collectionId = entityIdSchema;

export const createSpaceInput = z
  .object({
    title: spaceTitleSchema.optional(),
    emoji: emojiSchema.optional(),
    parent: collectionId.optional(),
    language: translationLanguageSchema.optional(),
    editMode: spaceEditModeSchema.optional(),
    /** Start without any page (the reference only admits `true`; `false` is the default). */
    empty: z.boolean().optional(),
  })
  // The reference makes the body optional.
  .prefault({});
export type CreateSpaceInput = z.infer<typeof createSpaceInput>;

export const updateSpaceInput = z.object({
  editMode: spaceEditModeSchema.optional(),
  title: spaceTitleSchema.optional(),
  defaultLevel: defaultLevelSchema.optional(),
  language: translationLanguageSchema.optional(),
  /** null removes the emoji. */
  emoji: emojiSchema.nullable().optional(),
  visibility: contentVisibilitySchema.optional(),
});
export type UpdateSpaceInput = z.infer<typeof updateSpaceInput>;

export const moveSpaceInput = z
  .object({
    /** Target collection, or null for the organization root; absent keeps the current parent. */
    parent: collectionId.nullable().optional(),
    /** Where among the target's children; the end by default. */
    position: contentPositionSchema.optional(),
  })
  .refine((input) => input.parent !== undefined || input.position !== undefined, {
    message: "expected at least one of `parent` and `position`",
  });
export type MoveSpaceInput = z.infer<typeof moveSpaceInput>;

export const transferSpaceInput = z.object({
  organization: entityIdSchema,
  /** Collection of the target organization; absent or null puts the space at its root. */
  parent: collectionId.nullable().optional(),
});
export type TransferSpaceInput = z.infer<typeof transferSpaceInput>;
