"use client";

import { GitMerge } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useMergeStatus, type MergeStatus, type ReviewTarget } from "./use-reviews";

/**
 * Merge, held back while the space's merge rules are unmet: the button stays focusable
 * (aria-disabled) so the keyboard reaches it and hears why, from the reasons beside it. The server
 * checks the rules again on merge; its 409 is the caller's to show. When the rules let the merge
 * through but a reviewer's request for changes stands or threads are open, Merge asks first,
 * naming them.
 */
export function MergeButton({ target, loading, disabled, onMerge }: { target: ReviewTarget; loading: boolean; disabled: boolean; onMerge: () => void }) {
  const reasonId = useId();
  const status = useMergeStatus(target);
  const [confirming, setConfirming] = useState(false);
  const unmet = status.data && !status.data.mergeable ? status.data.unmet : [];
  const blocked = unmet.length > 0;
  const outstanding = status.data ? outstandingLines(status.data.outstanding) : [];
  return (
    <div className="flex flex-wrap-reverse items-center justify-end gap-x-3 gap-y-1">
      {blocked && (
        <p id={reasonId} className="text-sm text-slate-600">
          {unmet.map((rule) => rule.message).join(" ")}
        </p>
      )}
      <Button
        loading={loading}
        disabled={disabled}
        aria-disabled={blocked || undefined}
        aria-describedby={blocked ? reasonId : undefined}
        className="aria-disabled:cursor-not-allowed aria-disabled:bg-indigo-300 aria-disabled:hover:bg-indigo-300"
        onClick={() => {
          if (blocked) return;
          if (outstanding.length > 0) setConfirming(true);
          else onMerge();
        }}
      >
        <GitMerge aria-hidden className="size-4" />
        Merge
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Merge with feedback outstanding?">
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          {outstanding.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="text-sm text-slate-600">The merge rules allow it, but this feedback has not been answered.</p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" autoFocus onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              setConfirming(false);
              onMerge();
            }}
          >
            <GitMerge aria-hidden className="size-4" />
            Merge anyway
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function outstandingLines({ changesRequested, openThreads }: MergeStatus["outstanding"]): string[] {
  return [
    ...changesRequested.map((reviewer) => `${reviewer.displayName} requested changes.`),
    ...(openThreads > 0 ? [openThreads === 1 ? "1 thread is open." : `${openThreads} threads are open.`] : []),
  ];
}
