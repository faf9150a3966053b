import clsx from "clsx";
import { Puzzle } from "lucide-react";
import { statusOf, type IntegrationObject } from "./integration-model";

const badge = "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium";

/** An integration's state at a glance: installed here, this organization's own, private or unlisted, verified. */
export function IntegrationBadges({ integration, installed, own }: { integration: Pick<IntegrationObject, "visibility" | "verified">; installed: boolean; own: boolean }) {
  return (
    <span className="relative inline-flex flex-wrap items-center gap-1.5">
      {installed && (
        <span className={clsx(badge, "bg-indigo-100 text-indigo-800")}>
          <span aria-hidden className="size-1.5 rounded-full bg-indigo-600" />
          Installed
        </span>
      )}
      {own && <span className={clsx(badge, "bg-slate-100 text-slate-700")}>Your organization’s</span>}
      {integration.visibility !== "public" && <span className={clsx(badge, "bg-slate-100 text-slate-700")}>{integration.visibility === "private" ? "Private" : "Unlisted"}</span>}
      {integration.verified && <span className={clsx(badge, "bg-slate-100 text-slate-700")}>Verified</span>}
    </span>
  );
}

/** An installation's status as a badge; what it means is said beside it where there is room. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={clsx(badge, status === "active" ? "bg-indigo-100 text-indigo-800" : "bg-slate-100 text-slate-700")}>
      <span aria-hidden className={clsx("size-1.5 rounded-full", status === "active" ? "bg-indigo-600" : "bg-slate-400")} />
      {statusOf(status).label}
    </span>
  );
}

/** The integration's icon, or a puzzle piece when it has none (decorative: its title is beside it). */
export function IntegrationIcon({ integration, size = "md" }: { integration: Pick<IntegrationObject, "urls">; size?: "md" | "lg" }) {
  const box = size === "lg" ? "size-14" : "size-10";
  const icon = integration.urls.icon;
  if (icon) return <img src={icon} alt="" className={clsx(box, "shrink-0 rounded-md border border-slate-200 bg-white object-contain")} />;
  return (
    <span aria-hidden className={clsx(box, "grid shrink-0 place-items-center rounded-md bg-slate-100 text-slate-500")}>
      <Puzzle className={size === "lg" ? "size-7" : "size-5"} />
    </span>
  );
}

/** The integrations' emblem beside a page's heading. */
export function IntegrationsEmblem() {
  return (
    <span aria-hidden className="grid size-9 shrink-0 place-items-center rounded-md bg-slate-100 text-slate-600">
      <Puzzle className="size-5" />
    </span>
  );
}
