import type { Metadata } from "next";
import { SpaceReader } from "@/components/content/space-reader";
import { ScreenQueries, trpc } from "@/server/trpc/server";

type Params = Promise<{ organizationId: string; spaceId: string; revisionId: string; pageId: string }>;

export const metadata: Metadata = { title: "Earlier version" };

/** One page as it was at a revision of the space, rendered with the page, the pages of then, its files and the revision's entry. */
export default async function RevisionPageReader({ params }: { params: Params }) {
  const { organizationId, spaceId, revisionId, pageId } = await params;
  const queries = new ScreenQueries();
  const source = { kind: "revision", revisionId } as const;
  await Promise.all([
    queries.prefetch(trpc.changeRequests.page.queryOptions({ spaceId, source, pageId, evaluated: true })),
    queries.prefetch(trpc.settings.spacePages.queryOptions({ spaceId, revisionId })),
    queries.prefetch(trpc.changeRequests.files.queryOptions({ spaceId, source })),
    queries.prefetch(trpc.history.list.queryOptions({ spaceId, cursor: revisionId, limit: 1 })),
  ]);
  return queries.hydrate(<SpaceReader organizationId={organizationId} spaceId={spaceId} revisionId={revisionId} pageId={pageId} />);
}
