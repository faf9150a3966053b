import type { Metadata } from "next";
import { SiteSettings } from "@/components/sites/settings/site-settings";

export const metadata: Metadata = { title: "Site settings" };

export default async function SiteSettingsPage({ params }: { params: Promise<{ organizationId: string; siteId: string }> }) {
  const { organizationId, siteId } = await params;
  return <SiteSettings organizationId={organizationId} siteId={siteId} />;
}
