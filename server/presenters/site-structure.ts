import { openSpaceComments } from "../comments/counts";
import type { Db } from "../db/client";
import type { Site, SiteSection, SiteSectionGroup, SiteSpace, Space } from "../db/generated/client";
import { contentRoleResolver, type OrgAccess } from "../policies/access";
import type { Role } from "../policies/roles";
import { spacePublications, type SpacePublication } from "../sites/space-publications";
import { siteSectionUrl, siteSpaceUrl } from "../sites/urls";
import { sectionsOfGroup, siteSpacesOf, topLevelItems, type StructureSnapshot } from "../sites/structure/rules";
import { presentSpaceWithPublication } from "./space";

/**
 * The site structure objects of /v1 and tRPC alike: SiteSpace (with the Space it shows), SiteSection,
 * SiteSectionGroup and SiteStructure. A `StructureView` holds what they need beyond their rows,
 * loaded once per answer: the spaces, the caller's role on each, their open comments and publications, the site's address.
 */

export type StructureView = {
  baseUrl: string;
  /** The site when it is published, null while it is not (then no `urls.published`). */
  published: Pick<Site, "basename" | "hostname" | "proxy"> | null;
  spaces: Map<string, Space>;
  roleOf: (space: Space) => Role | null;
  comments: Map<string, number>;
  publications: Map<string, SpacePublication>;
};

/** `access`: the member reading, or null for a share link's visitor (who holds no role on the spaces). */
export async function loadStructureView(tx: Db, site: Site, access: OrgAccess | null, baseUrl: string, siteSpaces: Pick<SiteSpace, "spaceId">[]): Promise<StructureView> {
  const spaceIds = [...new Set(siteSpaces.map((row) => row.spaceId))];
  const [spaces, resolver, comments, publications] = await Promise.all([
    tx.space.findMany({ where: { id: { in: spaceIds } } }),
    access ? contentRoleResolver(tx, access) : null,
    openSpaceComments(tx, spaceIds),
    spacePublications(tx, spaceIds, baseUrl),
  ]);
  return {
    baseUrl,
    published: site.published ? site : null,
    spaces: new Map(spaces.map((space) => [space.id, space])),
    roleOf: (space) => resolver?.space(space) ?? null,
    comments,
    publications,
  };
}

const publishedUrls = (view: StructureView, url: (site: NonNullable<StructureView["published"]>) => string) =>
  view.published ? { published: url(view.published) } : {};

/** `section`: the section it is in (for its URL), null at the root. */
export function presentSiteSpace(row: SiteSpace, section: Pick<SiteSection, "path" | "isDefault"> | null, view: StructureView) {
  const space = view.spaces.get(row.spaceId)!;
  return {
    object: "site-space" as const,
    id: row.id,
    path: row.path,
    ...(row.sectionId ? { section: row.sectionId } : {}),
    space: presentSpaceWithPublication(space, view.roleOf(space), view.baseUrl, view.comments.get(space.id) ?? 0, view.publications.get(space.id)),
    title: row.title ?? space.title,
    default: row.isDefault,
    ...(row.condition !== null ? { condition: row.condition } : {}),
    pageId: row.pageId,
    draft: false,
    hasAdvancedCustomizationFeature: false,
    hidden: false,
    urls: publishedUrls(view, (site) => siteSpaceUrl(site, section, row, view.baseUrl)),
  };
}

export function presentSiteSection(row: SiteSection, siteSpaces: SiteSpace[], view: StructureView) {
  return {
    object: "site-section" as const,
    id: row.id,
    title: row.title,
    ...(row.description !== null ? { description: row.description } : {}),
    default: row.isDefault,
    draft: false,
    path: row.path,
    ...(row.condition !== null ? { condition: row.condition } : {}),
    ...(row.sectionGroupId !== null ? { sectionGroup: row.sectionGroupId } : {}),
    ...(row.icon !== null ? { icon: row.icon } : {}),
    siteSpaces: siteSpaces.map((siteSpace) => presentSiteSpace(siteSpace, row, view)),
    urls: publishedUrls(view, (site) => siteSectionUrl(site, row, view.baseUrl)),
  };
}

/** `sections` (deprecated by the reference) and `children` both list the group's sections, in order. */
export function presentSiteSectionGroup(row: SiteSectionGroup, structure: StructureSnapshot, view: StructureView) {
  const sections = sectionsOfGroup(structure, row.id).map((section) => presentSiteSection(section, siteSpacesOf(structure, section.id), view));
  return {
    object: "site-section-group" as const,
    id: row.id,
    title: row.title,
    draft: false,
    ...(row.icon !== null ? { icon: row.icon } : {}),
    sections,
    children: sections,
  };
}

/** The reference's SiteStructure: the top-level sections and groups, or the root site spaces. */
export function presentSiteStructure(structure: StructureSnapshot, view: StructureView) {
  if (structure.sections.length === 0) {
    return { type: "siteSpaces" as const, structure: siteSpacesOf(structure, null).map((row) => presentSiteSpace(row, null, view)) };
  }
  return {
    type: "sections" as const,
    structure: topLevelItems(structure).map((item) =>
      item.type === "site-section" ? presentSiteSection(item.row, siteSpacesOf(structure, item.row.id), view) : presentSiteSectionGroup(item.row, structure, view),
    ),
  };
}

export type SiteSpaceObject = ReturnType<typeof presentSiteSpace>;
export type SiteStructureObject = ReturnType<typeof presentSiteStructure>;
