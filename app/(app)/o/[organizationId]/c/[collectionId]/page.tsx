import type { Metadata } from "next";
import { CollectionView } from "@/components/collection/collection-view";
import { pageRead } from "@/server/auth/page-read";
import { getCollection } from "@/server/collections/queries";
import { pageContext } from "@/server/context";

type Params = Promise<{ organizationId: string; collectionId: string }>;

/** The tab shows the collection's title; anything the caller may not see stays a plain "Collection". */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { collectionId } = await params;
  const ctx = await pageContext();
  if (!ctx) return { title: "Collection" };
  const collection = await getCollection(ctx, collectionId).catch(() => null);
  return { title: collection?.title ?? "Collection" };
}

export default async function CollectionPage({ params }: { params: Params }) {
  const { organizationId, collectionId } = await params;
  // A collection that does not exist answers 404; the view loads it on the client.
  await pageRead((ctx) => getCollection(ctx, collectionId));
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <CollectionView organizationId={organizationId} collectionId={collectionId} />
    </div>
  );
}
