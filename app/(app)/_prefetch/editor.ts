import { draftFromServer, readingOrder } from "@/components/editor/draft-model";
import type { ContentSource } from "@/server/content/reads";
import { trpc, type ScreenQueries } from "@/server/trpc/server";

/**
 * What the block editor opens on, fetched with the page: the pages (`pagesSource`, as the screen
 * asks for them), and for the page it selects first (`?page=`, else the first one) its document,
 * with the files and variables of the content (`source`, as the editor asks for them).
 */
export async function prefetchEditor(queries: ScreenQueries, spaceId: string, pagesSource: ContentSource, source: ContentSource, wantedPage: string | undefined): Promise<void> {
  const pages = await queries.fetched(trpc.changeRequests.pages.queryOptions({ spaceId, source: pagesSource }));
  if (!pages) return;
  const draft = draftFromServer(pages.pages);
  const selected = wantedPage && draft.pages[wantedPage] ? wantedPage : readingOrder(draft)[0]?.key;
  await Promise.all([
    queries.prefetch(trpc.changeRequests.files.queryOptions({ spaceId, source })),
    queries.prefetch(trpc.changeRequests.variables.queryOptions({ spaceId, source })),
    selected && queries.prefetch(trpc.changeRequests.page.queryOptions({ spaceId, source, pageId: selected, format: "document" })),
    selected && queries.prefetch(trpc.changeRequests.variables.queryOptions({ spaceId, source, pageId: selected })),
  ]);
}
