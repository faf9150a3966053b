import { getPublishingAuth } from "../../sites/publishing-auth/get-publishing-auth";
import { regeneratePublishingAuth } from "../../sites/publishing-auth/regenerate-publishing-auth";
import { updatePublishingAuth } from "../../sites/publishing-auth/update-publishing-auth";
import { updatePublishingAuthInput } from "../../sites/publishing-auth/schemas";
import { presentShareLink } from "../../presenters/share-link";
import { sitePath } from "../../sites/schemas";
import { changesSomething, createShareLinkInput, NOTHING_TO_CHANGE, shareLinkPath, updateShareLinkFields } from "../../sites/share-links/schemas";
import { allShareLinks } from "../../sites/share-links/all-share-links";
import { createShareLink } from "../../sites/share-links/create-share-link";
import { deleteShareLink } from "../../sites/share-links/delete-share-link";
import { updateShareLink } from "../../sites/share-links/update-share-link";
import { protectedProcedure, router } from "../init";

/** Who may read a site: its share links and its visitor authentication (the same services as /v1). */
export const siteAccessRouter = router({
  shareLinks: protectedProcedure
    .input(sitePath)
    .query(async ({ ctx, input }) => (await allShareLinks(ctx, input.organizationId, input.siteId)).map((link) => presentShareLink(link, ctx.urls))),
  createShareLink: protectedProcedure
    .input(sitePath.extend(createShareLinkInput.shape))
    .mutation(async ({ ctx, input: { organizationId, siteId, ...body } }) => presentShareLink(await createShareLink(ctx, organizationId, siteId, body), ctx.urls)),
  updateShareLink: protectedProcedure
    .input(shareLinkPath.extend(updateShareLinkFields.shape).refine(changesSomething, NOTHING_TO_CHANGE))
    .mutation(async ({ ctx, input: { organizationId, siteId, shareLinkId, ...body } }) => presentShareLink(await updateShareLink(ctx, organizationId, siteId, shareLinkId, body), ctx.urls)),
  deleteShareLink: protectedProcedure.input(shareLinkPath).mutation(({ ctx, input }) => deleteShareLink(ctx, input.organizationId, input.siteId, input.shareLinkId)),
  auth: protectedProcedure.input(sitePath).query(({ ctx, input }) => getPublishingAuth(ctx, input.organizationId, input.siteId)),
  updateAuth: protectedProcedure
    .input(sitePath.extend(updatePublishingAuthInput.shape))
    .mutation(({ ctx, input: { organizationId, siteId, ...body } }) => updatePublishingAuth(ctx, organizationId, siteId, body)),
  regenerateAuth: protectedProcedure.input(sitePath).mutation(({ ctx, input }) => regeneratePublishingAuth(ctx, input.organizationId, input.siteId)),
});
