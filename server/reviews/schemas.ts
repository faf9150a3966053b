import { z } from "zod";
import { MAX_COMMENT_MARKDOWN } from "../comments/limits";
import { commentBodySchema, formatSchema, type CommentBodyInput } from "../comments/schemas";
import { entityIdSchema } from "../ids";
import { listParams } from "../pagination";

export const reviewStatusSchema = z.enum(["approved", "changes-requested"]);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

/** Most users one request names: a review request is for a few people, not the organization. */
export const MAX_REQUESTED_USERS = 50;

/**
 * A review's comment: the reference's `Document`, `{ markdown }` or `{ document }` as a comment's body;
 * its empty document `{}` is no comment.
 */
const reviewCommentSchema = z.object({ markdown: z.unknown().optional(), document: z.unknown().optional() }).transform((fields, ctx): CommentBodyInput | undefined => {
  if (fields.markdown === undefined && fields.document === undefined) return undefined;
  const parsed = commentBodySchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  return z.NEVER;
});

export const submitReviewInput = z.object({
  status: reviewStatusSchema,
  comment: reviewCommentSchema.optional(),
});
export type SubmitReviewInput = { status: ReviewStatus; comment?: CommentBodyInput };

/** The review screen's comment: markdown, blank for none. */
export const reviewMarkdownSchema = z.string().max(MAX_COMMENT_MARKDOWN).optional();

/** `outdated` in the query string: "true" or "false". */
const booleanQuery = z.enum(["true", "false"]).transform((value) => value === "true");

/** `format`: how reviews' comments are given, markdown (the default) or the reference's JSON document. */
export const listReviewsParams = listParams.extend({
  outdated: booleanQuery.optional(),
  format: formatSchema,
});
export type ListReviewsParams = z.infer<typeof listReviewsParams>;

export const requestReviewersInput = z.object({
  users: z.array(entityIdSchema).min(1, "name at least one user").max(MAX_REQUESTED_USERS),
  subject: z.string().trim().max(100).optional(),
});
export type RequestReviewersInput = z.infer<typeof requestReviewersInput>;

