import type { JSONDocument } from "@gitbook/api";
import { z } from "zod";
import { changeRequestRefSchema } from "../change-requests/schemas";
import { documentShapeProblem } from "../content/format/document-input";
import { entityIdSchema } from "../ids";
import { listParams } from "../pagination";
import { MAX_COMMENT_MARKDOWN } from "./limits";

/** A body given as the reference's JSON document is at most this large as JSON (its depth is bounded by `documentShapeProblem`). */
export const MAX_COMMENT_DOCUMENT_JSON = 200_000;
/** Emoji per request, and the length of one (a flag, a skin tone and joiners fit). */
export const MAX_REACTIONS_PER_REQUEST = 20;
export const MAX_EMOJI_LENGTH = 32;
/** A table cell's record and definition ids. */
const MAX_TABLE_CELL_ID = 128;

/** A body as a write gives it: markdown, or a JSON document (as checked JSON, converted to markdown in the markdown pool). */
export type CommentBodyInput = { markdown: string } | { documentJson: string };

const emptyBody = "must not be empty: give { markdown } or { document }";

/**
 * The reference's `Document` as a comment body: `{ markdown }` or `{ document: JSONDocument }`.
 * The empty document `{}` is refused: a comment says something. Markdown is bounded here, a JSON
 * document in shape, depth and size before it is converted.
 */
export const commentBodySchema = z.object({ markdown: z.unknown().optional(), document: z.unknown().optional() }).transform((fields, ctx): CommentBodyInput => {
  const fail = (message: string, path: string[] = []) => {
    ctx.addIssue({ code: "custom", path, message });
    return z.NEVER;
  };
  if (fields.markdown !== undefined) {
    if (typeof fields.markdown !== "string") return fail("must be a string", ["markdown"]);
    if (fields.markdown.length > MAX_COMMENT_MARKDOWN) return fail(`must be at most ${MAX_COMMENT_MARKDOWN} characters`, ["markdown"]);
    if (fields.markdown.trim() === "") return fail(emptyBody, ["markdown"]);
    return { markdown: fields.markdown };
  }
  if (fields.document !== undefined) {
    const problem = documentShapeProblem(fields.document);
    if (problem) return fail(problem, ["document"]);
    const documentJson = JSON.stringify(fields.document as JSONDocument);
    if (documentJson.length > MAX_COMMENT_DOCUMENT_JSON) return fail(`must be at most ${MAX_COMMENT_DOCUMENT_JSON} characters as JSON`, ["document"]);
    return { documentJson };
  }
  return fail(emptyBody);
});

const emojiSchema = z
  .string()
  .min(1)
  .max(MAX_EMOJI_LENGTH)
  .refine((emoji) => !/\s/.test(emoji), "must be an emoji, without spaces");
const reactionsSchema = z.array(emojiSchema).max(MAX_REACTIONS_PER_REQUEST);

export const tableCellSchema = z.object({
  record: z.string().min(1).max(MAX_TABLE_CELL_ID),
  definition: z.string().min(1).max(MAX_TABLE_CELL_ID),
});

/** `postCommentIn…` (the reference's PostCommentSchema). */
export const postCommentBody = z.object({
  page: entityIdSchema.optional(),
  node: z.string().min(1).max(64).optional(),
  tableCell: tableCellSchema.optional(),
  body: commentBodySchema,
});

/** `updateCommentIn…` (UpdateCommentSchema): all optional. */
export const updateCommentBody = z.object({
  resolved: z.boolean().optional(),
  body: commentBodySchema.optional(),
  addedReactions: reactionsSchema.optional(),
  removedReactions: reactionsSchema.optional(),
});

export const postReplyBody = z.object({ body: commentBodySchema });

export const updateReplyBody = updateCommentBody.omit({ resolved: true });

export const formatSchema = z.enum(["markdown", "document"]).default("markdown");
export type BodyFormat = z.infer<typeof formatSchema>;
export const formatQuery = z.object({ format: formatSchema });

/** At most this many authors in a filter. */
const MAX_AUTHORS = 50;

/**
 * An array of user ids in a query string, as repeated parameters (`authors=a&authors=b`), the
 * comma form (`authors=a,b`) or both.
 */
const userIdsQuery = z
  .union([z.string().max(4000), z.array(z.string().max(4000)).max(MAX_AUTHORS)])
  .transform((value) => [...new Set((Array.isArray(value) ? value : [value]).flatMap((item) => item.split(",")).map((id) => id.trim()).filter(Boolean))])
  .pipe(z.array(entityIdSchema).max(MAX_AUTHORS));

export const commentStatusSchema = z.enum(["open", "resolved", "all"]).default("all");
export const listOrderSchema = z.enum(["asc", "desc"]).default("desc");

/** `listCommentsIn…`: the reference's listOrder, status, targetPage, authors and documentFormat. */
export const listCommentsParams = listParams.extend({
  order: listOrderSchema,
  status: commentStatusSchema,
  targetPage: entityIdSchema.optional(),
  authors: userIdsQuery.optional(),
  format: formatSchema,
});
export type ListCommentsParams = z.infer<typeof listCommentsParams>;

export const listRepliesParams = listParams.extend({ format: formatSchema });
export type ListRepliesParams = z.infer<typeof listRepliesParams>;

export const updateConversationBody = z.object({ title: z.string().trim().min(1).max(100) });

// ---- tRPC inputs (the contract in COMMON.md)

/** A change request by id or number; absent: the space's own comments. */
export const changeRequestRefInput = z.union([changeRequestRefSchema, z.number().int().positive().max(999_999_999).transform(String)]).optional();

const baseInput = z.object({ spaceId: entityIdSchema, changeRequest: changeRequestRefInput });
const commentInput = baseInput.extend({ commentId: entityIdSchema });
const markdownInput = z.string().max(MAX_COMMENT_MARKDOWN);

export const trpcInputs = {
  list: baseInput.extend({
    status: commentStatusSchema,
    targetPage: entityIdSchema.optional(),
    order: listOrderSchema,
    cursor: z.string().max(200).nullish(),
  }),
  get: commentInput,
  post: baseInput.extend({ page: entityIdSchema.optional(), node: z.string().min(1).max(64).optional(), markdown: markdownInput }),
  update: commentInput.extend({ markdown: markdownInput.optional(), resolved: z.boolean().optional(), addedReactions: reactionsSchema.optional(), removedReactions: reactionsSchema.optional() }),
  delete: commentInput,
  replies: commentInput.extend({ cursor: z.string().max(200).nullish() }),
  reply: commentInput.extend({ markdown: markdownInput }),
  updateReply: commentInput.extend({ replyId: entityIdSchema, markdown: markdownInput.optional(), addedReactions: reactionsSchema.optional(), removedReactions: reactionsSchema.optional() }),
  deleteReply: commentInput.extend({ replyId: entityIdSchema }),
  mentionable: z.object({ spaceId: entityIdSchema, query: z.string().max(100) }),
};

/** A tRPC markdown body as the services take it: checked as /v1 checks `{ markdown }`. */
export const markdownBody = (markdown: string): CommentBodyInput => commentBodySchema.parse({ markdown });
