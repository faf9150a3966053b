import type { SiteAddress, VisibleSite } from "../types";
import { markdownUrl } from "./listing";
import { llmsParts } from "./llms";
import { pageMarkdown } from "./page-markdown";

/** Size of llms-full.txt's markdown; the pages past it are counted, not included. */
export const MAX_LLMS_FULL_BYTES = 5_000_000;
/** Page bodies read at once. */
const READ_CONCURRENCY = 8;

/** Every listed page's markdown, in the order of llms.txt, up to MAX_LLMS_FULL_BYTES. */
export async function llmsFullTxt(visible: VisibleSite, address: SiteAddress): Promise<string> {
  const pages = llmsParts(visible).flatMap((part) => part.pages);
  const out: string[] = [];
  let bytes = 0;
  for (let start = 0; start < pages.length; start += READ_CONCURRENCY) {
    const batch = pages.slice(start, start + READ_CONCURRENCY);
    const texts = await Promise.all(
      batch.map(async (placed) => {
        const markdown = await pageMarkdown(address, placed);
        return markdown === null ? null : `${markdown.trim()}\n\nSource: ${markdownUrl(address, placed)}\n`;
      }),
    );
    for (const [index, text] of texts.entries()) {
      if (text === null) continue;
      const size = Buffer.byteLength(text) + 1;
      if (bytes + size > MAX_LLMS_FULL_BYTES) {
        out.push(`The rest of this site (${pages.length - start - index} pages) is too large for one file: see llms.txt for each page's markdown.\n`);
        return out.join("\n");
      }
      out.push(text);
      bytes += size;
    }
  }
  return out.join("\n");
}
