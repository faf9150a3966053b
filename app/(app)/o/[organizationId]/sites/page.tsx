import type { Metadata } from "next";
import { SitesPage } from "@/components/sites/list/sites-page";
import { ScreenQueries, trpc } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Sites" };

/** The organization's sites, rendered with the list's first page. */
export default async function Sites({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  const queries = new ScreenQueries();
  await queries.prefetch(trpc.sites.list.queryOptions({ organizationId }));
  return queries.hydrate(<SitesPage organizationId={organizationId} />);
}
