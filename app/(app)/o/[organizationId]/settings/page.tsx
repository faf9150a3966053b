import type { Metadata } from "next";
import { OrganizationSettingsPage } from "@/components/organization-settings/organization-settings";

export const metadata: Metadata = { title: "Organization settings" };

export default async function OrganizationSettings({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  return <OrganizationSettingsPage organizationId={organizationId} />;
}
