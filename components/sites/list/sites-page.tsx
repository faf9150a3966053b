"use client";

import { useQuery } from "@tanstack/react-query";
import { Globe, Plus } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { useState, type ReactNode } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useContentTree } from "@/components/tree/content-tree-context";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { CreateSiteDialog } from "../create/create-site-dialog";
import { PublishedLink, SiteBadges, SiteEmblem } from "./site-badges";
import { siteHref, siteSpacesLabel } from "./site-model";

/** The organization's docs sites with their state; members who may create content create one here. */
export function SitesPage({ organizationId }: { organizationId: string }) {
  const tree = useContentTree();
  const canCreate = tree.data?.organization.permissions.createContent ?? false;
  const [creating, setCreating] = useState(false);
  // One query per page of results: "Show more" adds the next page's cursor.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-start gap-3">
          <SiteEmblem />
          <div className="space-y-1">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Sites</h1>
            <p className="max-w-xl text-sm text-slate-600">Publish spaces as documentation sites: arrange them in sections, choose who may read them, then publish.</p>
          </div>
        </div>
        {canCreate && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" />
            Create site
          </Button>
        )}
      </div>
      <ul aria-label="Sites" className="divide-y divide-slate-200 rounded-lg border border-slate-200 empty:hidden">
        {cursors.map((cursor, index) => (
          <SitesChunk
            key={cursor ?? "first"}
            organizationId={organizationId}
            cursor={cursor}
            last={index === cursors.length - 1}
            onMore={(next) => setCursors((current) => [...current, next])}
            empty={
              index === 0 ? (
                <EmptyState
                  title="No sites yet"
                  description={canCreate ? "Create a site to publish your spaces for readers, inside or outside the organization." : "Members who may create content create sites."}
                  action={canCreate ? <Button onClick={() => setCreating(true)}>Create site</Button> : undefined}
                />
              ) : null
            }
          />
        ))}
      </ul>
      <CreateSiteDialog organizationId={organizationId} open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

/** One page of sites, as items of the list above (its states too, so they sit where its rows would). */
function SitesChunk({ organizationId, cursor, last, onMore, empty }: { organizationId: string; cursor: string | undefined; last: boolean; onMore: (next: string) => void; empty: ReactNode }) {
  const trpc = useTRPC();
  const sites = useQuery(trpc.sites.list.queryOptions({ organizationId, ...(cursor ? { cursor } : {}) }));
  if (sites.isPending) return <li><LoadingState label="Loading sites…" /></li>;
  if (sites.isError) return <li className="p-3"><ErrorState message={`The sites could not be loaded. ${errorMessage(sites.error)}`} onRetry={() => void sites.refetch()} /></li>;
  if (sites.data.items.length === 0) return empty ? <li className="p-3">{empty}</li> : null;
  return (
    <>
      {sites.data.items.map((site) => (
        <li key={site.id} className="relative flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 hover:bg-slate-50">
          <Globe aria-hidden className="size-5 shrink-0 text-slate-400" />
          <div className="min-w-0 flex-1 space-y-1">
            <IntentLink href={siteHref(organizationId, site.id)} className="block truncate font-medium text-slate-900 after:absolute after:inset-0 hover:underline">
              {site.title}
            </IntentLink>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
              <SiteBadges site={site} />
              <span>{siteSpacesLabel(site.siteSpaces)}</span>
            </p>
          </div>
          {/* Above the row's link (relative + z-index), so it opens the site rather than its page here. */}
          <PublishedLink site={site} className="relative z-10 w-full pl-9 text-sm sm:w-auto sm:pl-0" />
        </li>
      ))}
      {last && sites.data.next && (
        <li className="flex justify-center p-2">
          <Button variant="ghost" onClick={() => onMore(sites.data.next!.page)}>
            Show more sites
          </Button>
        </li>
      )}
    </>
  );
}
