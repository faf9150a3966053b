import { trimEndOf } from "../content/format/linear-text";

/** Where a page sits in its revision's tree: its slug path (`guide/install`) and whether it has subpages. */
export type PagePlacement = { id: string; path: string; hasChildren: boolean };

/**
 * Resolves the `path` link targets of a revision's pages to the page they name, or undefined.
 *
 * Two spellings are understood. Slug paths, as the reader shows pages: from the root
 * (`/guide/install` or `guide/install`), or from the linking page with `./` and `../`. And `.md`
 * file paths, as Git sync lays pages out: a page is `<path>.md`, a page with subpages is also
 * `<path>/README.md`, and the first page is also `README.md`; relative to the linking page's
 * file, or from the root with a leading `/`. A relative path is tried from the linking page's own
 * folder when it has subpages (its `README.md` lives there), then from its parent's folder.
 * When two pages claim one path, the first in reading order has it.
 */
export function pathResolver(placements: PagePlacement[]): (path: string, fromPageId: string) => string | undefined {
  const bySlugPath = new Map<string, string>();
  const byFilePath = new Map<string, string>();
  const claim = (map: Map<string, string>, key: string, pageId: string) => {
    if (!map.has(key)) map.set(key, pageId);
  };
  for (const page of placements) {
    claim(bySlugPath, page.path, page.id);
    claim(byFilePath, `${page.path}.md`, page.id);
    claim(byFilePath, `${page.path}/README.md`, page.id);
  }
  if (placements[0]) claim(byFilePath, "README.md", placements[0].id);
  const placementOf = new Map(placements.map((page) => [page.id, page]));

  /** Folders a relative path is read from, for the linking page. */
  const foldersOf = (pageId: string): string[] => {
    const page = placementOf.get(pageId);
    if (!page) return [""];
    const parent = page.path.split("/").slice(0, -1).join("/");
    return page.hasChildren ? [page.path, parent] : [parent];
  };

  return (rawPath, fromPageId) => {
    const path = decoded(rawPath.split("?")[0]!);
    const isFile = /\.md$/i.test(path);
    const map = isFile ? byFilePath : bySlugPath;
    const relative = isFile ? !path.startsWith("/") : path.startsWith("./") || path.startsWith("../");
    const folders = relative ? foldersOf(fromPageId) : [""];
    for (const folder of folders) {
      const joined = joinPath(folder, trimEndOf(path, "/"));
      const pageId = joined === undefined ? undefined : map.get(joined);
      if (pageId) return pageId;
    }
    return undefined;
  };
}

/** `relative` read from `folder`, with `.` and `..` applied; undefined when it climbs above the root. */
function joinPath(folder: string, relative: string): string | undefined {
  const segments = folder.split("/").filter(Boolean);
  for (const segment of relative.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (segments.length === 0) return undefined;
      segments.pop();
    } else {
      segments.push(segment);
    }
  }
  return segments.join("/");
}

/** Percent-escapes decoded (`my%20page.md`); a malformed escape leaves the path as written. */
function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
