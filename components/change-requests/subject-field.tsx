"use client";

import { Check, Pencil, X } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SUBJECT_MAX } from "./new-change-request-dialog";

/** The change request's subject as its heading, edited in place (Enter saves, Escape cancels). */
export function SubjectField({
  number,
  subject,
  editable,
  saving,
  error,
  onSave,
}: {
  number: number;
  subject: string;
  editable: boolean;
  saving: boolean;
  error?: string;
  onSave: (subject: string) => Promise<unknown>;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(subject);
  const input = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (editing) input.current?.select();
    // Back on the heading's button after saving or cancelling, so keyboard users keep their place.
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = value.trim();
    if (next === subject) return setEditing(false);
    try {
      await onSave(next);
      setEditing(false);
    } catch {
      // The error shows under the field; the draft is kept.
    }
  }

  if (editing) {
    return (
      <form onSubmit={submit} className="flex min-w-0 flex-1 flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="change-request-subject" className="sr-only">
            Subject
          </label>
          <input
            id="change-request-subject"
            ref={input}
            value={value}
            maxLength={SUBJECT_MAX}
            onChange={(event) => setValue(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                event.preventDefault();
                setValue(subject);
                setEditing(false);
              }
            }}
            placeholder="Untitled change request"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "change-request-subject-error" : undefined}
            className="block w-full rounded-md border border-slate-300 px-3 py-1.5 text-lg font-semibold text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500"
          />
          {error && (
            <p id="change-request-subject-error" className="mt-1 text-sm text-red-600">
              {error}
            </p>
          )}
        </div>
        <Button type="submit" loading={saving} aria-label="Save subject">
          <Check aria-hidden className="size-4" />
        </Button>
        <Button
          variant="secondary"
          aria-label="Cancel"
          onClick={() => {
            setValue(subject);
            setEditing(false);
          }}
        >
          <X aria-hidden className="size-4" />
        </Button>
      </form>
    );
  }
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2">
      <h1 className="min-w-0 text-xl font-semibold text-slate-900 sm:text-2xl">
        <span className="font-normal text-slate-600">#{number}</span> {subject || <span className="text-slate-500">Untitled change request</span>}
      </h1>
      {editable && (
        <button
          ref={editButton}
          type="button"
          aria-label="Edit subject"
          onClick={() => {
            setValue(subject);
            setEditing(true);
          }}
          className="shrink-0 rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
        >
          <Pencil aria-hidden className="size-4" />
        </button>
      )}
    </div>
  );
}
