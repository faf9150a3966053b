import type { Metadata } from "next";
import { StructureEditor } from "@/components/sites/structure/structure-editor";
import { ScreenQueries, trpc } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Site structure" };

/** A site's structure, rendered with it. */
export default async function SiteStructurePage({ params }: { params: Promise<{ organizationId: string; siteId: string }> }) {
  const { organizationId, siteId } = await params;
  const queries = new ScreenQueries();
  await queries.prefetch(trpc.siteStructure.get.queryOptions({ organizationId, siteId }));
  return queries.hydrate(<StructureEditor organizationId={organizationId} siteId={siteId} />);
}
