/** A page as the reader's navigation lists it (no "use client": server-rendered pages read it too). */
export type PageSummary = { id: string; title: string; emoji: string | null; depth: number; hidden?: boolean };

/** The pages navigation shows, in reading order: a hidden page is left out with its subpages. */
export function visibleInNavigation(pages: PageSummary[]): PageSummary[] {
  const visible: PageSummary[] = [];
  let hiddenDepth: number | null = null;
  for (const page of pages) {
    if (hiddenDepth !== null && page.depth > hiddenDepth) continue;
    hiddenDepth = page.hidden ? page.depth : null;
    if (!page.hidden) visible.push(page);
  }
  return visible;
}
