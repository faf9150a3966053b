import type { ReactNode } from "react";
import { SpaceLiveUpdates } from "@/components/live/space-live-updates";
import { ScreenQueries, trpc } from "@/server/trpc/server";

/**
 * Every screen of a space: a space that does not exist for the caller answers 404. The space and its
 * parent's title (the header of every tab, SpaceFrame) come with the page; the screens are then kept
 * current by live updates.
 */
export default async function SpaceLayout({ children, params }: { children: ReactNode; params: Promise<{ spaceId: string }> }) {
  const { spaceId } = await params;
  const queries = new ScreenQueries();
  const space = await queries.fetchedOrNotFound(trpc.settings.getSpace.queryOptions({ spaceId }));
  if (space?.parent !== undefined) await queries.prefetch(trpc.settings.getCollection.queryOptions({ collectionId: space.parent }));
  return queries.hydrate(
    <>
      {children}
      <SpaceLiveUpdates spaceId={spaceId} />
    </>
  );
}
