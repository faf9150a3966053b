import type { Metadata } from "next";
import { SpaceReader } from "@/components/content/space-reader";
import { pageRead } from "@/server/auth/page-read";
import { pageContext } from "@/server/context";
import { getSpacePage } from "@/server/content/reads";

type Params = Promise<{ organizationId: string; spaceId: string; pageId: string }>;

// The cheapest read of a page: its stored markdown, nothing evaluated or computed.
const BARE_READ = { format: "markdown", evaluated: false, metadata: false, computed: false } as const;

/** The tab shows the page's title; a page the caller may not see stays a plain "Page". */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { spaceId, pageId } = await params;
  const ctx = await pageContext();
  if (!ctx) return { title: "Page" };
  const page = await getSpacePage(ctx, spaceId, pageId, BARE_READ).catch(() => null);
  return { title: page?.title ?? "Page" };
}

export default async function ReaderPage({ params }: { params: Params }) {
  const { organizationId, spaceId, pageId } = await params;
  // A page that does not exist answers 404; the reader loads the page itself on the client.
  await pageRead((ctx) => getSpacePage(ctx, spaceId, pageId, BARE_READ));
  return <SpaceReader organizationId={organizationId} spaceId={spaceId} pageId={pageId} />;
}
