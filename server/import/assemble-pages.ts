import { slugify } from "../content/format";
import type { FileVersion, Page } from "../content/revisions";
import { newId } from "../ids";
import type { CrawledPage } from "./crawl";
import { pageKey, treePath, type SiteScope } from "./site-scope";
import { trimEndOf } from "../content/format/linear-text";

const SLUG_MAX = 100;

/** The imported pages' ids, by page key, and each page's content to turn into markdown (in the HTML workers). */
export type ImportedBodies = {
  ids: Map<string, string>;
  conversions: { content: string; pages: Record<string, string>; files: Record<string, string> }[];
};

/**
 * Gives each crawled page its id, and says how its content becomes markdown: which of its links
 * lead to imported pages (then `/pages/<id>`), which of its images were imported (`/files/<id>`).
 */
export function importedBodies(input: { scope: SiteScope; pages: CrawledPage[]; aliases: Map<string, string>; files: Map<string, FileVersion> }): ImportedBodies {
  const { scope, pages, aliases, files } = input;
  const ids = new Map(pages.map(({ key }) => [key, newId()]));
  const pageIdOf = (url: string) => {
    const key = pageKey(scope, url);
    return key ? ids.get(aliases.get(key) ?? key) : undefined;
  };
  const conversions = pages.map(({ page }) => ({
    content: page.content,
    pages: Object.fromEntries(page.contentLinks.flatMap((url) => (pageIdOf(url) ? [[url, pageIdOf(url)!]] : []))),
    files: Object.fromEntries(page.images.flatMap((url) => (files.has(url) ? [[url, files.get(url)!.id]] : []))),
  }));
  return { ids, conversions };
}

/**
 * Turns crawled pages into pages of a revision: the tree follows URL paths (`/docs/a/b` under
 * `/docs/a` when both were imported; the site's home page and pages without an imported
 * ancestor at the top level, after `topLevel`'s pages), with the bodies `markdown` (by position).
 */
export function assemblePages(input: {
  scope: SiteScope;
  pages: CrawledPage[];
  ids: Map<string, string>;
  markdown: string[];
  /** The pages already at the top level of the revision written to. */
  topLevel: { slugs: Set<string>; maxSortKey: number };
  now: string;
}): Page[] {
  const { scope, pages, ids, markdown, topLevel, now } = input;

  // The site's home (the scope's own folder) adopts nothing, or every page would sit under it.
  const homePath = trimEndOf(scope.prefix, "/");
  const byPath = new Map<string, string>();
  for (const { key } of pages) {
    const path = treePath(key);
    if (path !== homePath && !byPath.has(path)) byPath.set(path, ids.get(key)!);
  }
  const parentOf = (key: string): string | null => {
    const path = treePath(key);
    for (let cut = path.lastIndexOf("/"); cut > homePath.length; cut = path.lastIndexOf("/", cut - 1)) {
      const parent = byPath.get(path.slice(0, cut));
      if (parent) return parent;
    }
    return null;
  };

  const siblingSlugs = new Map<string | null, Set<string>>([[null, new Set(topLevel.slugs)]]);
  return pages.map(({ key, page }, index) => {
    const id = ids.get(key)!;
    const parentId = parentOf(key);
    const title = withoutNul(page.title ?? lastSegment(key) ?? "Untitled");
    const slugs = siblingSlugs.get(parentId) ?? new Set<string>();
    siblingSlugs.set(parentId, slugs);
    const slug = uniqueSlug(slugify(lastSegment(key) ?? "").slice(0, SLUG_MAX) || slugify(title).slice(0, SLUG_MAX) || "page", slugs);
    return {
      id,
      title,
      slug,
      ...(page.description ? { description: withoutNul(page.description) } : {}),
      parentId,
      // Crawl order (breadth first, so close to the site's own navigation order), after what was there.
      sortKey: parentId === null ? topLevel.maxSortKey + 1 + index : 1 + index,
      markdown: withoutNul(markdown[index]!),
      createdAt: now,
      updatedAt: now,
    };
  });
}

/** The last path segment without its extension, decoded; undefined at a site's root. */
function lastSegment(key: string): string | undefined {
  const segment = treePath(key).split("/").pop();
  if (!segment) return undefined;
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A malformed escape: the raw segment is still a usable name.
  }
  return decoded.replace(/\.[a-z0-9]{1,8}$/i, "") || undefined;
}

/** PostgreSQL text cannot hold U+0000, which a page can smuggle in (`&#0;`, raw bytes). */
const withoutNul = (text: string) => text.replaceAll("\u0000", "");

function uniqueSlug(base: string, used: Set<string>): string {
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  used.add(slug);
  return slug;
}
