import type { Metadata } from "next";
import { TeamsPage } from "@/components/people/teams-page";
import { ScreenQueries, trpc } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Teams" };

/** The teams, rendered with the list's first page and the organization (what the caller may do there). */
export default async function Teams({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  const queries = new ScreenQueries();
  await Promise.all([
    queries.prefetch(trpc.organizations.get.queryOptions({ organizationId })),
    queries.prefetch(trpc.teams.list.queryOptions({ organizationId, limit: 50 })),
  ]);
  return queries.hydrate(<TeamsPage organizationId={organizationId} />);
}
