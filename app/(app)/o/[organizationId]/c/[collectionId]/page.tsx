import type { Metadata } from "next";
import { CollectionView } from "@/components/collection/collection-view";
import { fetched, ScreenQueries, trpc } from "@/server/trpc/server";

type Params = Promise<{ organizationId: string; collectionId: string }>;

/** The tab shows the collection's title; anything the caller may not see stays a plain "Collection". */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { collectionId } = await params;
  const collection = await fetched(trpc.settings.getCollection.queryOptions({ collectionId }));
  return { title: collection?.title ?? "Collection" };
}

/** A collection and its spaces, rendered with the page; one that does not exist answers 404. */
export default async function CollectionPage({ params }: { params: Params }) {
  const { organizationId, collectionId } = await params;
  const queries = new ScreenQueries();
  await Promise.all([
    queries.fetchedOrNotFound(trpc.settings.getCollection.queryOptions({ collectionId })),
    queries.prefetch(trpc.settings.spacesInCollection.queryOptions({ collectionId })),
  ]);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      {queries.hydrate(<CollectionView organizationId={organizationId} collectionId={collectionId} />)}
    </div>
  );
}
