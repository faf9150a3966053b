import { linkDestinations } from "../change-requests/content-changes/markdown-links";
import { recordedLinks } from "../content/format/extract-links";
import { documentMarkdown } from "../content/format/document-input";
import { blockCount, keyedDocument, pageBlockKeys } from "../content/format/keyed-document";
import { mergePageBody } from "../content/merge/body-merge";
import { pdfPageHtml } from "../pdf/page-html";
import { pageSections } from "../search/sections";
import { pageBodyHtml } from "../sites/serve/render/page-body-html";
import type { TaskTable } from "../workers/worker-protocol";

/** What the markdown workers do: every parse of page markdown the server makes, the published pages' bodies and the HTML PDFs are printed from. */
export const markdownTasks = {
  recordedLinks: (markdown: string) => recordedLinks(markdown),
  linkDestinations: (markdown: string) => linkDestinations(markdown),
  keyedDocument: (input: Parameters<typeof keyedDocument>[0]) => keyedDocument(input),
  blockCount: (markdown: string) => blockCount(markdown),
  pageBlockKeys: (input: Parameters<typeof pageBlockKeys>[0]) => pageBlockKeys(input),
  documentMarkdown: (json: string) => documentMarkdown(json),
  pageSections: (markdown: string) => pageSections(markdown),
  pdfPageHtml: (input: Parameters<typeof pdfPageHtml>[0]) => pdfPageHtml(input),
  pageBodyHtml: (input: Parameters<typeof pageBodyHtml>[0]) => pageBodyHtml(input),
  mergePageBody: (input: Parameters<typeof mergePageBody>[0]) => mergePageBody(input),
} satisfies TaskTable;

export type MarkdownTasks = typeof markdownTasks;
