"use client";

import clsx from "clsx";
import { useEffect, useRef, type ReactNode, type SyntheticEvent } from "react";
import { Button } from "./button";

/**
 * A modal built on <dialog>: the browser gives focus trapping, Escape to close and the
 * backdrop; we only keep it in sync with `open`.
 */
export function Dialog({ open, onClose, title, size = "md", children }: { open: boolean; onClose: () => void; title: string; size?: "md" | "lg"; children: ReactNode }) {
  const modal = useModalDialog(open, onClose);
  return (
    <dialog
      {...modal}
      aria-labelledby="dialog-title"
      className={clsx(
        "m-auto max-h-[calc(100dvh-2rem)] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40",
        size === "lg" ? "w-[min(42rem,calc(100vw-2rem))]" : "w-[min(28rem,calc(100vw-2rem))]",
      )}
    >
      {open && (
        <div className="space-y-4 p-5">
          <h2 id="dialog-title" className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}

/**
 * The props of a <dialog> shown as a modal while `open` (and closed otherwise), `open` being the only
 * truth: Escape asks `onClose` rather than closing the element behind React's back, and a "close"
 * event that arrives after the dialog was opened again (it is queued) is not taken for a new close.
 * Otherwise a Ctrl-K right after Escape found the state still open, changed nothing, and the late
 * event then closed the palette it had asked for.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return {
    ref,
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      onClose();
    },
    // A close the browser made anyway (a second Escape it does not let pages cancel).
    onClose: (event: SyntheticEvent<HTMLDialogElement>) => {
      if (!event.currentTarget.open) onClose();
    },
  };
}

/** The end of a dialog's form: what went wrong, if anything, then Cancel and the form's submit button. */
export function DialogFormActions({ error, submitLabel, submitting, onCancel }: { error?: string; submitLabel: string; submitting: boolean; onCancel: () => void }) {
  return (
    <>
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
