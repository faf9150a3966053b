import type { JSONDocument } from "@gitbook/api";
import { z } from "zod";
import { MAX_CONDITION_LENGTH } from "../sites/conditions/types";
import { httpUrlSchema } from "../validation/http-url";
import { fieldError, sentence } from "../errors";
import { entityIdSchema } from "../ids";
import { documentShapeProblem } from "../content/format/document-input";
import { markdownLimitProblem } from "../content/format/markdown-limits";
import { coverSchema, layoutInputSchema } from "../content/page-display";
import { variableNameSchema, variableValueSchema } from "../content/variables";
import { emojiSchema } from "../spaces/schemas";
import { SLUG_MAX } from "./content-changes/slugs";

/**
 * The batch of content changes of `updateChangeRequestContent`, following the reference's
 * `ChangeRequestContentChange*` schemas. The body schema only bounds the batch; each change is
 * read by `parseContentChanges`, so that every 400 names the change as `changes[i].field`.
 */

export const MAX_CHANGES = 50;
export const MAX_FILES_PER_CHANGE = 20;
export const PAGE_TITLE_MAX = 256;

export const contentUpdateBody = z.object({ changes: z.array(z.unknown()).min(1).max(MAX_CHANGES) });

export const contentUpdateQuery = z.object({
  /** Reference default `true`: answer the change request alone; `false` adds the affected pages and inserted files. */
  compat: z.stringbool({ truthy: ["true"], falsy: ["false"] }).default(true),
});

export const changesQuery = z.object({
  limit: z
    .string()
    .regex(/^[0-9]+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1).max(1000))
    .default(10),
});

/** A path segment: lowercase letters and digits in runs joined by `-`, `_` or `.`, and not ending in `.md` (a link would read it as a file). */
export const SLUG_PATTERN = /^[\p{Ll}\p{Lo}\p{Lm}\p{N}]+(?:[-_.][\p{Ll}\p{Lo}\p{Lm}\p{N}]+)*$/u;
export const slugSchema = z
  .string()
  .max(SLUG_MAX)
  .refine((slug) => slug === "" || (SLUG_PATTERN.test(slug) && !slug.endsWith(".md")), "must be lowercase letters and digits joined by -, _ or . (and not end in .md)");

export const iconNameSchema = z.string().regex(/^[a-z0-9-]{1,50}$/, "must be an icon name: lowercase letters, digits and -");

/** Batch-local name of an inserted page or file, used in links as `./<ref>` or `./<ref>.md`. */
const refSchema = z.string().min(1).max(100).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "must be letters, digits, ., _ and - (starting with a letter or digit)");

/**
 * A page body as the reference's `Document`: markdown `{ markdown }`, the JSON document
 * `{ document: { object: "document", data, nodes } }` (its nodes' `key`s are kept as block keys),
 * or the empty document. Markdown is bounded in size and nesting here, in one linear pass, and a
 * JSON document in shape, size and depth, before anything parses or converts either.
 */
const documentSchema = z.unknown().transform((value, ctx): DocumentInput => {
  if (value === undefined) {
    ctx.addIssue({ code: "custom", message: "is required: a markdown document { markdown: string } or a JSON document { document }" });
    return z.NEVER;
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const fields = value as Record<string, unknown>;
    if (typeof fields.markdown === "string") {
      const problem = markdownLimitProblem(fields.markdown);
      if (problem) {
        ctx.addIssue({ code: "custom", path: ["markdown"], message: problem });
        return z.NEVER;
      }
      return { markdown: fields.markdown };
    }
    if (fields.document !== undefined) {
      const problem = documentShapeProblem(fields.document);
      if (problem) {
        ctx.addIssue({ code: "custom", path: ["document"], message: problem });
        return z.NEVER;
      }
      return { document: fields.document as JSONDocument };
    }
    if (Object.keys(fields).length === 0) return { markdown: "" };
  }
  ctx.addIssue({ code: "custom", message: "must be a markdown document { markdown: string } or a JSON document { document: { object: \"document\", data, nodes } }" });
  return z.NEVER;
});

/** A page body as a change gives it. */
export type DocumentInput = { markdown: string } | { document: JSONDocument };

/**
 * Fields of the reference's `RevisionPageUpdate`, plus Quire's `layout` and `cover` (the
 * reference shows both on pages but sets them only in its editor).
 */
