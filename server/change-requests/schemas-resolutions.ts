import { z } from "zod";
import { entityIdSchema } from "../ids";
import { conflictSideSchema, MAX_RESOLUTION_PAGES } from "../content/merge/conflicts";
import { BLOCK_KEY, MAX_KEYED_BLOCKS } from "../content/format/block-keys";
import { documentShapeProblem } from "../content/format/document-input";
import { markdownLimitProblem } from "../content/format/markdown-limits";
import { MAX_VARIABLES, variableNameSchema, variableValueSchema } from "../content/variables";
import { parseCondition } from "../sites/conditions/parse";
import { MAX_CONDITION_LENGTH } from "../sites/conditions/types";
import { emojiSchema } from "../spaces/schemas";
import { iconNameSchema, PAGE_TITLE_MAX, slugSchema } from "./schemas-content";

/**
 * The resolutions of an update from main that conflicts: per page, the value each conflicting
 * field takes (written, or `main`/`changeRequest` for the side taken); per space variable and
 * file, likewise. `revisions` are the two revisions the conflicts were found between (the
 * `resolution.revisions` of the 409), so that resolutions made against older content are refused.
 */

/** Variables to set (null = not set), by name. */
const variableValuesSchema = z
  .record(variableNameSchema, variableValueSchema.nullable())
  .refine((values) => Object.keys(values).length <= MAX_VARIABLES, `must have at most ${MAX_VARIABLES} variables`);

const markdownSchema = z.string().superRefine((markdown, ctx) => {
  const problem = markdownLimitProblem(markdown);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** A JSON document as the editor writes it, checked for shape and size before anything converts it. */
const documentSchema = z.unknown().superRefine((document, ctx) => {
  const problem = documentShapeProblem(document);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

const blockKeySchema = z.string().regex(BLOCK_KEY, "must be a block key");

/**
 * How one conflicting block of a body is settled: a side's version, `both` (two separate blocks,
 * main's first: for a block edited on both sides), or blocks written instead (markdown, or a JSON
 * document whose blocks keep their keys); written blocks may be none, deleting it.
 */
export const blockResolutionSchema = z.union([
  z.object({ key: blockKeySchema, take: z.enum([...conflictSideSchema.options, "both"]) }).strict(),
  z.object({ key: blockKeySchema, markdown: markdownSchema }).strict(),
  z.object({ key: blockKeySchema, document: documentSchema }).strict(),
]);
export type BlockResolution = z.infer<typeof blockResolutionSchema>;

export const pageResolutionSchema = z
  .object({
    id: entityIdSchema,
    /** The resolved body, whole. */
    markdown: markdownSchema.optional(),
    /** The body resolved block by block: one resolution per conflicting block (instead of `markdown`). */
    blocks: z.array(blockResolutionSchema).max(MAX_KEYED_BLOCKS).optional(),
    title: z.string().trim().min(1).max(PAGE_TITLE_MAX).optional(),
    slug: slugSchema.optional(),
    /** null = not set. */
    emoji: emojiSchema.nullable().optional(),
    description: z.string().trim().max(1000).nullable().optional(),
    icon: iconNameSchema.nullable().optional(),
    /** null = none. Normally one side's condition: only its syntax is checked here. */
    condition: z
      .string()
      .max(MAX_CONDITION_LENGTH)
      .superRefine((condition, ctx) => {
        const parsed = condition === "" ? null : parseCondition(condition, null);
        if (parsed && !parsed.ok) ctx.addIssue({ code: "custom", message: `${parsed.error.message} (at character ${parsed.error.position + 1})` });
      })
      .nullable()
      .optional(),
    hidden: conflictSideSchema.optional(),
    noIndex: conflictSideSchema.optional(),
    noRobotsIndex: conflictSideSchema.optional(),
    layout: conflictSideSchema.optional(),
    cover: conflictSideSchema.optional(),
    /** Its parent and position among its siblings, as one side has them. */
    place: conflictSideSchema.optional(),
    variables: variableValuesSchema.optional(),
  })
  .strict();
export type PageResolution = z.infer<typeof pageResolutionSchema>;

export const mergeResolutionsSchema = z
  .object({
    revisions: z.object({ main: entityIdSchema, changeRequest: entityIdSchema }).strict(),
    pages: z.array(pageResolutionSchema).max(MAX_RESOLUTION_PAGES).default([]),
    variables: variableValuesSchema.default({}),
    files: z
      .array(z.object({ id: entityIdSchema, take: conflictSideSchema }).strict())
      .max(100)
      .default([]),
  })
  .strict();
export type MergeResolutions = z.infer<typeof mergeResolutionsSchema>;
/** What a client sends (defaults may be left out). */
export type MergeResolutionsInput = z.input<typeof mergeResolutionsSchema>;
