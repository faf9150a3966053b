import type { Metadata } from "next";
import { SpaceReader } from "@/components/content/space-reader";

type Params = Promise<{ organizationId: string; spaceId: string; revisionId: string }>;

export const metadata: Metadata = { title: "Earlier version" };

/** The space as it was at a revision, from its first page. */
export default async function RevisionPage({ params }: { params: Params }) {
  const { organizationId, spaceId, revisionId } = await params;
  return <SpaceReader organizationId={organizationId} spaceId={spaceId} revisionId={revisionId} />;
}
