import type { ServiceContext } from "../../context";
import { listShareLinks } from "./list-share-links";
import { MAX_SHARE_LINKS_PER_SITE } from "./share-link-records";

/** Every share link of the site, newest last (at most MAX_SHARE_LINKS_PER_SITE): the admin UI's list. */
export async function allShareLinks(ctx: ServiceContext, organizationId: string, siteId: string) {
  return (await listShareLinks(ctx, organizationId, siteId, { limit: MAX_SHARE_LINKS_PER_SITE })).items;
}
