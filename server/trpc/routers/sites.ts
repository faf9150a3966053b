import { z } from "zod";
import { trpcListLimit } from "../../pagination";
import { presentSiteRecord } from "../../presenters/site";
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
    .query(async ({ ctx, input: { organizationId, cursor, ...params } }) => {
      const page = await listSites(ctx, organizationId, { ...params, page: cursor });
      return { ...page, items: page.items.map((site) => presentSiteRecord(site, ctx.urls)) };
    }),
  get: protectedProcedure.input(sitePath).query(async ({ ctx, input }) => presentSiteRecord(await getSite(ctx, input.organizationId, input.siteId), ctx.urls)),
  create: protectedProcedure
    .input(organizationPath.extend(createSiteFields.shape).extend({ title: siteTitleSchema }))
    .mutation(async ({ ctx, input: { organizationId, ...body } }) => presentSiteRecord(await createSite(ctx, organizationId, body), ctx.urls)),
  update: protectedProcedure
    .input(sitePath.extend(updateSiteInput.shape))
    .mutation(async ({ ctx, input: { organizationId, siteId, ...body } }) => presentSiteRecord(await updateSite(ctx, organizationId, siteId, body), ctx.urls)),
  delete: protectedProcedure.input(sitePath).mutation(({ ctx, input }) => deleteSite(ctx, input.organizationId, input.siteId)),
  publish: protectedProcedure.input(sitePath).mutation(async ({ ctx, input }) => presentSiteRecord(await setSitePublished(ctx, input.organizationId, input.siteId, true), ctx.urls)),
  unpublish: protectedProcedure.input(sitePath).mutation(async ({ ctx, input }) => presentSiteRecord(await setSitePublished(ctx, input.organizationId, input.siteId, false), ctx.urls)),
});
