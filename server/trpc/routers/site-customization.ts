import { previewSite, previewSiteInput } from "../../sites/customization/preview-site";
import { siteCustomizationInput, siteSpaceCustomizationOverride } from "../../sites/customization/schemas";
import { getSiteCustomization } from "../../sites/customization/get-site-customization";
import { getSiteSpaceCustomization } from "../../sites/customization/get-site-space-customization";
import { overrideSiteSpaceCustomization } from "../../sites/customization/override-site-space-customization";
import { resetSiteSpaceCustomization } from "../../sites/customization/reset-site-space-customization";
import { updateSiteCustomization } from "../../sites/customization/update-site-customization";
import { sitePath } from "../../sites/schemas";
import { siteSpacePathParams as siteSpacePath } from "../../sites/structure/schemas";
import { protectedProcedure, router } from "../init";

/** The customization editor: the same services as /v1's site-customization operations. */
export const siteCustomizationRouter = router({
  get: protectedProcedure.input(sitePath).query(({ ctx, input }) => getSiteCustomization(ctx, input.organizationId, input.siteId)),
  update: protectedProcedure
    .input(sitePath.extend({ customization: siteCustomizationInput }))
    .mutation(({ ctx, input }) => updateSiteCustomization(ctx, input.organizationId, input.siteId, input.customization)),
  getForSiteSpace: protectedProcedure
    .input(siteSpacePath)
    .query(({ ctx, input }) => getSiteSpaceCustomization(ctx, input.organizationId, input.siteId, input.siteSpaceId)),
  overrideForSiteSpace: protectedProcedure
    .input(siteSpacePath.extend({ customization: siteSpaceCustomizationOverride }))
    .mutation(({ ctx, input }) => overrideSiteSpaceCustomization(ctx, input.organizationId, input.siteId, input.siteSpaceId, input.customization)),
  /** Removes the site space's override; answers the settings it now shows (the site's). */
  resetForSiteSpace: protectedProcedure
    .input(siteSpacePath)
    .mutation(async ({ ctx, input }) => (await resetSiteSpaceCustomization(ctx, input.organizationId, input.siteId, input.siteSpaceId)).settings),
  /** A page of the site rendered with an unsaved customization (a mutation: the draft is too large for a query's URL). */
  preview: protectedProcedure
    .input(sitePath.extend(previewSiteInput.shape))
    .mutation(({ ctx, input: { organizationId, siteId, ...body } }) => previewSite(ctx, organizationId, siteId, body)),
});
