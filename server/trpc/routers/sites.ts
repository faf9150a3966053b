import { z } from "zod";
import { trpcListLimit } from "../../pagination";
import { createSite } from "../../sites/create-site";
import { deleteSite } from "../../sites/delete-site";
import { getSite } from "../../sites/get-site";
import { listSites } from "../../sites/list-sites";
import { setSitePublished } from "../../sites/publish-site";
import { createSiteFields, listSitesParams, organizationPath, sitePath, siteTitleSchema, updateSiteInput } from "../../sites/schemas";
import { updateSite } from "../../sites/update-site";
import { protectedProcedure, router } from "../init";

const listInput = organizationPath.extend({
  cursor: listSitesParams.shape.page,
  ...trpcListLimit,
  space: listSitesParams.shape.space,
  title: listSitesParams.shape.title,
  published: z.boolean().optional(),
});

/** The Sites area: the services of /v1's site operations, answering the same Site objects. */
export const sitesRouter = router({
  list: protectedProcedure
    .input(listInput)
    .query(({ ctx, input: { organizationId, cursor, ...params } }) => listSites(ctx, organizationId, { ...params, page: cursor })),
  get: protectedProcedure.input(sitePath).query(({ ctx, input }) => getSite(ctx, input.organizationId, input.siteId)),
  create: protectedProcedure
    .input(organizationPath.extend(createSiteFields.shape).extend({ title: siteTitleSchema }))
    .mutation(({ ctx, input: { organizationId, ...body } }) => createSite(ctx, organizationId, body)),
  update: protectedProcedure
    .input(sitePath.extend(updateSiteInput.shape))
    .mutation(({ ctx, input: { organizationId, siteId, ...body } }) => updateSite(ctx, organizationId, siteId, body)),
  delete: protectedProcedure.input(sitePath).mutation(({ ctx, input }) => deleteSite(ctx, input.organizationId, input.siteId)),
  publish: protectedProcedure.input(sitePath).mutation(({ ctx, input }) => setSitePublished(ctx, input.organizationId, input.siteId, true)),
  unpublish: protectedProcedure.input(sitePath).mutation(({ ctx, input }) => setSitePublished(ctx, input.organizationId, input.siteId, false)),
});
