import { CircleAlert, CircleCheck } from "lucide-react";
import type { ImportRunObject } from "@/server/import/present-import";

const LIMIT_LABELS: Record<NonNullable<ImportRunObject["limitReached"]>, string> = {
  pages: "the page limit",
  images: "the image limit",
  bytes: "the download size limit",
  time: "the time limit",
};

export const isFinished = (run: ImportRunObject | undefined) => run?.status === "completed" || run?.status === "failed";

/**
 * An import's progress: a bar of resources imported out of those found so far (indeterminate
 * until the first page is read), its status, the bound that stopped it and what failed.
 */
export function ImportProgress({ run }: { run: ImportRunObject }) {
  const { importedResources: imported, totalResources: total } = run;
  const known = total > 0;
  const percent = known ? Math.round((imported / total) * 100) : 0;
  return (
    <div className="space-y-3" aria-live="polite">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={known ? total : undefined}
        aria-valuenow={known ? imported : undefined}
        aria-valuetext={known ? `${imported} of ${total} resources imported` : "Starting"}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        {known || isFinished(run) ? (
          <div className={run.status === "failed" ? "h-full bg-red-500" : "h-full bg-indigo-600 transition-[width]"} style={{ width: `${known ? percent : 100}%` }} />
        ) : (
          <div className="h-full w-1/3 animate-pulse bg-indigo-300" />
        )}
      </div>
      <StatusLine run={run} />
      {run.limitReached && run.status === "completed" && (
        <p className="text-sm text-slate-600">The crawl stopped at {LIMIT_LABELS[run.limitReached]}: pages further in the site were not imported.</p>
      )}
      {run.failures.length > 0 && (
        <details className="rounded-md border border-slate-200 text-sm">
          <summary className="cursor-pointer px-3 py-2 text-slate-700">
            {run.failures.length === 1 ? "1 resource" : `${run.failures.length} resources`} could not be imported
          </summary>
          <ul className="max-h-40 space-y-1 overflow-y-auto border-t border-slate-200 px-3 py-2">
            {run.failures.map((failure) => (
              <li key={`${failure.kind} ${failure.url}`} className="break-all text-slate-600">
                <span className="font-medium text-slate-800">{failure.kind === "image" ? "Image" : "Page"}</span> {failure.url}: {failure.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function StatusLine({ run }: { run: ImportRunObject }) {
  const counts = `${run.importedResources} of ${run.totalResources} resources`;
  switch (run.status) {
    case "pending":
      return <p className="text-sm text-slate-600">Waiting to start…</p>;
    case "in-progress":
      return <p className="text-sm text-slate-600">Importing… {run.totalResources > 0 && `${counts} so far`}</p>;
    case "completed":
      return (
        <p className="flex items-center gap-2 text-sm text-slate-800">
          <CircleCheck aria-hidden className="size-4 text-green-600" />
          Imported {counts}.
        </p>
      );
    case "failed":
      return (
        <p role="alert" className="flex gap-2 text-sm text-red-700">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>The import failed: {run.reason ?? "no reason was recorded."}</span>
        </p>
      );
  }
}
