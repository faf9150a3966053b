import type { Metadata } from "next";
import { ChangeRequestsScreen } from "@/components/change-requests/change-requests-screen";
import { initialStatusOf } from "@/components/change-requests/list-status";
import { ScreenQueries, trpc } from "@/server/trpc/server";

type Params = Promise<{ organizationId: string; spaceId: string }>;

export const metadata: Metadata = { title: "Change requests" };

/** The space's change requests, rendered with the first page of the list the screen opens on. */
export default async function ChangeRequestsPage({ params, searchParams }: { params: Params; searchParams: Promise<{ status?: string | string[] }> }) {
  const { organizationId, spaceId } = await params;
  const queries = new ScreenQueries();
  const { status } = await searchParams;
  const requested = typeof status === "string" ? status : undefined;
  const space = await queries.fetched(trpc.settings.getSpace.queryOptions({ spaceId }));
  if (space) {
    await queries.prefetchInfinite(
      trpc.changeRequests.list.infiniteQueryOptions({ spaceId, status: initialStatusOf(requested, space) }, { getNextPageParam: (last) => last.next?.page }),
    );
  }
  return queries.hydrate(<ChangeRequestsScreen organizationId={organizationId} spaceId={spaceId} status={requested} />);
}
