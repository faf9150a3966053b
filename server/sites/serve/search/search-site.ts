import { searchPages, searchParams } from "../../../search/query";
import { encodeCursor } from "../../../pagination";
import { listedPages, placedSiteSpaces, type PlacedSiteSpace } from "../machines/listing";
import { pageHref } from "../paths";
import { siteSpacesOf } from "../render/chrome";
import type { ModelPage, SiteAddress, VisibleSite } from "../types";
import { MARKS, unmark, type Highlight } from "./snippet";

/**
 * Search across a published site: issue 3's index over the spaces of every site space the visitor
 * may see, narrowed inside the query to the pages they may see and search may show (listed, not
 * `noIndex`), so counts and paging count only those. Titles, links and breadcrumbs come from the
 * site's model, not the index: the index may lag the published revision (the job queue indexes
 * after commit), and a page the model no longer has is never shown.
 */

export type SiteSearchResult = {
  title: string;
  href: string;
  /** Plain text around the matched words; `highlights` says where they are. */
  snippet: string;
  highlights: Highlight[];
  /** The site section's title, on a site with sections. */
  section?: string;
  /** The variant's title, when its section (or the site) has several. */
  variant?: string;
  /** The page's ancestors' titles, top first. */
  breadcrumbs: string[];
  /** The heading of the part of the page that matched, when it is not the page's lead. */
  heading?: string;
};

export type SiteSearch = { results: SiteSearchResult[]; count: number; next?: number };

export const MAX_QUERY_LENGTH = 512;
export const MAX_LIMIT = 50;

type Found = PlacedSiteSpace & { page: ModelPage; byId: Map<string, ModelPage> };

/** One page of results (`offset` results skipped), best first. A blank query finds nothing. */
export async function searchSite(
  visible: VisibleSite,
  address: SiteAddress,
  query: string,
  { limit, offset = 0 }: { limit: number; offset?: number },
): Promise<SiteSearch> {
  const text = query.trim().slice(0, MAX_QUERY_LENGTH);
  if (text === "") return { results: [], count: 0 };
  const searchable = searchablePages(visible);
  const spaceIds = [...new Set([...searchable.values()].map((found) => found.siteSpace.spaceId))];
  const params = searchParams.parse({
    query: text,
    limit: String(Math.min(Math.max(1, limit), MAX_LIMIT)),
    ...(offset > 0 ? { page: encodeCursor(String(offset)) } : {}),
  });
  const pages = [...searchable.values()].map((found) => ({ spaceId: found.siteSpace.spaceId, pageId: found.page.id }));
  const { pages: hits, count, next } = await searchPages(spaceIds, params, { pages, marks: MARKS });
  const results = hits.flatMap((hit): SiteSearchResult[] => {
    const found = searchable.get(`${hit.spaceId}/${hit.pageId}`);
    if (!found) return [];
    const best = hit.sections[0];
    const anchor = best && best.id !== "" && best.matched ? best.id : null;
    const { snippet, highlights } = unmark(best?.snippet || found.page.description);
    const variants = siteSpacesOf(visible, found.section);
    return [
      {
        title: found.page.title,
        href: `${pageHref(address, found.section, found.siteSpace, found.page)}${anchor ? `#${encodeURIComponent(anchor)}` : ""}`,
        snippet,
        highlights,
        ...(found.section ? { section: found.section.title } : {}),
        ...(variants.length > 1 ? { variant: found.siteSpace.title } : {}),
        breadcrumbs: ancestorTitles(found.page, found.byId),
        ...(anchor ? { heading: best!.title } : {}),
      },
    ];
  });
  return { results, count, ...(next ? { next: offset + hits.length } : {}) };
}

/**
 * The pages search may return, by `<spaceId>/<pageId>`. A space shown by two site spaces finds its
 * pages once, under the first.
 */
function searchablePages(visible: VisibleSite): Map<string, Found> {
  const searchable = new Map<string, Found>();
  for (const placed of placedSiteSpaces(visible)) {
    const byId = new Map(placed.siteSpace.pages.map((page) => [page.id, page]));
    for (const page of listedPages(placed.siteSpace)) {
      const key = `${placed.siteSpace.spaceId}/${page.id}`;
      if (!page.noIndex && !searchable.has(key)) searchable.set(key, { ...placed, page, byId });
    }
  }
  return searchable;
}

function ancestorTitles(page: ModelPage, byId: Map<string, ModelPage>): string[] {
  const titles: string[] = [];
  // Bounded by the depth the model gives the page, so a parent cycle cannot loop.
  for (let parent = page.parentId ? byId.get(page.parentId) : undefined; parent && titles.length < page.depth; parent = parent.parentId ? byId.get(parent.parentId) : undefined) {
    titles.unshift(parent.title);
  }
  return titles;
}
