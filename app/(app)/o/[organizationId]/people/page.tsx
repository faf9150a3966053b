import type { Metadata } from "next";
import { MembersPage } from "@/components/people/members-page";
import { ScreenQueries, trpc } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Members" };

/** The members, rendered with the list's first page as it opens (newest first) and who the caller is. */
export default async function Members({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  const queries = new ScreenQueries();
  await Promise.all([
    queries.prefetch(trpc.organizations.me.queryOptions()),
    queries.prefetch(trpc.members.list.queryOptions({ organizationId, sort: "joinedAt", order: "desc", limit: 50 })),
  ]);
  return queries.hydrate(<MembersPage organizationId={organizationId} />);
}
