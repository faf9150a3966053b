import type { SiteAddress, VisibleSite } from "../types";
import { listedPages, markdownUrl, placedSiteSpaces, type PlacedPage, type PlacedSiteSpace } from "./listing";

/**
 * `llms.txt` (llmstxt.org: a title, a summary, then one `##` list of links per part of the site)
 * and `llms-full.txt` (every listed page's markdown, one after the other). Both list what this
 * visitor may see and what the navigation lists (no hidden page), so two visitors with different
 * claims read different files.
 */

/** Pages listed in llms.txt, and so read for llms-full.txt: far beyond real sites, never unbounded. */
export const MAX_LLMS_PAGES = 10_000;

type Part = { heading: string; pages: PlacedPage[] };

/** The visible site's listed pages, by site space, the first MAX_LLMS_PAGES in reading order. */
export function llmsParts(visible: VisibleSite): Part[] {
  let room = MAX_LLMS_PAGES;
  return placedSiteSpaces(visible).flatMap((placed): Part[] => {
    const pages = listedPages(placed.siteSpace)
      .slice(0, Math.max(0, room))
      .map((page) => ({ ...placed, page }));
    room -= pages.length;
    return pages.length === 0 ? [] : [{ heading: partHeading(placed), pages }];
  });
}

/** A section's title, with the variant's when the section has several; a root variant's title. */
function partHeading({ section, siteSpace }: PlacedSiteSpace): string {
  if (!section) return siteSpace.title;
  return section.siteSpaces.length > 1 ? `${section.title} (${siteSpace.title})` : section.title;
}

/** One line of text: a title or description with its line breaks folded. */
const line = (text: string) => text.replace(/\s+/g, " ").trim();
/** Link text: brackets escaped so the title cannot close it. */
const linkText = (text: string) => line(text).replace(/[[\]\\]/g, (char) => `\\${char}`);

export function llmsTxt(visible: VisibleSite, address: SiteAddress): string {
  const all = llmsParts(visible);
  const summary = line(all[0]?.pages[0]?.page.description ?? "") || `The ${line(visible.site.title)} documentation.`;
  const out = [`# ${line(visible.site.title)}`, "", `> ${summary}`, ""];
  for (const part of all) {
    out.push(`## ${line(part.heading)}`, "");
    for (const placed of part.pages) {
      const description = line(placed.page.description);
      out.push(`- [${linkText(placed.page.title)}](${markdownUrl(address, placed)})${description ? `: ${description}` : ""}`);
    }
    out.push("");
  }
  return out.join("\n");
}
