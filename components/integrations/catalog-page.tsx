"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { useDeferredValue, useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useContentTree } from "@/components/tree/content-tree-context";
import { Button } from "@/components/ui/button";
import { InlineCode } from "@/components/ui/inline-code";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { IntegrationBadges, IntegrationIcon, IntegrationsEmblem } from "./integration-badges";
import type { ListIntegrationsQuery } from "@/server/integrations/registry/schemas";
import { CATEGORY_LABELS, integrationHref, isOwnIntegration, type IntegrationObject } from "./integration-model";

type Category = NonNullable<ListIntegrationsQuery["category"]>;

/**
 * The organization's catalog: every integration it may install (its own private ones among them),
 * searched by name and filtered by category, those installed here marked.
 */
export function CatalogPage({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const tree = useContentTree();
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState<Category | "">("");
  const query = useDeferredValue(search.trim());
  const filters = { organizationId, ...(query ? { search: query } : {}), ...(category ? { category } : {}) };
  const list = useInfiniteQuery(trpc.integrations.catalog.infiniteQueryOptions(filters, { getNextPageParam: (last) => last.next?.page }));
  // Installations are for the organization's admins to see: others get the catalog without the marks.
  const canSeeInstallations = tree.data?.organization.permissions.listInstallations ?? false;
  const installed = useQuery({ ...trpc.integrations.organizationInstallations.queryOptions({ organizationId, limit: 1000 }), enabled: canSeeInstallations });
  const installedNames = new Set(installed.data?.items.map((item) => item.integration.name) ?? []);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = query !== "" || category !== "";

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-8">
      <div className="flex items-start gap-3">
        <IntegrationsEmblem />
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Integrations</h1>
          <p className="max-w-xl text-sm text-slate-600">Connect other tools to your spaces and sites: an integration receives their events and works with the permissions you grant it.</p>
        </div>
      </div>
      <div role="search" className="flex flex-wrap gap-3" aria-label="Find integrations">
        <div className="relative min-w-0 flex-1 basis-56">
          <Search aria-hidden className="pointer-events-none absolute top-2 left-2.5 size-4 text-slate-400" />
          <input
            type="search"
            aria-label="Search integrations"
            placeholder="Search integrations"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
            className="block w-full rounded-md border border-slate-300 bg-white py-1.5 pr-3 pl-8 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-1 focus:ring-indigo-500 focus:outline-none"
          />
        </div>
        <select
          aria-label="Category"
          value={category}
          onChange={(event) => setCategory(event.target.value as Category | "")}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm focus:border-indigo-500 focus:ring-1 focus:ring-indigo-500 focus:outline-none"
        >
          <option value="">All categories</option>
          {Object.entries(CATEGORY_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {list.isPending ? (
        <LoadingState label="Loading integrations…" />
      ) : list.isError ? (
        <ErrorState message={`The integrations could not be loaded. ${errorMessage(list.error)}`} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        filtered ? (
          <p aria-live="polite" className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">
            No integration matches {query ? <>“{query}”</> : "this category"}
            {query && category ? " in this category" : ""}.
          </p>
        ) : (
          <EmptyState
            title="No integrations yet — publish one with the API"
            description={
              <>
                An integration is published with <InlineCode>POST /v1/integrations/&lt;name&gt;</InlineCode>; the README’s section “Integrations: the registry” says how, with an API token.
              </>
            }
          />
        )
      ) : (
        <>
          <p className="sr-only" aria-live="polite">
            {items.length === 1 ? "1 integration shown" : `${items.length} integrations shown`}
          </p>
          <ul aria-label="Integrations" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((integration) => (
              <CatalogCard key={integration.name} organizationId={organizationId} integration={integration} installed={installedNames.has(integration.name)} />
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Show more
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function CatalogCard({ organizationId, integration, installed }: { organizationId: string; integration: IntegrationObject; installed: boolean }) {
  return (
    <li className="relative flex gap-3 rounded-lg border border-slate-200 bg-white p-4 hover:border-slate-300 hover:bg-slate-50">
      <IntegrationIcon integration={integration} />
      <div className="min-w-0 flex-1 space-y-1.5">
        <IntentLink href={integrationHref(organizationId, integration.name)} className="block truncate font-medium text-slate-900 after:absolute after:inset-0 hover:underline">
          {integration.title}
        </IntentLink>
        <p className="line-clamp-2 text-sm text-slate-600">{integration.description || "No description."}</p>
        <IntegrationBadges integration={integration} installed={installed} own={isOwnIntegration(integration, organizationId)} />
      </div>
    </li>
  );
}
