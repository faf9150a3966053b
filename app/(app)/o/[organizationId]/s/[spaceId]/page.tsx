import type { Metadata } from "next";
import { SpaceView } from "@/components/space/space-view";
import { pageContext } from "@/server/context";
import { getSpace } from "@/server/spaces/queries";

type Params = Promise<{ organizationId: string; spaceId: string }>;

/** The tab shows the space's title; anything the caller may not see stays a plain "Space". */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { spaceId } = await params;
  const ctx = await pageContext();
  if (!ctx) return { title: "Space" };
  const space = await getSpace(ctx, spaceId).catch(() => null);
  return { title: space?.title ?? "Space" };
}

export default async function SpacePage({ params }: { params: Params }) {
  const { organizationId, spaceId } = await params;
  return <SpaceView organizationId={organizationId} spaceId={spaceId} />;
}
