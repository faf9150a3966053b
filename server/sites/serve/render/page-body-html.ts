import type { FileInfo } from "../../../content/render/content-links";
import type { Variables } from "../../../content/variables";
import { renderContent, type OutlineEntry } from "./content";

/**
 * A published page's body as HTML, run in the markdown workers within a time budget (the site
 * handler's event loop never parses markdown: a page of 10,000 link definitions took over a second
 * there). The site's links arrive as data, since functions do not cross into a worker.
 */
export type PageBodyInput = {
  markdown: string;
  variables: { space: Variables; page: Variables };
  externalLinksTarget: "self" | "blank";
  /** The site's address of each page the body links to (`/pages/<id>`). */
  pageHrefs: Record<string, string>;
  /** A file's address is this followed by its URI-encoded id. */
  fileHrefPrefix: string;
  /** Name, type and size of the files the body shows as file blocks. */
  files: Record<string, FileInfo>;
};

export function pageBodyHtml(input: PageBodyInput): Promise<{ html: string; outline: OutlineEntry[] }> {
  return renderContent(input.markdown, {
    variables: input.variables,
    externalLinksTarget: input.externalLinksTarget,
    links: {
      page: (pageId) => input.pageHrefs[pageId],
      file: (fileId) => `${input.fileHrefPrefix}${encodeURIComponent(fileId)}`,
      fileInfo: (fileId) => input.files[fileId],
    },
  });
}

/** The ids of the pages a body links to (`/pages/<id>`), found in one linear scan. */
export function linkedPageIds(markdown: string): Set<string> {
  return new Set(Array.from(markdown.matchAll(/\/pages\/([^/?#)\s"'<>]+)/g), (match) => match[1]!));
}
