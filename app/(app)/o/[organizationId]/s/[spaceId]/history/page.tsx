import type { Metadata } from "next";
import { HistoryScreen } from "@/components/history/history-screen";
import { ScreenQueries, trpc } from "@/server/trpc/server";

type Params = Promise<{ organizationId: string; spaceId: string }>;

export const metadata: Metadata = { title: "History" };

/** The space's revisions, newest first, and the diff between any two (`?from=…&to=…`). */
export default async function SpaceHistoryPage({ params, searchParams }: { params: Params; searchParams: Promise<{ from?: string | string[]; to?: string | string[] }> }) {
  const { organizationId, spaceId } = await params;
  const queries = new ScreenQueries();
  const { from, to } = await searchParams;
  const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);
  // The list's first page comes with the page; a diff asked for in the address loads in the browser.
  await queries.prefetchInfinite(trpc.history.list.infiniteQueryOptions({ spaceId, limit: 20 }, { getNextPageParam: (last) => last.next }));
  return queries.hydrate(<HistoryScreen organizationId={organizationId} spaceId={spaceId} from={one(from)} to={one(to)} />);
}
