import type { Metadata } from "next";
import { SpaceView } from "@/components/space/space-view";
import { fetched, trpc } from "@/server/trpc/server";

type Params = Promise<{ organizationId: string; spaceId: string }>;

/** The tab shows the space's title (the answer the space's layout brought); anything the caller may not see stays a plain "Space". */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { spaceId } = await params;
  const space = await fetched(trpc.settings.getSpace.queryOptions({ spaceId }));
  return { title: space?.title ?? "Space" };
}

export default async function SpacePage({ params }: { params: Params }) {
  const { organizationId, spaceId } = await params;
  return <SpaceView organizationId={organizationId} spaceId={spaceId} />;
}
