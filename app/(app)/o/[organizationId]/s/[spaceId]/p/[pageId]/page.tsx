import type { Metadata } from "next";
import { SpaceReader } from "@/components/content/space-reader";
import { pageActor } from "@/server/auth/request-actor";
import { configuredPublicUrl } from "@/server/config";
import { getSpacePage } from "@/server/content/reads";

type Params = Promise<{ organizationId: string; spaceId: string; pageId: string }>;

/** The tab shows the page's title; a page the caller may not see stays a plain "Page". */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { spaceId, pageId } = await params;
  const actor = await pageActor();
  if (!actor) return { title: "Page" };
  const page = await getSpacePage({ actor, baseUrl: configuredPublicUrl() ?? "" }, spaceId, pageId, { format: "markdown", evaluated: false, metadata: false, computed: false }).catch(() => null);
  return { title: page?.title ?? "Page" };
}

export default async function ReaderPage({ params }: { params: Params }) {
  const { organizationId, spaceId, pageId } = await params;
  return <SpaceReader organizationId={organizationId} spaceId={spaceId} pageId={pageId} />;
}
