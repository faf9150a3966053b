"use client";

import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { ArrowLeft } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useContentTree } from "@/components/tree/content-tree-context";
import { ResourceFrame } from "@/components/ui/resource-frame";
import { IntegrationBadges, IntegrationIcon } from "./integration-badges";
import { integrationHref, integrationsHref, isOwnIntegration, type IntegrationObject } from "./integration-model";

/** One integration, from the cache its pages share. */
export function useIntegration(name: string) {
  const trpc = useTRPC();
  return useQuery(trpc.integrations.get.queryOptions({ integrationName: name }));
}

/** This organization's installation of it, if any: its admins see the organization's installations, others never learn. */
export function useOrganizationInstallation(organizationId: string, name: string) {
  const trpc = useTRPC();
  const tree = useContentTree();
  const enabled = tree.data?.organization.permissions.listInstallations ?? false;
  const installations = useQuery({ ...trpc.integrations.organizationInstallations.queryOptions({ organizationId, search: name, limit: 1000 }), enabled });
  return { ...installations, installation: installations.data?.items.find((item) => item.integration.name === name)?.installation };
}

/** An integration's pages: its header (icon, title, owner, state) and tabs above the page of the tab chosen. */
export function IntegrationFrame({ organizationId, name, children }: { organizationId: string; name: string; children: ReactNode }) {
  return (
    <ResourceFrame query={useIntegration(name)} noun="integration" notFoundExplanation="This integration does not exist, or it is private to another organization.">
      {(integration) => (
        <>
          <IntegrationHeader organizationId={organizationId} integration={integration} />
          <IntegrationTabs organizationId={organizationId} integration={integration} />
          {children}
        </>
      )}
    </ResourceFrame>
  );
}

function IntegrationHeader({ organizationId, integration }: { organizationId: string; integration: IntegrationObject }) {
  const { installation } = useOrganizationInstallation(organizationId, integration.name);
  return (
    <header className="space-y-3">
      <IntentLink href={integrationsHref(organizationId)} className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
        <ArrowLeft aria-hidden className="size-4" />
        Integrations
      </IntentLink>
      <div className="flex min-w-0 items-start gap-4">
        <IntegrationIcon integration={integration} size="lg" />
        <div className="min-w-0 space-y-1.5">
          <h1 className="break-words text-2xl font-semibold tracking-tight text-slate-900">{integration.title}</h1>
          {integration.description && <p className="text-sm text-slate-600">{integration.description}</p>}
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
            <span>
              By <span className="font-medium text-slate-700">{integration.owner.title}</span>
            </span>
            <IntegrationBadges integration={integration} installed={installation !== undefined} own={isOwnIntegration(integration, organizationId)} />
          </p>
        </div>
      </div>
    </header>
  );
}

/** Overview for everyone; the event log and development settings for the integration's own admins. */
function IntegrationTabs({ organizationId, integration }: { organizationId: string; integration: IntegrationObject }) {
  const pathname = usePathname();
  if (!integration.permissions.admin) return null;
  const tabs = [
    { href: integrationHref(organizationId, integration.name), label: "Overview" },
    { href: integrationHref(organizationId, integration.name, "/events"), label: "Events" },
    { href: integrationHref(organizationId, integration.name, "/developer"), label: "Development" },
  ];
  return (
    <nav aria-label="Integration" className="scroll-hint-x flex gap-1 overflow-x-auto border-b border-slate-200">
      {tabs.map((tab) => {
        const current = pathname === tab.href;
        return (
          <IntentLink
            key={tab.href}
            href={tab.href}
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
