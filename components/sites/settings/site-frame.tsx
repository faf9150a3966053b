"use client";

import { useMutation } from "@tanstack/react-query";
import clsx from "clsx";
import { ArrowLeft } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { ConfirmActions } from "@/components/ui/confirm-actions";
import { Dialog } from "@/components/ui/dialog";
import { ResourceFrame } from "@/components/ui/resource-frame";
import { errorMessage } from "@/components/ui/trpc-error";
import { PublishedLink, SiteBadges, SiteEmblem } from "../list/site-badges";
import { SITE_TABS, siteHref, sitesHref, type SiteObject } from "../list/site-model";
import { useSite, useSiteChanged } from "../list/use-site";

/** A site's pages: its header (title, state, publishing) and tabs above the page of the tab chosen. */
export function SiteFrame({ organizationId, siteId, children }: { organizationId: string; siteId: string; children: ReactNode }) {
  return (
    <ResourceFrame query={useSite(organizationId, siteId)} noun="site" notFoundExplanation="This site does not exist, or you have no access to it.">
      {(site) => (
        <>
          <SiteHeader organizationId={organizationId} site={site} />
          <SiteTabs organizationId={organizationId} site={site} />
          {children}
        </>
      )}
    </ResourceFrame>
  );
}

function SiteHeader({ organizationId, site }: { organizationId: string; site: SiteObject }) {
  const trpc = useTRPC();
  const toast = useToast();
  const changed = useSiteChanged();
  const [confirmUnpublish, setConfirmUnpublish] = useState(false);
  const publish = useMutation(
    trpc.sites.publish.mutationOptions({
      onSuccess: async (next) => {
        await changed(organizationId, next);
        toast.success(`“${next.title}” is published.`);
      },
      onError: (error) => toast.error(`The site could not be published. ${errorMessage(error)}`),
    }),
  );
  const unpublish = useMutation(
    trpc.sites.unpublish.mutationOptions({
      onSuccess: async (next) => {
        await changed(organizationId, next);
        setConfirmUnpublish(false);
        toast.success(`“${next.title}” is no longer published.`);
      },
    }),
  );

  return (
    <header className="space-y-3">
      <IntentLink href={sitesHref(organizationId)} className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
        <ArrowLeft aria-hidden className="size-4" />
        Sites
      </IntentLink>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-3">
          <SiteEmblem />
          <div className="min-w-0 space-y-1.5">
            <h1 className="break-words text-2xl font-semibold tracking-tight text-slate-900">{site.title}</h1>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <SiteBadges site={site} />
              <PublishedLink site={site} />
            </div>
          </div>
        </div>
        {site.permissions.admin && (
          <div className="flex shrink-0 gap-2">
            {site.published ? (
              <Button variant="secondary" onClick={() => setConfirmUnpublish(true)}>
                Unpublish
              </Button>
            ) : (
              <Button loading={publish.isPending} onClick={() => publish.mutate({ organizationId, siteId: site.id })}>
                Publish
              </Button>
            )}
          </div>
        )}
      </div>
      <Dialog
        open={confirmUnpublish}
        onClose={() => {
          unpublish.reset();
          setConfirmUnpublish(false);
        }}
        title="Unpublish this site?"
      >
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            Readers can no longer open <strong className="text-slate-900">{site.title}</strong> until it is published again. Its structure and settings stay as they are.
          </p>
          <ConfirmActions
            error={unpublish.error ? errorMessage(unpublish.error) : undefined}
            pending={unpublish.isPending}
            confirmLabel="Unpublish"
            onCancel={() => {
              unpublish.reset();
              setConfirmUnpublish(false);
            }}
            onConfirm={() => unpublish.mutate({ organizationId, siteId: site.id })}
          />
        </div>
      </Dialog>
    </header>
  );
}

/** The site's pages as tabs (a navigation landmark of links, the current one marked). */
function SiteTabs({ organizationId, site }: { organizationId: string; site: SiteObject }) {
  const pathname = usePathname();
  return (
    // No negative margin here: it would cancel the spacing of the stack the tabs sit in.
    <nav aria-label="Site" className="scroll-hint-x flex gap-1 overflow-x-auto border-b border-slate-200">
      {SITE_TABS.filter((tab) => site.permissions[tab.needs]).map((tab) => {
        const href = siteHref(organizationId, site.id, tab.path);
        const current = tab.path === "" ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
        return (
          <IntentLink
            key={tab.path}
            href={href}
            aria-current={current ? "page" : undefined}
            className={clsx(
              "whitespace-nowrap border-b-2 px-3 py-2 text-sm",
              current ? "border-indigo-600 font-medium text-indigo-900" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
            )}
          >
            {tab.label}
          </IntentLink>
        );
      })}
    </nav>
  );
}
