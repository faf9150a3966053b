"use client";

import { ShareButton } from "@/components/sharing/sharing-dialog";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { useSite } from "../list/use-site";
import { VISIBILITIES } from "../list/site-model";
import { ShareLinks } from "./share-links";
import { VisitorAuth } from "./visitor-auth";

/**
 * Who can work on a site and who can read it once published: the organization's people and teams
 * with a role on it, share links and visitor authentication (admins manage all three).
 */
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
      <section aria-labelledby="site-people-heading" className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h3 id="site-people-heading" className="text-lg font-semibold text-slate-900">
            People and teams
          </h3>
          <p className="max-w-xl text-sm text-slate-600">Members of the organization and teams with a role on this site: who may edit its structure, customize it or manage it.</p>
        </div>
        <ShareButton organizationId={organizationId} target={{ type: "site", id: siteId, organizationId }} title={site.data.title} canShare={canManage} />
      </section>
      <ShareLinks organizationId={organizationId} siteId={siteId} canManage={canManage} visibility={visibility} />
      <VisitorAuth organizationId={organizationId} siteId={siteId} canManage={canManage} visibility={visibility} />
    </section>
  );
}
