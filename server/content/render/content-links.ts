import { defaultUrlTransform } from "react-markdown";

/** A file of the space as the reader knows it (from the space's file list). */
export type FileInfo = { name: string; contentType?: string; size?: number };

/**
 * Where canonical page links and file references lead: page bodies write other pages as
 * `/pages/<id>` and files as `/files/<id>`, which only the caller can turn into addresses.
 * No React here: the published site's server renderer resolves links the same way.
 */
export type ContentLinks = {
  page?: (pageId: string) => string | undefined;
  file?: (fileId: string) => string | undefined;
  /** The name, type and size of a file, for file blocks. */
  fileInfo?: (fileId: string) => FileInfo | undefined;
};

const PAGE_LINK = /^\/pages\/([^/?#]+)\/?(#.*)?$/;
export const FILE_LINK = /^\/files\/([^/?#]+)\/?$/;

export function resolveContentUrl(url: string, links: ContentLinks | undefined): string {
  const page = PAGE_LINK.exec(url);
  if (page) {
    const href = links?.page?.(page[1]!);
    if (href) return `${href}${page[2] ?? ""}`;
  }
  const file = FILE_LINK.exec(url);
  if (file) {
    const href = links?.file?.(file[1]!);
    if (href) return href;
  }
  return defaultUrlTransform(url);
}
