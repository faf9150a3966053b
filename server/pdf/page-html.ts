import type { Variables } from "../content/variables";
import { renderContentHtml } from "../sites/serve/render/content";
import { chapterAnchor } from "./document";
import { pdfFileHref } from "./files";

/**
 * A page body as the HTML of a PDF chapter (run in the markdown workers, within a time budget):
 * links to pages printed in the same PDF jump to their chapter, links to other pages lead to
 * `pageUrls` (a published site's absolute URLs) or stay as written, and files are asked for at `pdfFileHref`, which only the printed space's files answer.
 */
export function pdfPageHtml(input: { markdown: string; printedPageIds: string[]; pageUrls?: Record<string, string>; variables: { space: Variables; page: Variables } }): Promise<string> {
  const printed = new Set(input.printedPageIds);
  return renderContentHtml(input.markdown, {
    links: { page: (pageId) => (printed.has(pageId) ? `#${chapterAnchor(pageId)}` : input.pageUrls?.[pageId]), file: pdfFileHref },
    variables: input.variables,
  });
}
