import type { TaskTable } from "../workers/worker-protocol";
import { importedMarkdown, readHtmlPage } from "./html-page";

/** What the HTML workers do: every parse of a fetched page's HTML an import makes. */
export const htmlTasks = {
  readHtmlPage: ({ html, url }: { html: string; url: string }) => readHtmlPage(html, url),
  importedMarkdown: (input: { content: string; pages: Record<string, string>; files: Record<string, string> }) => importedMarkdown(input),
} satisfies TaskTable;

export type HtmlTasks = typeof htmlTasks;
