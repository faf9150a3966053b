import type { Metadata } from "next";
import { ChangeRequestReviewScreen } from "@/components/change-requests/change-request-review";
import { ScreenQueries, trpc } from "@/server/trpc/server";

type Params = Promise<{ organizationId: string; spaceId: string; number: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { number } = await params;
  return { title: `Change request #${number}` };
}

/** A change request's review, rendered with its changes, its reviews and merge status, and its open comments. */
export default async function ChangeRequestPage({ params }: { params: Params }) {
  const { organizationId, spaceId, number } = await params;
  const queries = new ScreenQueries();
  const changeRequest = await queries.fetched(trpc.changeRequests.get.queryOptions({ spaceId, ref: number }));
  if (changeRequest) {
    const ref = String(changeRequest.number);
    const target = { spaceId, changeRequest: changeRequest.id };
    await Promise.all([
      queries.prefetch(trpc.changeRequests.changes.queryOptions({ spaceId, ref })),
      queries.prefetch(trpc.reviews.list.queryOptions(target)),
      queries.prefetch(trpc.reviews.mergeStatus.queryOptions(target)),
      queries.prefetch(trpc.reviews.requested.queryOptions(target)),
      queries.prefetch(trpc.comments.list.queryOptions({ spaceId, changeRequest: ref, status: "open" })),
    ]);
  }
  return queries.hydrate(<ChangeRequestReviewScreen organizationId={organizationId} spaceId={spaceId} number={number} />);
}
