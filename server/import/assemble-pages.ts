import { slugify } from "../content/format";
import type { FileVersion, Page } from "../content/revisions";
import { newId } from "../ids";
import type { CrawledPage } from "./crawl";
import { htmlToMarkdown } from "./html-to-markdown";
import { pageKey, treePath, type SiteScope } from "./site-scope";
import { trimEndOf } from "../content/format/linear-text";

const SLUG_MAX = 100;

/**
 * Turns crawled pages into pages of a revision: the tree follows URL paths (`/docs/a/b` under
 * `/docs/a` when both were imported; the site's home page and pages without an imported
 * ancestor at the top level, after `topLevel`'s pages), links between imported pages become
 * `/pages/<id>`, imported images `/files/<id>`, and each body becomes markdown.
 */
export function assemblePages(input: {
  scope: SiteScope;
  pages: CrawledPage[];
  aliases: Map<string, string>;
  /** Files imported, by the image URL they came from. */
  files: Map<string, FileVersion>;
  /** The pages already at the top level of the revision written to. */
  topLevel: { slugs: Set<string>; maxSortKey: number };
  now: string;
}): Page[] {
  const { scope, pages, aliases, files, topLevel, now } = input;
  const ids = new Map(pages.map(({ key }) => [key, newId()]));
  const pageIdOf = (url: string) => {
    const key = pageKey(scope, url);
    return key ? ids.get(aliases.get(key) ?? key) : undefined;
  };

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
    rewriteReferences(page.content, pageIdOf, files);
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
      markdown: withoutNul(htmlToMarkdown(page.content.innerHTML)),
      createdAt: now,
      updatedAt: now,
    };
  });
}

function rewriteReferences(content: CrawledPage["page"]["content"], pageIdOf: (url: string) => string | undefined, files: Map<string, FileVersion>): void {
  for (const anchor of content.querySelectorAll("a[href]")) {
    const href = anchor.getAttribute("href")!;
    if (!/^https?:/i.test(href)) continue;
    const pageId = pageIdOf(href);
    if (!pageId) continue;
    const hash = new URL(href).hash;
    anchor.setAttribute("href", `/pages/${pageId}${hash.length > 1 ? hash : ""}`);
  }
  for (const image of content.querySelectorAll("img[src]")) {
    const file = files.get(image.getAttribute("src")!);
    if (file) image.setAttribute("src", `/files/${file.id}`);
  }
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
