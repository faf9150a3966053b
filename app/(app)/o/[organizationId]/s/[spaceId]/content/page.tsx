import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { visibleInNavigation } from "@/components/content/page-navigation";
import { readerHref } from "@/components/content/space-hrefs";
import { SpaceReader } from "@/components/content/space-reader";
import { ScreenQueries, trpc } from "@/server/trpc/server";

type Params = Promise<{ organizationId: string; spaceId: string }>;

export const metadata: Metadata = { title: "Content" };

/** The space's content from its first page (the server sends the browser there at once), or the empty state. */
export default async function SpaceContentPage({ params }: { params: Params }) {
  const { organizationId, spaceId } = await params;
  const queries = new ScreenQueries();
  const [pages, space] = await Promise.all([queries.fetched(trpc.settings.spacePages.queryOptions({ spaceId })), queries.fetched(trpc.settings.getSpace.queryOptions({ spaceId }))]);
  const first = pages && visibleInNavigation(pages.pages)[0];
  if (first) redirect(readerHref(organizationId, spaceId, first.id));
  // The empty state: Start writing (live, or through a change request) and the templates, for those who may edit.
  if (space?.permissions.edit) await Promise.all([queries.prefetch(trpc.liveEdits.availability.queryOptions({ spaceId })), queries.prefetch(trpc.settings.spaceTemplates.queryOptions())]);
  return queries.hydrate(<SpaceReader organizationId={organizationId} spaceId={spaceId} />);
}
