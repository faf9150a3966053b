"use client";

import { ExternalLink, ShieldCheck } from "lucide-react";
import { MarkdownView } from "@/components/content/markdown-view";
import { LoadingState } from "@/components/ui/states";
import { InstallationPanel } from "./installation-panel";
import { useIntegration } from "./integration-frame";
import { categoryLabel, scopeSentence, type IntegrationObject } from "./integration-model";

/** An integration's page: what it does and asks for, and its installation in this organization. */
export function OverviewPage({ organizationId, name }: { organizationId: string; name: string }) {
  const integration = useIntegration(name);
  // The frame shows the loading and error states; this waits for the same query.
  if (!integration.data) return <LoadingState label="Loading the integration…" />;
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0 space-y-8">
        <InstallationPanel organizationId={organizationId} integration={integration.data} />
        <About integration={integration.data} />
      </div>
      <Facts integration={integration.data} />
    </div>
  );
}

function About({ integration }: { integration: IntegrationObject }) {
  return (
    <section aria-labelledby="about-heading" className="space-y-4">
      <h2 id="about-heading" className="text-lg font-semibold text-slate-900">
        About
      </h2>
      {integration.summary ? (
        // The renderer of page bodies: markdown only (no raw HTML), links kept to safe schemes.
        <MarkdownView markdown={integration.summary} />
      ) : (
        <p className="text-sm text-slate-500">The integration gives no further description.</p>
      )}
      {integration.previewImages.length > 0 && (
        <ul aria-label="Previews" className="grid gap-3 sm:grid-cols-2">
          {integration.previewImages.map((src, index) => (
            <li key={src}>
              <img src={src} alt={`Preview ${index + 1} of ${integration.title}`} loading="lazy" className="w-full rounded-md border border-slate-200 bg-white object-contain" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The side column: the permissions it asks for in plain words, its categories and links. */
function Facts({ integration }: { integration: IntegrationObject }) {
  // Stored as published, which the registry validated (the reference's IntegrationExternalLinks: http(s) URLs).
  const links = (Array.isArray(integration.externalLinks) ? integration.externalLinks : []) as { url: string; label: string }[];
  return (
    <aside aria-label="About this integration" className="space-y-6 text-sm">
      <section aria-labelledby="scopes-heading" className="space-y-2">
        <h2 id="scopes-heading" className="font-semibold text-slate-900">
          It asks to
        </h2>
        {integration.scopes.length === 0 ? (
          <p className="text-slate-500">Nothing beyond receiving the events of what it is installed on.</p>
        ) : (
          <ul className="space-y-1.5">
            {integration.scopes.map((scope) => (
              <li key={scope} className="flex gap-2 text-slate-700">
                <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />
                <span>{scopeSentence(scope)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {integration.categories.length > 0 && (
        <section aria-labelledby="categories-heading" className="space-y-2">
          <h2 id="categories-heading" className="font-semibold text-slate-900">
            Categories
          </h2>
          <ul className="flex flex-wrap gap-1.5">
            {integration.categories.map((category) => (
              <li key={category} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                {categoryLabel(category)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {links.length > 0 && (
        <section aria-labelledby="links-heading" className="space-y-2">
          <h2 id="links-heading" className="font-semibold text-slate-900">
            Links
          </h2>
          <ul className="space-y-1">
            {links.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 text-indigo-700 hover:underline">
                  {link.label}
                  <ExternalLink aria-hidden className="size-3.5" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="owner-heading" className="space-y-1">
        <h2 id="owner-heading" className="font-semibold text-slate-900">
          Published by
        </h2>
        <p className="text-slate-700">{integration.owner.title}</p>
        <p className="text-xs text-slate-500">Version {integration.version}</p>
      </section>
    </aside>
  );
}
