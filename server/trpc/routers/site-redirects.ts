import { z } from "zod";
import { trpcListLimit } from "../../pagination";
import { createRedirect } from "../../sites/redirects/create-redirect";
import { deleteRedirect } from "../../sites/redirects/delete-redirect";
import { listRedirects } from "../../sites/redirects/list-redirects";
import { updateRedirect } from "../../sites/redirects/update-redirect";
import { createRedirectInput, redirectOrderSchema, redirectPath, updateRedirectInput } from "../../sites/redirects/schemas";
import { sitePath } from "../../sites/schemas";
import { protectedProcedure, router } from "../init";

/** A site's redirects for the admin UI (the same services as /v1's site-redirects operations). */
export const siteRedirectsRouter = router({
  list: protectedProcedure
    .input(
      sitePath.extend({
        cursor: z.string().max(1000).optional(),
        search: z.string().max(512).optional(),
        orderBy: redirectOrderSchema.default("createdAt"),
        ...trpcListLimit,
      }),
    )
    .query(({ ctx, input: { organizationId, siteId, cursor, ...params } }) => listRedirects(ctx, organizationId, siteId, { ...params, page: cursor, draft: false })),
  create: protectedProcedure
    .input(sitePath.extend(createRedirectInput.shape))
    .mutation(({ ctx, input: { organizationId, siteId, ...body } }) => createRedirect(ctx, organizationId, siteId, body)),
  update: protectedProcedure
    .input(redirectPath.extend(updateRedirectInput.shape))
    .mutation(({ ctx, input: { organizationId, siteId, siteRedirectId, ...body } }) => updateRedirect(ctx, organizationId, siteId, siteRedirectId, body)),
  delete: protectedProcedure.input(redirectPath).mutation(({ ctx, input }) => deleteRedirect(ctx, input.organizationId, input.siteId, input.siteRedirectId)),
});
