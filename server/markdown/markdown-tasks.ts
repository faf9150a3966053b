import { linkDestinations } from "../change-requests/content-changes/markdown-links";
import { recordedLinks } from "../content/format/extract-links";
import { documentMarkdown } from "../content/format/document-input";
import { blockCount, keyedDocument, pageBlockKeys } from "../content/format/keyed-document";
import { renderPdf, type PdfSource } from "../pdf/render-pdf";
import { pageSections } from "../search/sections";
import type { TaskTable } from "../workers/worker-protocol";

/** What the markdown workers do: every parse of page markdown the server makes, and the PDF built from it. */
export const markdownTasks = {
  recordedLinks: (markdown: string) => recordedLinks(markdown),
  linkDestinations: (markdown: string) => linkDestinations(markdown),
  keyedDocument: (input: Parameters<typeof keyedDocument>[0]) => keyedDocument(input),
  blockCount: (markdown: string) => blockCount(markdown),
  pageBlockKeys: (input: Parameters<typeof pageBlockKeys>[0]) => pageBlockKeys(input),
  documentMarkdown: (json: string) => documentMarkdown(json),
  pageSections: (markdown: string) => pageSections(markdown),
  // A Buffer comes out of the worker as the Uint8Array it is.
  renderPdf: (source: PdfSource, progress: (step: number) => void): Promise<Uint8Array> => renderPdf(source, { onPage: progress }),
} satisfies TaskTable;

export type MarkdownTasks = typeof markdownTasks;
