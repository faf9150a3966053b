import type { Metadata } from "next";
import { SpaceReader } from "@/components/content/space-reader";

type Params = Promise<{ organizationId: string; spaceId: string; revisionId: string; pageId: string }>;

export const metadata: Metadata = { title: "Earlier version" };

/** One page as it was at a revision of the space. */
export default async function RevisionPageReader({ params }: { params: Params }) {
  const { organizationId, spaceId, revisionId, pageId } = await params;
  return <SpaceReader organizationId={organizationId} spaceId={spaceId} revisionId={revisionId} pageId={pageId} />;
}
