import type { Metadata } from "next";
import { WebhooksPage } from "@/components/webhooks/webhooks-page";
import { ScreenQueries, trpc } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Webhooks" };

/** The organization's webhooks, rendered with the list. */
export default async function OrganizationWebhooksPage({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  const queries = new ScreenQueries();
  await queries.prefetch(trpc.webhooks.list.queryOptions({ organizationId }));
  return queries.hydrate(<WebhooksPage organizationId={organizationId} />);
}
