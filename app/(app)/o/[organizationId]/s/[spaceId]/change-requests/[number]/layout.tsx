import type { ReactNode } from "react";
import { ScreenQueries, trpc } from "@/server/trpc/server";

/** A change request's review and editor: one that does not exist answers 404; it comes with the page. */
export default async function ChangeRequestLayout({ children, params }: { children: ReactNode; params: Promise<{ spaceId: string; number: string }> }) {
  const { spaceId, number } = await params;
  const queries = new ScreenQueries();
  await queries.fetchedOrNotFound(trpc.changeRequests.get.queryOptions({ spaceId, ref: number }));
  return queries.hydrate(children);
}
