import type { Metadata } from "next";
import { prefetchEditor } from "@/app/(app)/_prefetch/editor";
import { ChangeRequestEditorScreen } from "@/components/editor/change-request-editor-screen";
import { ScreenQueries, trpc } from "@/server/trpc/server";

type Params = Promise<{ organizationId: string; spaceId: string; number: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { number } = await params;
  return { title: `Edit change request #${number}` };
}

/** A change request's editor, rendered with the pages and the first page it opens on. */
export default async function EditChangeRequestPage({ params, searchParams }: { params: Params; searchParams: Promise<{ page?: string | string[] }> }) {
  const { organizationId, spaceId, number } = await params;
  const queries = new ScreenQueries();
  const { page } = await searchParams;
  const changeRequest = await queries.fetched(trpc.changeRequests.get.queryOptions({ spaceId, ref: number }));
  if (changeRequest) {
    await prefetchEditor(queries, spaceId, { kind: "change-request", ref: number }, { kind: "change-request", ref: String(changeRequest.number) }, typeof page === "string" ? page : undefined);
  }
  return queries.hydrate(<ChangeRequestEditorScreen organizationId={organizationId} spaceId={spaceId} number={number} />);
}
