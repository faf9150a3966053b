import type { ReactNode } from "react";
import { SiteFrame } from "@/components/sites/settings/site-frame";
import { ScreenQueries, trpc } from "@/server/trpc/server";

/** A site's pages: Structure, Customization, Access, Redirects, Insights, Integrations and Settings, under the site's header (the site comes with the page). */
export default async function SiteLayout({ children, params }: { children: ReactNode; params: Promise<{ organizationId: string; siteId: string }> }) {
  const { organizationId, siteId } = await params;
  const queries = new ScreenQueries();
  await queries.prefetch(trpc.sites.get.queryOptions({ organizationId, siteId }));
  return queries.hydrate(
    <>
      <SiteFrame organizationId={organizationId} siteId={siteId}>
        {children}
      </SiteFrame>
    </>
  );
}
