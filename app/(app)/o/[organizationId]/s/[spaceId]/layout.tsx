import type { ReactNode } from "react";
import { SpaceLiveUpdates } from "@/components/live/space-live-updates";
import { pageRead } from "@/server/auth/page-read";
import { getSpace } from "@/server/spaces/queries";

/** Every screen of a space: a space that does not exist for the caller answers 404 (the screens themselves load on the client, and are kept current by live updates). */
export default async function SpaceLayout({ children, params }: { children: ReactNode; params: Promise<{ spaceId: string }> }) {
  const { spaceId } = await params;
  await pageRead((ctx) => getSpace(ctx, spaceId));
  return (
    <>
      {children}
      <SpaceLiveUpdates spaceId={spaceId} />
    </>
  );
}