const pageFields = {
  title: z.string().trim().min(1).max(PAGE_TITLE_MAX).optional(),
  slug: slugSchema.optional(),
  /** An empty string removes it. */
  emoji: z.union([z.literal(""), emojiSchema]).optional(),
  /** An empty string removes it. */
  description: z.string().trim().max(1000).optional(),
  /** An icon name such as `gear`; an empty string removes it. */
  icon: z.union([z.literal(""), iconNameSchema]).optional(),
  hidden: z.boolean().optional(),
  noIndex: z.boolean().optional(),
  noRobotsIndex: z.boolean().optional(),
  /**
   * An adaptive-content condition deciding whether visitors see the page (server/sites/conditions);
   * an empty string removes it. Checked by the batch against the visitor schemas of the space's sites.
   */
  condition: z.string().max(MAX_CONDITION_LENGTH).optional(),
  layout: layoutInputSchema.optional(),
  /** null removes it. */
  cover: coverSchema.nullable().optional(),
};

const insertPage = z.object({
  operation: z.literal("insert_page"),
  ...pageFields,
  document: documentSchema,
  into: entityIdSchema.optional(),
  at: z.number().int().min(0).optional(),
  ref: refSchema.optional(),
});

const updatePage = z.object({
  operation: z.literal("update_page"),
  ...pageFields,
  page: entityIdSchema,
  document: documentSchema.optional(),
  /** A page id, or null for the root of the tree; absent leaves the parent. */
  into: entityIdSchema.nullable().optional(),
  at: z.number().int().min(0).optional(),
});

const deletePage = z.object({ operation: z.literal("delete_page"), page: entityIdSchema });

const revertPage = z.object({
  operation: z.literal("revert_page"),
  page: entityIdSchema,
  revision: entityIdSchema.optional(),
  block: z.undefined({ error: "reverting single blocks is not supported; omit block to revert the whole page" }).optional(),
});

const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

const fileSource = z
  .object({
    ref: refSchema.optional(),
    name: z
      .string()
      .min(1)
      .max(256)
      .refine((name) => !/[/\\\p{Cc}]/u.test(name) && name !== "." && name !== "..", "must be a file name (no /, \\ or control characters)"),
    contentType: z
      .string()
      .transform((type) => type.split(";")[0]!.trim().toLowerCase())
      .pipe(z.string().regex(CONTENT_TYPE, "must be a MIME type such as image/png"))
      .optional(),
    url: httpUrlSchema.optional(),
    base64: z.string().optional(),
  })
  .superRefine((file, ctx) => {
    if ((file.url === undefined) === (file.base64 === undefined)) {
      ctx.addIssue({ code: "custom", path: ["url"], message: "set exactly one source: url or base64" });
    }
    if (file.base64 !== undefined && file.contentType === undefined) {
      ctx.addIssue({ code: "custom", path: ["contentType"], message: "is required with base64" });
    }
  });

const insertFiles = z.object({
  operation: z.literal("insert_files"),
  files: z.array(fileSource).min(1).max(MAX_FILES_PER_CHANGE),
});

/**
 * Quire's own change (GitBook sets variables in its editor only): sets the space's variables,
 * or with `page` that page's; a null value removes the variable.
 */
const updateVariables = z.object({
  operation: z.literal("update_variables"),
  page: entityIdSchema.optional(),
  variables: z
    .record(variableNameSchema, variableValueSchema.nullable())
    .refine((variables) => Object.keys(variables).length > 0, "must set or remove at least one variable"),
});

export const contentChangeSchema = z.discriminatedUnion("operation", [insertPage, updatePage, deletePage, revertPage, insertFiles, updateVariables]);

export type ContentChange = z.infer<typeof contentChangeSchema>;
export type InsertPageChange = z.infer<typeof insertPage>;
export type UpdatePageChange = z.infer<typeof updatePage>;
export type DeletePageChange = z.infer<typeof deletePage>;
export type RevertPageChange = z.infer<typeof revertPage>;
export type InsertFilesChange = z.infer<typeof insertFiles>;
export type UpdateVariablesChange = z.infer<typeof updateVariables>;
/** What insert_page and update_page set on a page besides its title, slug and body. */
export type PageFieldChanges = Pick<InsertPageChange, "emoji" | "description" | "icon" | "hidden" | "noIndex" | "noRobotsIndex" | "layout" | "cover" | "condition">;
export type FileSource = z.infer<typeof fileSource>;

/** `changes[2].files[0].url`: the way every message of this operation names a field. */
export function changePath(index: number, path: readonly PropertyKey[] = []): string {
  return path.reduce<string>((name, key) => (typeof key === "number" ? `${name}[${key}]` : `${name}.${String(key)}`), `changes[${index}]`);
}

/** Reads each change of the batch; the first invalid one rejects the batch with a 400 naming it. */
export function parseContentChanges(changes: unknown[]): ContentChange[] {
  return changes.map((change, index) => {
    const result = contentChangeSchema.safeParse(change);
    if (result.success) return result.data;
    const issue = result.error.issues[0]!;
    throw fieldError(changePath(index, issue.path), sentence(issue.message));
  });
}
