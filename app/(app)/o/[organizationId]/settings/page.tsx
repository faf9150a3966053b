import type { Metadata } from "next";
import { OrganizationSettingsPage } from "@/components/organization-settings/organization-settings";
import { ScreenQueries, trpc } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Organization settings" };

/** The organization's settings, rendered with the organization. */
export default async function OrganizationSettings({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  const queries = new ScreenQueries();
  await queries.prefetch(trpc.organizations.get.queryOptions({ organizationId }));
  return queries.hydrate(<OrganizationSettingsPage organizationId={organizationId} />);
}
