import type { Urls } from "../http/urls";
import type { PublishedContentSiteRecord } from "../sites/published/published-site";
import { presentSiteRecord } from "./site";
import { presentSiteStructure } from "./site-structure";

/** The reference's PublishedContentSite: what a visitor of the site gets (server/sites/published/published-site.ts). */
export function presentPublishedContentSite(record: PublishedContentSiteRecord, urls: Urls) {
  return {
    object: "published-content-site" as const,
    site: presentSiteRecord(record.site, urls),
    structure: presentSiteStructure(record.structure, urls),
    customizations: record.customizations,
    scripts: record.scripts,
  };
}
