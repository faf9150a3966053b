import { z } from "zod";
import { presentPublishedContentSite } from "../../presenters/published-site";
import { sitePath } from "../../sites/schemas";
import { getPublishedContentSite } from "../../sites/published/published-site";
import { shareKeySchema } from "../../sites/share-links/schemas";
import { defineOperation } from "../operation";

/** The reference's getPublishedContentSite (tag `sites`): what a visitor of the site gets. */
export const sitePublishedOperations = [
  defineOperation({
    operationId: "getPublishedContentSite",
    method: "GET",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/published",
    params: sitePath,
    query: z.object({ shareKey: shareKeySchema.optional() }),
    handler: async (c) => presentPublishedContentSite(await getPublishedContentSite(c, c.params.organizationId, c.params.siteId, c.query.shareKey), c.urls),
  }),
];
