import type { Metadata } from "next";
import { CatalogPage } from "@/components/integrations/catalog-page";
import { ScreenQueries, trpc } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Integrations" };

/** The catalog, rendered with its first page and, for those who may see them, the organization's installations. */
export default async function Integrations({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  const queries = new ScreenQueries();
  const [tree] = await Promise.all([
    queries.fetched(trpc.content.tree.queryOptions({ organizationId })),
    queries.prefetchInfinite(trpc.integrations.catalog.infiniteQueryOptions({ organizationId }, { getNextPageParam: (last) => last.next?.page })),
  ]);
  if (tree?.organization.permissions.listInstallations) await queries.prefetch(trpc.integrations.organizationInstallations.queryOptions({ organizationId, limit: 1000 }));
  return queries.hydrate(<CatalogPage organizationId={organizationId} />);
}
