import type { Metadata } from "next";
import { SpaceReader } from "@/components/content/space-reader";
import { fetched, ScreenQueries, trpc } from "@/server/trpc/server";

type Params = Promise<{ organizationId: string; spaceId: string; pageId: string }>;

const MAIN = { kind: "main" } as const;

/** The page on screen, as the reader asks for it (the same query answers the tab's title). */
const pageQuery = (spaceId: string, pageId: string) => trpc.changeRequests.page.queryOptions({ spaceId, source: MAIN, pageId, evaluated: true });

/** The tab shows the page's title; a page the caller may not see stays a plain "Page". */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { spaceId, pageId } = await params;
  const page = await fetched(pageQuery(spaceId, pageId));
  return { title: page?.title ?? "Page" };
}

/**
 * A page of the space in the reader, rendered with everything it shows first: the page, the page
 * tree, the files it links to, whether Edit opens the live editor, and the open comments. The blocks'
 * keys, which only anchor new comments, the browser asks for once the page is on screen: they cost
 * a parse of the page into its document, which would slow every page view for what few of them use.
 */
export default async function ReaderPage({ params }: { params: Params }) {
  const { organizationId, spaceId, pageId } = await params;
  const queries = new ScreenQueries();
  const [space] = await Promise.all([
    queries.fetched(trpc.settings.getSpace.queryOptions({ spaceId })),
    // A page that does not exist answers 404.
    queries.fetchedOrNotFound(pageQuery(spaceId, pageId)),
    queries.prefetch(trpc.settings.spacePages.queryOptions({ spaceId })),
    queries.prefetch(trpc.changeRequests.files.queryOptions({ spaceId, source: MAIN })),
    queries.prefetch(trpc.comments.list.queryOptions({ spaceId, status: "open", targetPage: pageId })),
  ]);
  if (space?.permissions.edit) await queries.prefetch(trpc.liveEdits.availability.queryOptions({ spaceId }));
  return queries.hydrate(<SpaceReader organizationId={organizationId} spaceId={spaceId} pageId={pageId} />);
}
