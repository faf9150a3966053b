import { badRequest } from "../errors";
import { describeLimit, markdownPool, READ_BUDGET_MS } from "../markdown/markdown-pool";
import type { pdfPageHtml } from "./page-html";

/**
 * Page bodies as chapter HTML in the markdown pool, each within the read budget (pages were
 * accepted within the smaller write budget); past it, or nested past the stack, the export fails naming the page.
 */
export async function pagesHtml(inputs: Parameters<typeof pdfPageHtml>[0][], pages: { id: string; title: string }[]): Promise<string[]> {
  const result = await markdownPool().mapOrFail("pdfPageHtml", inputs, READ_BUDGET_MS);
  if (!result.ok) {
    const page = pages[result.index];
    throw badRequest(`${page ? `page ${page.id} ("${page.title}")` : "pdf"}: ${describeLimit(result.limit, READ_BUDGET_MS)}`);
  }
  return result.values;
}
