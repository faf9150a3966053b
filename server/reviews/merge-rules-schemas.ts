import { z } from "zod";

// Apart from the review schemas: the merge rules forms validate with these in the browser, which must
// not bring the comment body's markdown conversion along.

/** The organization's rules: both always set. */
export const organizationMergeRulesInput = z.object({
  requiredApprovals: z.number().int().min(0).max(20).optional(),
  dismissStaleApprovals: z.boolean().optional(),
  blockOnChangesRequested: z.boolean().optional(),
  requireResolvedThreads: z.boolean().optional(),
});
export type OrganizationMergeRulesInput = z.infer<typeof organizationMergeRulesInput>;

/** A space's rules: null inherits the organization's. */
export const spaceMergeRulesInput = z.object({
  requiredApprovals: z.number().int().min(0).max(20).nullable().optional(),
  dismissStaleApprovals: z.boolean().nullable().optional(),
  blockOnChangesRequested: z.boolean().nullable().optional(),
  requireResolvedThreads: z.boolean().nullable().optional(),
});
export type SpaceMergeRulesInput = z.infer<typeof spaceMergeRulesInput>;
