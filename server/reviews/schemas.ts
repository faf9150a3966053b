import { z } from "zod";
import { entityIdSchema } from "../ids";
import { listParams } from "../pagination";

export const reviewStatusSchema = z.enum(["approved", "changes-requested"]);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

/** Most users one request names: a review request is for a few people, not the organization. */
export const MAX_REQUESTED_USERS = 50;

export const submitReviewInput = z.object({
  status: reviewStatusSchema,
});
export type SubmitReviewInput = z.infer<typeof submitReviewInput>;

/** `outdated` in the query string: "true" or "false". */
const booleanQuery = z.enum(["true", "false"]).transform((value) => value === "true");

export const listReviewsParams = listParams.extend({
  outdated: booleanQuery.optional(),
  format: z.enum(["document", "markdown"]).optional(),
});
export type ListReviewsParams = z.infer<typeof listReviewsParams>;

export const reviewFormatQuery = z.object({ format: z.enum(["document", "markdown"]).optional() });

export const requestReviewersInput = z.object({
  users: z.array(entityIdSchema).min(1, "name at least one user").max(MAX_REQUESTED_USERS),
  subject: z.string().trim().max(100).optional(),
});
export type RequestReviewersInput = z.infer<typeof requestReviewersInput>;

/** The organization's rules: both always set. */
export const organizationMergeRulesInput = z.object({
  requiredApprovals: z.number().int().min(0).max(20).optional(),
  dismissStaleApprovals: z.boolean().optional(),
});
export type OrganizationMergeRulesInput = z.infer<typeof organizationMergeRulesInput>;

/** A space's rules: null inherits the organization's. */
export const spaceMergeRulesInput = z.object({
  requiredApprovals: z.number().int().min(0).max(20).nullable().optional(),
  dismissStaleApprovals: z.boolean().nullable().optional(),
});
export type SpaceMergeRulesInput = z.infer<typeof spaceMergeRulesInput>;
