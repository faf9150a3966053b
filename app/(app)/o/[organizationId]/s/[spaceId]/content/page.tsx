import type { Metadata } from "next";
import { SpaceReader } from "@/components/content/space-reader";

type Params = Promise<{ organizationId: string; spaceId: string }>;

export const metadata: Metadata = { title: "Content" };

/** The space's content from its first page (the reader opens it), or the empty state. */
export default async function SpaceContentPage({ params }: { params: Params }) {
  const { organizationId, spaceId } = await params;
  return <SpaceReader organizationId={organizationId} spaceId={spaceId} />;
}
