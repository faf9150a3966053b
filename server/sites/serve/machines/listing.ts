import { absoluteUrl, pageHref } from "../paths";
import type { ModelPage, ModelSection, ModelSiteSpace, SiteAddress, VisibleSite } from "../types";

/** One variant of the visible site with the section it belongs to (null for a site without sections). */
export type PlacedSiteSpace = { section: ModelSection | null; siteSpace: ModelSiteSpace };

/** Every visible site space in the site's order: sections in order, each one's variants in order. */
export function placedSiteSpaces(visible: VisibleSite): PlacedSiteSpace[] {
  if (visible.sections.length === 0) return visible.rootSiteSpaces.map((siteSpace) => ({ section: null, siteSpace }));
  return visible.sections.flatMap((section) => section.siteSpaces.map((siteSpace) => ({ section, siteSpace })));
}

/**
 * The pages of a site space that machines are told about (search, sitemaps, llms.txt): those
 * still under a visible parent and not `hidden`, nor under a hidden page, since hiding a page
 * hides its subtree from the navigation. A page whose parent the visitor may not see is left
 * out too (a condition removes a subtree). Reading order kept.
 */
export function listedPages(siteSpace: ModelSiteSpace): ModelPage[] {
  const listed = new Set<string>();
  const out: ModelPage[] = [];
  // Reading order is pre-order, so a parent is decided before its children; depth 0 is the top
  // level, where the page tree also puts a page whose parent is missing or in a cycle.
  for (const page of siteSpace.pages) {
    if (page.hidden || (page.depth > 0 && (page.parentId === null || !listed.has(page.parentId)))) continue;
    listed.add(page.id);
    out.push(page);
  }
  return out;
}

/** A page of the visible site with its place. */
export type PlacedPage = PlacedSiteSpace & { page: ModelPage };

/** The `.md` URL of a page, absolute (see page-markdown.ts). */
export function markdownUrl(address: SiteAddress, { section, siteSpace, page }: PlacedPage): string {
  const href = pageHref(address, section, siteSpace, page);
  if (page.path !== "") return absoluteUrl(address, `${href}.md`);
  return absoluteUrl(address, `${href.replace(/\/$/, "")}/index.md`);
}

/** Whether the site asks search engines to stay away: anything but a public site. */
export function hiddenFromRobots(visible: VisibleSite): boolean {
  return visible.site.visibility !== "public";
}
