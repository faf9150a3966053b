import { SLUG_PATTERN } from "../schemas-content";
import type { PageDraft, PageNode } from "./page-draft";

/**
 * Links in submitted markdown, resolved to the pages and files they mean in the change request
 * after the batch: `/pages/<id>` and `/files/<id>` stay; batch refs (`./<ref>.md`, `./<ref>`,
 * `<ref>`), slug paths (`/pages/guides/install`, `/guides/install.md`, `/pages/README.md`) and
 * relative markdown paths (`../install.md`, `./section`) become `/pages/<id>` or `/files/<id>`.
 * External URLs, anchors and links that match nothing are left as written.
 */

export type BatchRefs = { pages: ReadonlyMap<string, string>; files: ReadonlyMap<string, string> };

export type Link =
  | { kind: "keep" }
  | { kind: "ref"; target: string; anchor: string }
  | { kind: "path"; absolute: boolean; segments: string[]; anchor: string };

export class LinkResolver {
  constructor(
    private readonly draft: PageDraft,
    private readonly refs: BatchRefs,
  ) {}

  /** How a destination reads; paths need the page tree to resolve (`needsTree`). */
  async classify(url: string): Promise<Link> {
    const trimmed = url.trim();
    if (trimmed === "" || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || /^(\/\/|#|\?)/.test(trimmed)) return { kind: "keep" };
    const hashAt = trimmed.indexOf("#");
    const path = hashAt < 0 ? trimmed : trimmed.slice(0, hashAt);
    const anchor = hashAt < 0 ? "" : trimmed.slice(hashAt);
    if (path.includes("?")) return { kind: "keep" };
    const segments = decodeSegments(path);
    if (!segments) return { kind: "keep" };
    if (path.startsWith("/")) {
      if (segments[0] === "files" && segments.length === 2) return { kind: "keep" };
      // An id is kept; one that could also be a slug is looked up first.
      const id = segments[0] === "pages" && segments.length === 2 && /^[A-Za-z0-9_-]+$/.test(segments[1]!) ? segments[1]! : null;
      if (id && (!SLUG_PATTERN.test(id) || (await this.draft.node(id)))) return { kind: "keep" };
      return { kind: "path", absolute: true, segments: segments[0] === "pages" ? segments.slice(1) : segments, anchor };
    }
    const relative = segments.filter((segment) => segment !== ".");
    if (relative.length === 1) {
      const name = relative[0]!;
      const page = this.refs.pages.get(name) ?? this.refs.pages.get(name.replace(/\.md$/i, ""));
      if (page) return { kind: "ref", target: `/pages/${page}`, anchor };
      const file = this.refs.files.get(name);
      if (file) return { kind: "ref", target: `/files/${file}`, anchor: "" };
    }
    return { kind: "path", absolute: false, segments, anchor };
  }

  needsTree(link: Link): boolean {
    return link.kind === "path";
  }

  /** The rewritten destination for a link in page `fromPageId`, or null to leave it as written. Paths need the tree. */
  resolve(link: Link, fromPageId: string): string | null {
    if (link.kind === "keep") return null;
    if (link.kind === "ref") return link.target + link.anchor;
    let target: string | null;
    if (link.absolute) {
      target = this.pageAt(link.segments);
    } else {
      // As in a Git export: a page with children is `<slug>/README.md`, links from it start in its folder;
      // a page without is `<slug>.md`, in its parent's folder. Links written as if from the parent's folder also resolve.
      const page = this.draft.nodeSync(fromPageId);
      const folder = page ? this.slugPath(page) : [];
      const ownFolder = page && this.draft.hasChildren(page.id) ? folder : folder.slice(0, -1);
      target = this.pageAt(joinPath(ownFolder, link.segments)) ?? (ownFolder === folder ? this.pageAt(joinPath(folder.slice(0, -1), link.segments)) : null);
    }
    return target ? `/pages/${target}${link.anchor}` : null;
  }

  /** The page a folder-style path names: `a/b`, `a/b.md`, `a/b/README.md`; `README.md` alone is the first page. */
  private pageAt(segments: string[] | null): string | null {
    if (!segments) return null;
    let page = null as PageNode | null;
    for (const [index, segment] of segments.entries()) {
      const last = index === segments.length - 1;
      if (last && segment.toLowerCase() === "readme.md") return page?.id ?? this.draft.childrenOf(null)[0]?.id ?? null;
      const slug = last ? segment.replace(/\.md$/i, "") : segment;
      page = this.draft.childBySlug(page?.id ?? null, slug);
      if (!page) return null;
    }
    return page?.id ?? null;
  }

  private slugPath(page: PageNode): string[] {
    const slugs: string[] = [];
    const seen = new Set<string>();
    for (let node: PageNode | null = page; node && !seen.has(node.id); node = node.parentId ? this.draft.nodeSync(node.parentId) : null) {
      seen.add(node.id);
      slugs.unshift(node.slug);
    }
    return slugs;
  }
}

/** Path segments, percent-decoded, empty ones dropped; null when malformed. */
function decodeSegments(path: string): string[] | null {
  try {
    return path
      .split("/")
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

/** `folder` + `segments` with `.` and `..` applied; null when `..` climbs above the top. */
function joinPath(folder: string[], segments: string[]): string[] | null {
  const result = [...folder];
  for (const segment of segments) {
    if (segment === ".") continue;
    if (segment === "..") {
      if (result.length === 0) return null;
      result.pop();
    } else {
      result.push(segment);
    }
  }
  return result;
}
