import type { PageOutcome } from "../change-requests/content-changes/content-batch";

/** What a batch of content changes did to one page, as the answer of a content write (a change request's or a live edit's) names it. */
export function presentPageOutcome(outcome: PageOutcome, pageUrl: (pageId: string) => string) {
  if (outcome.kind === "deleted") return { object: "deleted_page" as const, page: outcome.pageId };
  const page = { object: "page" as const, id: outcome.pageId, urls: { location: pageUrl(outcome.pageId) } };
  return outcome.kind === "created"
    ? { object: "created_page" as const, ...(outcome.ref ? { ref: outcome.ref } : {}), page }
    : { object: "updated_page" as const, page };
}
