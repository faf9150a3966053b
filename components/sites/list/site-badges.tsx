import clsx from "clsx";
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
