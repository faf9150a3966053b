"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, Lock } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { DEFAULT_LEVEL_HINT, DEFAULT_LEVELS, defaultLevelToOption, optionToDefaultLevel } from "@/components/space/content-options";
import { fieldOfError } from "@/components/space/query-errors";
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { updateCollectionInput } from "@/server/collections/schemas";
import type { CollectionObject } from "@/server/presenters/collection";

const TITLE_MAX = 50;
const DESCRIPTION_MAX = 100;
const FIELDS = ["title", "description", "defaultLevel"] as const;
type Field = (typeof FIELDS)[number];

type Values = { title: string; description: string; defaultLevel: string };

const valuesOf = (collection: CollectionObject): Values => ({
  title: collection.title,
  description: collection.description ?? "",
  defaultLevel: defaultLevelToOption(collection.defaultLevel),
});

function mergeUntouched(current: Values, before: Values, after: Values): Values {
  const merged = { ...current };
  for (const field of FIELDS) if (current[field] === before[field]) merged[field] = after[field];
  return merged;
}

/** The collection's settings; only its admins may change them, others see them read-only. */
export function CollectionSettingsForm({ collection }: { collection: CollectionObject }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Collections carry no updatedAt: the saved values themselves tell when the record changed.
  const incoming = valuesOf(collection);
  const [base, setBase] = useState(incoming);
  const [values, setValues] = useState<Values>(incoming);
  if (FIELDS.some((field) => base[field] !== incoming[field])) {
    setValues((current) => mergeUntouched(current, base, incoming));
    setBase(incoming);
  }
  const [notice, setNotice] = useState(false);
  // Checked here with the server's own schema, so those mistakes are named next to their field.
  const [clientErrors, setClientErrors] = useState<Partial<Record<Field, string>>>({});
  const update = useMutation(
    trpc.settings.updateCollection.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.settings.getCollection.queryKey({ collectionId: collection.id }), updated);
        setValues(valuesOf(updated));
        setNotice(true);
        void queryClient.invalidateQueries({ queryKey: trpc.content.tree.queryKey({ organizationId: collection.organization }) });
        // A new default level can change what the caller sees of the spaces inside.
        void queryClient.invalidateQueries({ queryKey: trpc.settings.spacesInCollection.queryKey({ collectionId: collection.id }) });
      },
    }),
  );

  const canEdit = collection.permissions.admin;
  const changed = FIELDS.filter((field) => values[field] !== base[field]);
  const serverError = update.error ? errorMessage(update.error) : undefined;
  const fieldError = serverError ? fieldOfError(serverError, FIELDS) : null;
  const errorFor = (field: Field) => clientErrors[field] ?? (fieldError?.field === field ? fieldError.message : undefined);

  function set(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setNotice(false);
    setClientErrors((current) => {
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  function discard() {
    setValues(base);
    setClientErrors({});
    update.reset();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const title = values.title.trim();
    const patch = {
      ...(changed.includes("title") ? { title } : {}),
      ...(changed.includes("description") ? { description: values.description } : {}),
      ...(changed.includes("defaultLevel") ? { defaultLevel: optionToDefaultLevel(values.defaultLevel) } : {}),
    };
    const parsed = updateCollectionInput.safeParse(patch);
    const errors: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error?.issues ?? []) errors[issue.path[0] as Field] ??= issue.message;
    if (title === "") errors.title = "A collection needs a title.";
    setClientErrors(errors);
    if (Object.keys(errors).length === 0) update.mutate({ collectionId: collection.id, ...patch });
  }

  return (
    <form onSubmit={submit} aria-labelledby="collection-settings-title" className="space-y-6">
      <div className="space-y-1">
        <h2 id="collection-settings-title" className="text-base font-semibold text-slate-900">
          Settings
        </h2>
        {!canEdit && (
          <p className="flex items-start gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-600">
            <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
            Only admins of this collection can change its settings. You can see them, but not edit them.
          </p>
        )}
      </div>
      <fieldset disabled={!canEdit || update.isPending} className="space-y-4">
        <TextField
          label="Title"
          name="title"
          required
          maxLength={TITLE_MAX}
          value={values.title}
          onChange={(event) => set("title", event.target.value)}
          hint={`${values.title.length}/${TITLE_MAX} characters`}
          error={errorFor("title")}
        />
        <TextAreaField
          label="Description"
          name="description"
          rows={2}
          maxLength={DESCRIPTION_MAX}
          value={values.description}
          onChange={(event) => set("description", event.target.value)}
          hint={`${values.description.length}/${DESCRIPTION_MAX} characters. Shown under the title.`}
          error={errorFor("description")}
        />
        <SelectField
          label="Default access"
          name="defaultLevel"
          options={DEFAULT_LEVELS}
          value={values.defaultLevel}
          onChange={(event) => set("defaultLevel", event.target.value)}
          hint={`${DEFAULT_LEVEL_HINT} Spaces and collections inside that inherit follow it.`}
          error={errorFor("defaultLevel")}
        />
      </fieldset>
      {canEdit && (
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
          <Button type="submit" loading={update.isPending} disabled={changed.length === 0}>
            {update.isPending ? "Saving…" : "Save changes"}
          </Button>
          {changed.length > 0 && !update.isPending && (
            <Button variant="ghost" onClick={discard}>
              Discard
            </Button>
          )}
          <p role="status" className="text-sm text-emerald-700">
            {notice && changed.length === 0 && (
              <span className="inline-flex items-center gap-1.5">
                <CircleCheck aria-hidden className="size-4" /> Settings saved
              </span>
            )}
          </p>
          {serverError && (
            <p role="alert" className="w-full rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {fieldError ? `Not saved: ${fieldError.field}: ${fieldError.message}` : serverError}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
