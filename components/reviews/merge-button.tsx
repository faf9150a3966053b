"use client";

import { GitMerge } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { useMergeStatus, type ReviewTarget } from "./use-reviews";

/**
 * Merge, held back while the space's merge rules are unmet: the button stays focusable
 * (aria-disabled) so the keyboard reaches it and hears why, from the reasons beside it. The server
 * checks the rules again on merge; its 409 is the caller's to show.
 */
export function MergeButton({ target, loading, disabled, onMerge }: { target: ReviewTarget; loading: boolean; disabled: boolean; onMerge: () => void }) {
  const reasonId = useId();
  const status = useMergeStatus(target);
  const unmet = status.data && !status.data.mergeable ? status.data.unmet : [];
  const blocked = unmet.length > 0;
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
          if (!blocked) onMerge();
        }}
      >
        <GitMerge aria-hidden className="size-4" />
        Merge
      </Button>
    </div>
  );
}
