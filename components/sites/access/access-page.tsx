"use client";

import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { useSite } from "../list/use-site";
import { VISIBILITIES } from "../list/site-model";
import { ShareLinks } from "./share-links";
import { VisitorAuth } from "./visitor-auth";

/** Who can read a published site: share links and visitor authentication (admins manage both). */
export function AccessPage({ organizationId, siteId }: { organizationId: string; siteId: string }) {
  const site = useSite(organizationId, siteId);
  if (site.isPending) return <LoadingState label="Loading the site…" />;
  if (site.isError) return <ErrorState message={errorMessage(site.error)} onRetry={() => void site.refetch()} />;
  const canManage = site.data.permissions.admin;
  const visibility = site.data.visibility;
  const described = VISIBILITIES.find((entry) => entry.value === visibility);
  return (
    <section aria-labelledby="access-heading" className="space-y-8">
      <div className="space-y-1">
        <h2 id="access-heading" className="text-xl font-semibold text-slate-900">
          Access
        </h2>
        <p className="max-w-2xl text-sm text-slate-600">
          Visibility: {described ? `${described.label}. ${described.description}` : visibility} {site.data.published ? "" : "The site is not published yet."}
        </p>
      </div>
      <ShareLinks organizationId={organizationId} siteId={siteId} canManage={canManage} visibility={visibility} />
      <VisitorAuth organizationId={organizationId} siteId={siteId} canManage={canManage} visibility={visibility} />
    </section>
  );
}
