import type { Metadata } from "next";
import { ContentOverview } from "@/components/tree/content-overview";
import { ScreenQueries, trpc } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Home" };

/** The organization's content (the tree its layout brought) and what waits for the caller, rendered with the page. */
export default async function OrganizationHomePage({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  const queries = new ScreenQueries();
  await queries.prefetch(trpc.organizations.waitingForMe.queryOptions({ organizationId }));
  return queries.hydrate(<ContentOverview />);
}
