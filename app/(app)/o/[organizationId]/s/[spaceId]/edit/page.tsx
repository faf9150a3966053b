import type { Metadata } from "next";
import { prefetchEditor } from "@/app/(app)/_prefetch/editor";
import { LiveEditorScreen } from "@/components/editor/live-editor";
import { ScreenQueries, trpc } from "@/server/trpc/server";

type Params = Promise<{ organizationId: string; spaceId: string }>;

export const metadata: Metadata = { title: "Edit live" };

/** The live editor, rendered with whether the caller may edit live, the pages and the first page it opens on. */
export default async function LiveEditPage({ params, searchParams }: { params: Params; searchParams: Promise<{ page?: string | string[] }> }) {
  const { organizationId, spaceId } = await params;
  const queries = new ScreenQueries();
  const { page } = await searchParams;
  const main = { kind: "main" } as const;
  await Promise.all([
    queries.prefetch(trpc.liveEdits.availability.queryOptions({ spaceId })),
    prefetchEditor(queries, spaceId, main, main, typeof page === "string" ? page : undefined),
  ]);
  return queries.hydrate(<LiveEditorScreen organizationId={organizationId} spaceId={spaceId} />);
}
