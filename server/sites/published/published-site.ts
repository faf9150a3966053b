import type { ServiceContext } from "../../context";
import { mergedCustomizations } from "../customization/settings";
import { siteRecord } from "../records";
import { loadStructureView, siteStructureRecord } from "../structure/records";
import { loadStructure } from "../structure/rules";
import { resolveSiteReader } from "./reader";
import { readSnapshot } from "../../db/transaction";

/**
 * getPublishedContentSite: what a visitor of the site gets — the Site, its structure, the
 * customizations merged for the site and each site space, and the integration scripts. Members who
 * may view the site read it (published or not: their preview); anyone else only with a valid share
 * key of a published share-link site (server/sites/published/reader.ts), else 404. Scripts come from
 * integrations, which Quire does not have yet (issue 13): the list is empty until then.
 */

export type PublishedContentSiteRecord = Awaited<ReturnType<typeof getPublishedContentSite>>;

export async function getPublishedContentSite(ctx: ServiceContext, organizationId: string, siteId: string, shareKey: string | undefined) {
  // One snapshot: the structure, its spaces and the customizations agree with each other.
  return readSnapshot(async (tx) => {
    const reader = await resolveSiteReader(tx, ctx.actor, organizationId, siteId, shareKey);
    // A share link's visitor holds no role on the site or its spaces.
    const access = reader.via === "member" ? reader.access : null;
    const structure = await loadStructure(tx, siteId);
    const [view, site] = await Promise.all([loadStructureView(tx, reader.site, access, structure.siteSpaces), siteRecord(tx, reader.site, access?.role ?? null)]);
    return {
      site,
      structure: siteStructureRecord(structure, view),
      customizations: mergedCustomizations(reader.site, structure.siteSpaces),
      scripts: [],
    };
  });
}
