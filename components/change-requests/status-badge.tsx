import clsx from "clsx";
import { Archive, FileDiff, GitMerge, PencilLine } from "lucide-react";

export type ChangeRequestStatus = "draft" | "open" | "merged" | "archived";

export const STATUS_LABELS: Record<ChangeRequestStatus, string> = { open: "Open", draft: "Draft", merged: "Merged", archived: "Archived" };

const looks: Record<ChangeRequestStatus, { icon: typeof FileDiff; className: string }> = {
  open: { icon: FileDiff, className: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  draft: { icon: PencilLine, className: "bg-slate-100 text-slate-700 ring-slate-200" },
  merged: { icon: GitMerge, className: "bg-violet-50 text-violet-800 ring-violet-200" },
  archived: { icon: Archive, className: "bg-amber-50 text-amber-800 ring-amber-200" },
};

export function StatusBadge({ status }: { status: string }) {
  const known = (status in looks ? status : "draft") as ChangeRequestStatus;
  const Icon = looks[known].icon;
  return (
    <span className={clsx("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", looks[known].className)}>
      <Icon aria-hidden className="size-3.5" />
      {STATUS_LABELS[known]}
    </span>
  );
}
