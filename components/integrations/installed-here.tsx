"use client";

import { useQuery } from "@tanstack/react-query";
import { IntentLink } from "@/components/ui/intent-link";
import { useTRPC } from "@/components/providers/trpc-provider";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { IntegrationIcon, StatusBadge } from "./integration-badges";
import { integrationHref, integrationsHref, statusOf } from "./integration-model";

/** The integrations installed on a space or a site, pending and paused ones included with what that means, each linking to its page, where it is configured. */
export function InstalledHere({ kind, organizationId, targetId }: { kind: "space" | "site"; organizationId: string; targetId: string }) {
  const trpc = useTRPC();
  const spaceList = useQuery({ ...trpc.integrations.spaceIntegrations.queryOptions({ spaceId: targetId }), enabled: kind === "space" });
  const siteList = useQuery({ ...trpc.integrations.siteIntegrations.queryOptions({ organizationId, siteId: targetId }), enabled: kind === "site" });
  const list = kind === "space" ? spaceList : siteList;
  // A space's screens title themselves (h1) under the space's tabs; a site's page sits under the site's own h1.
  const Heading = kind === "space" ? "h1" : "h2";
  return (
    <section aria-labelledby="installed-here-heading" className="space-y-4">
      <div className="space-y-1">
        <Heading id="installed-here-heading" className="text-lg font-semibold text-slate-900">
          Integrations
        </Heading>
        <p className="text-sm text-slate-600">The integrations that receive this {kind}’s events. Each is installed and configured by the organization’s admins on its page.</p>
      </div>
      {list.isPending ? (
        <LoadingState label="Loading integrations…" />
      ) : list.isError ? (
        <ErrorState message={`The integrations could not be loaded. ${errorMessage(list.error)}`} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          title={`No integration is installed on this ${kind}`}
          description={
            <>
              Browse the <IntentLink href={integrationsHref(organizationId)} className="text-indigo-700 hover:underline">organization’s integrations</IntentLink> to install one.
            </>
          }
        />
      ) : (
        <ul aria-label={`Integrations on this ${kind}`} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {list.data.items.map(({ integration, status }) => (
            <li key={integration.name} className="flex items-center gap-3 px-4 py-3">
              <IntegrationIcon integration={integration} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <IntentLink href={integrationHref(organizationId, integration.name)} className="truncate font-medium text-slate-900 hover:underline">
                    {integration.title}
                  </IntentLink>
                  <StatusBadge status={status} />
                </div>
                <p className="truncate text-sm text-slate-600">{status === "active" ? integration.description : statusOf(status).text}</p>
              </div>
              <IntentLink href={integrationHref(organizationId, integration.name)} className="shrink-0 text-sm text-indigo-700 hover:underline" aria-label={`Configuration of ${integration.title}`}>
                Configuration
              </IntentLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
