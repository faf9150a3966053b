import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { getOrganizationMergeRules } from "../../reviews/get-organization-merge-rules";
import { getSpaceMergeRules } from "../../reviews/get-space-merge-rules";
import { updateOrganizationMergeRules } from "../../reviews/update-organization-merge-rules";
import { updateSpaceMergeRules } from "../../reviews/update-space-merge-rules";
import { organizationMergeRulesInput, spaceMergeRulesInput } from "../../reviews/merge-rules-schemas";
import { protectedProcedure, router } from "../init";

const organizationInput = z.object({ organizationId: entityIdSchema });
const spaceInput = z.object({ spaceId: entityIdSchema });

/** The merge rules' settings forms: the organization's, and a space's own (null inherits). */
export const mergeRulesRouter = router({
  getForOrganization: protectedProcedure.input(organizationInput).query(({ ctx, input }) => getOrganizationMergeRules(ctx, input.organizationId)),
  updateForOrganization: protectedProcedure
    .input(organizationInput.extend(organizationMergeRulesInput.shape))
    .mutation(({ ctx, input: { organizationId, ...rules } }) => updateOrganizationMergeRules(ctx, organizationId, rules)),
  getForSpace: protectedProcedure.input(spaceInput).query(({ ctx, input }) => getSpaceMergeRules(ctx, input.spaceId)),
  updateForSpace: protectedProcedure
    .input(spaceInput.extend(spaceMergeRulesInput.shape))
    .mutation(({ ctx, input: { spaceId, ...rules } }) => updateSpaceMergeRules(ctx, spaceId, rules)),
});
