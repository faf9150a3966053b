import type { Metadata } from "next";
import { InstalledHere } from "@/components/integrations/installed-here";

export const metadata: Metadata = { title: "Integrations" };

/** The integrations installed on the site. */
export default async function SiteIntegrations({ params }: { params: Promise<{ organizationId: string; siteId: string }> }) {
  const { organizationId, siteId } = await params;
  return <InstalledHere kind="site" organizationId={organizationId} targetId={siteId} />;
}
