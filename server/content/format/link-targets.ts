import type { ContentRef, ContentRefFile, ContentRefURL } from "@gitbook/api";

/**
 * What a link or image in a page body points at. Canonical markdown writes other pages as
 * `/pages/<id>` and files as `/files/<id>`; anything else without a scheme is a path (relative
 * `.md` file, slug path, asset path) that only the caller, knowing the revision, can resolve.
 */
export type LinkTarget =
  | { kind: "url"; url: string }
  | { kind: "page"; page: string }
  | { kind: "file"; file: string }
  | { kind: "anchor"; anchor: string; page?: string }
  | { kind: "path"; path: string; anchor?: string };

/** How a body points at a target: a link, or an image shown from it (the reference's link `relation`). */
export type LinkRelation = "link" | "image";

/** A target as a page version records it, with how the body points at it. */
export type RecordedLink = LinkTarget & { relation: LinkRelation };

/** Turns a `path` target into a reference to a page or file of the revision, when it names one. */
export type PathResolver = (path: string, anchor: string | undefined) => ContentRef | undefined;

const SCHEME = /^[a-z][a-z0-9+.-]*:|^\/\//i;
const PAGE_PATH = /^\/pages\/([^/?#]+)\/?$/;
const FILE_PATH = /^\/files\/([^/?#]+)\/?$/;

export function parseLinkTarget(url: string): LinkTarget {
  if (url === "" || SCHEME.test(url)) return { kind: "url", url };
  const hash = url.indexOf("#");
  const path = hash < 0 ? url : url.slice(0, hash);
  const anchor = hash < 0 || hash === url.length - 1 ? undefined : url.slice(hash + 1);
  if (path === "") return anchor ? { kind: "anchor", anchor } : { kind: "url", url };
  const page = PAGE_PATH.exec(path)?.[1];
  if (page) return anchor ? { kind: "anchor", anchor, page } : { kind: "page", page };
  const file = FILE_PATH.exec(path)?.[1];
  if (file) return { kind: "file", file };
  return anchor ? { kind: "path", path, anchor } : { kind: "path", path };
}

/** The document reference for a link's url; unresolved paths stay plain urls. */
export function linkRef(url: string, resolvePath?: PathResolver): ContentRef {
  const target = parseLinkTarget(url);
  if (target.kind === "path") return resolvePath?.(target.path, target.anchor) ?? { kind: "url", url };
  return target;
}

/** The document reference for an image source: the reference allows only files and urls there. */
export function imageRef(url: string): ContentRefURL | ContentRefFile {
  const target = parseLinkTarget(url);
  return target.kind === "file" ? target : { kind: "url", url };
}

/** The canonical markdown url of a reference, or undefined for kinds markdown has no syntax for. */
export function urlOfRef(ref: ContentRef): string | undefined {
  switch (ref.kind) {
    case "url":
      return ref.url;
    case "page":
      return `/pages/${ref.page}`;
    case "file":
      return `/files/${ref.file}`;
    case "anchor":
      return ref.page ? `/pages/${ref.page}#${ref.anchor}` : `#${ref.anchor}`;
    default:
      return undefined;
  }
}
