import type { Urls } from "../http/urls";
import type { SiteAddress } from "../sites/urls";
import type { SiteSectionGroupRecord, SiteSectionRecord, SiteSpaceRecord, SiteStructureItemRecord, SiteStructureRecord } from "../sites/structure/records";
import { presentSpace } from "./space";

/**
 * The site structure objects of /v1 and tRPC alike — SiteSpace (with the Space it shows),
 * SiteSection, SiteSectionGroup and SiteStructure — from the records the structure services
 * return (server/sites/structure/records.ts).
 */

const publishedUrls = (published: SiteAddress | null, url: (site: SiteAddress) => string) => (published ? { published: url(published) } : {});

export function presentSiteSpace(record: SiteSpaceRecord, urls: Urls) {
  return {
    object: "site-space" as const,
    id: record.id,
    path: record.path,
    ...(record.sectionId ? { section: record.sectionId } : {}),
    space: presentSpace(record.space, urls),
    title: record.title ?? record.space.title,
    default: record.isDefault,
    ...(record.condition !== null ? { condition: record.condition } : {}),
    pageId: record.pageId,
    draft: false,
    hasAdvancedCustomizationFeature: false,
    hidden: false,
    urls: publishedUrls(record.published, (site) => urls.siteSpace(site, record.section, record)),
  };
}

export function presentSiteSection(record: SiteSectionRecord, urls: Urls) {
  return {
    object: "site-section" as const,
    id: record.id,
    title: record.title,
    ...(record.description !== null ? { description: record.description } : {}),
    default: record.isDefault,
    draft: false,
    path: record.path,
    ...(record.condition !== null ? { condition: record.condition } : {}),
    ...(record.sectionGroupId !== null ? { sectionGroup: record.sectionGroupId } : {}),
    ...(record.icon !== null ? { icon: record.icon } : {}),
    siteSpaces: record.siteSpaces.map((siteSpace) => presentSiteSpace(siteSpace, urls)),
    urls: publishedUrls(record.published, (site) => urls.siteSection(site, record)),
  };
}

/** `sections` (deprecated by the reference) and `children` both list the group's sections, in order. */
export function presentSiteSectionGroup(record: SiteSectionGroupRecord, urls: Urls) {
  const sections = record.sections.map((section) => presentSiteSection(section, urls));
  return {
    object: "site-section-group" as const,
    id: record.id,
    title: record.title,
    draft: false,
    ...(record.icon !== null ? { icon: record.icon } : {}),
    sections,
    children: sections,
  };
}

/** The reference's SiteStructure: the top-level sections and groups, or the root site spaces. */
export function presentSiteStructure(record: SiteStructureRecord, urls: Urls) {
  if (record.type === "siteSpaces") {
    return { type: "siteSpaces" as const, structure: record.siteSpaces.map((siteSpace) => presentSiteSpace(siteSpace, urls)) };
  }
  return {
    type: "sections" as const,
    structure: record.items.map((item) => (item.kind === "site-section" ? presentSiteSection(item, urls) : presentSiteSectionGroup(item, urls))),
  };
}

/** The reference's SiteStructureItem: the site space, section or group itself. */
export function presentSiteStructureItem(record: SiteStructureItemRecord, urls: Urls) {
  if (record.kind === "site-space") return presentSiteSpace(record, urls);
  if (record.kind === "site-section") return presentSiteSection(record, urls);
  return presentSiteSectionGroup(record, urls);
}
