import type { ReactNode } from "react";
import { SiteFrame } from "@/components/sites/settings/site-frame";

/** A site's pages: Structure, Customization, Access, Redirects, Insights, Integrations and Settings, under the site's header. */
export default async function SiteLayout({ children, params }: { children: ReactNode; params: Promise<{ organizationId: string; siteId: string }> }) {
  const { organizationId, siteId } = await params;
  return (
    <SiteFrame organizationId={organizationId} siteId={siteId}>
      {children}
    </SiteFrame>
  );
}
