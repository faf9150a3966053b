import type { Metadata } from "next";
import { HistoryScreen } from "@/components/history/history-screen";

type Params = Promise<{ organizationId: string; spaceId: string }>;

export const metadata: Metadata = { title: "History" };

/** The space's revisions, newest first, and the diff between any two (`?from=…&to=…`). */
export default async function SpaceHistoryPage({ params, searchParams }: { params: Params; searchParams: Promise<{ from?: string | string[]; to?: string | string[] }> }) {
  const { organizationId, spaceId } = await params;
  const { from, to } = await searchParams;
  const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);
  return <HistoryScreen organizationId={organizationId} spaceId={spaceId} from={one(from)} to={one(to)} />;
}
