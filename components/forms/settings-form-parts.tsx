import { CircleCheck, Lock } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { SettingsForm } from "./use-settings-form";

/** The form's "Settings" heading (its accessible name, by `id`), and why the fields are read-only when they are. */
export function SettingsHeading({ id, canEdit, of }: { id: string; canEdit: boolean; of: "collection" | "space" }) {
  return (
    <div className="space-y-1">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        Settings
      </h2>
      {!canEdit && (
        <p className="flex items-start gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-600">
          <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
          {`Only admins of this ${of} can change its settings. You can see them, but not edit them.`}
        </p>
      )}
    </div>
  );
}

/**
 * Save and discard, the saved notice, and a server error: beside its field when it names one
 * (focused after the save) and here too, as the field may be out of sight.
 */
export function SettingsActions({ form }: { form: SettingsForm }) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
      <Button type="submit" loading={form.saving} disabled={form.changed.length === 0}>
        {form.saving ? "Saving…" : "Save changes"}
      </Button>
      {form.changed.length > 0 && !form.saving && (
        <Button variant="ghost" onClick={form.discard}>
          Discard
        </Button>
      )}
      <p role="status" className="text-sm text-emerald-700">
        {form.justSaved && (
          <span className="inline-flex items-center gap-1.5">
            <CircleCheck aria-hidden className="size-4" /> Settings saved
          </span>
        )}
      </p>
      {form.serverError && (
        <p role="alert" className="w-full rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {`Not saved: ${form.serverError}`}
        </p>
      )}
    </div>
  );
}
