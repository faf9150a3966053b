"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { ShareLinks } from "./share-links";
import { VisitorAuth } from "./visitor-auth";

const VISIBILITY: Record<string, string> = {
  public: "Public: anyone can read it, and search engines index it.",
  unlisted: "Unlisted: anyone with its address can read it; search engines do not index it.",
  "share-link": "Share link: only people with one of the links below can read it.",
  "visitor-auth": "Visitor authentication: visitors sign in through your own backend.",
};

/** Who can read a published site: share links and visitor authentication (admins manage both). */
export function AccessPage({ organizationId, siteId }: { organizationId: string; siteId: string }) {
  const trpc = useTRPC();
  const site = useQuery(trpc.sites.get.queryOptions({ organizationId, siteId }));
  if (site.isPending) return <LoadingState label="Loading the site…" />;
  if (site.isError) return <ErrorState message={errorMessage(site.error)} onRetry={() => void site.refetch()} />;
  const canManage = site.data.permissions.admin;
  const visibility = site.data.visibility;
  return (
    <section aria-labelledby="access-heading" className="space-y-8">
      <div className="space-y-1">
        <h2 id="access-heading" className="text-xl font-semibold text-slate-900">
          Access
        </h2>
        <p className="max-w-2xl text-sm text-slate-600">
          Visibility — {VISIBILITY[visibility] ?? visibility} {site.data.published ? "" : "The site is not published yet."}
        </p>
      </div>
      <ShareLinks organizationId={organizationId} siteId={siteId} canManage={canManage} visibility={visibility} />
      <VisitorAuth organizationId={organizationId} siteId={siteId} canManage={canManage} visibility={visibility} />
    </section>
  );
}
