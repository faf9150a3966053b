import clsx from "clsx";
import { ExternalLink, Globe } from "lucide-react";
import { visibilityLabel, type SiteObject } from "./site-model";

/** A site's state at a glance: published or not, and who may read it. */
export function SiteBadges({ site }: { site: Pick<SiteObject, "published" | "visibility"> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span
        className={clsx(
          "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium",
          site.published ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700",
        )}
      >
        <span aria-hidden className={clsx("size-1.5 rounded-full", site.published ? "bg-green-600" : "bg-slate-400")} />
        {site.published ? "Published" : "Unpublished"}
      </span>
      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{visibilityLabel(site.visibility)}</span>
    </span>
  );
}

/** Where readers find the published site (without the scheme, to stay short), opening in a new tab. */
export function PublishedLink({ site, className }: { site: Pick<SiteObject, "published" | "urls">; className?: string }) {
  if (!site.published || !site.urls.published) return null;
  return (
    <a href={site.urls.published} target="_blank" rel="noreferrer" className={clsx("inline-flex min-w-0 max-w-full items-center gap-1 text-indigo-700 hover:underline", className)}>
      <span className="truncate">{site.urls.published.replace(/^https?:\/\//, "")}</span>
      <ExternalLink aria-hidden className="size-3.5 shrink-0" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** The sites' emblem beside a page's heading. */
export function SiteEmblem() {
  return (
    <span aria-hidden className="grid size-9 shrink-0 place-items-center rounded-md bg-slate-100 text-slate-600">
      <Globe className="size-5" />
    </span>
  );
}
