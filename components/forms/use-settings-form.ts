"use client";

import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { ZodType } from "zod";
import { fieldFailure } from "@/components/ui/trpc-error";
import { useUnsavedWarning } from "@/components/ui/use-unsaved-warning";

export type FieldError<Field extends string> = { field: Field; message: string };

type Options<Saved, Values extends Record<Field, string>, Field extends string, Patch, Input, TError, TContext> = {
  /** The record as the server last returned it. */
  record: Saved;
  /** What the inputs show for a record. */
  valuesOf: (record: Saved) => Values;
  fields: readonly Field[];
  /** The changed fields in the shape the server takes. */
  patchOf: (values: Values, changed: readonly Field[]) => Patch;
  /** The server's own schema of the patch: its mistakes are named next to their field before anything is sent. */
  schema: ZodType;
  /** Rules the schema cannot see (a title of only spaces); these messages win over the schema's. */
  validate: (values: Values) => Partial<Record<Field, string>>;
  mutation: UseMutationOptions<NoInfer<Saved>, TError, Input, TContext>;
  /** The mutation's input for a valid patch (the patch plus the record's id). */
  inputOf: (patch: NoInfer<Patch>) => NoInfer<Input>;
};

/**
 * State of a settings form: the values being edited against the last saved ones, which fields
 * changed, errors per field (from the schema, or from the server's 400 when it names a field of
 * the form), and set / discard / submit. Leaving with unsaved changes asks first; a failed save
 * moves focus to the first field in error. The form itself only declares its fields and inputs.
 */
export function useSettingsForm<Saved, Values extends Record<Field, string>, Field extends string, Patch, Input, TError, TContext>({
  record,
  valuesOf,
  fields,
  patchOf,
  schema,
  validate,
  mutation,
  inputOf,
}: Options<Saved, Values, Field, Patch, Input, TError, TContext>) {
  // The saved values themselves tell when the record changed (saved here, or elsewhere and refetched):
  // fields the user has not touched take the new values, unsaved edits stay.
  const incoming = valuesOf(record);
  const [saved, setSaved] = useState(incoming);
  const [values, setValues] = useState(incoming);
  if (fields.some((field) => saved[field] !== incoming[field])) {
    setValues((current) => mergeUntouched(fields, current, saved, incoming));
    setSaved(incoming);
  }
  const [notice, setNotice] = useState(false);
  const [clientErrors, setClientErrors] = useState<Partial<Record<Field, string>>>({});
  const update = useMutation({
    ...mutation,
    onSuccess: (updated, ...rest) => {
      setValues(valuesOf(updated));
      setNotice(true);
      return mutation.onSuccess?.(updated, ...rest);
    },
  });

  const changed = fields.filter((field) => values[field] !== saved[field]);
  const failure = update.error ? fieldFailure(update.error, fields) : null;
  const serverError = failure?.text;
  const fieldError: FieldError<Field> | null = failure?.field ? { field: failure.field, message: failure.text } : null;
  useUnsavedWarning(changed.length > 0);

  // After each save attempt has settled (checked here, or answered by the server), focus goes to the
  // first field in error; only then, so that typing after it never moves focus.
  const formElement = useRef<HTMLFormElement | null>(null);
  const [attempt, setAttempt] = useState(0);
  const saving = update.isPending;
  useEffect(() => {
    if (attempt === 0 || saving || !formElement.current) return;
    const invalid = fields.find((field) => clientErrors[field] !== undefined || fieldError?.field === field);
    if (invalid) focusField(formElement.current, invalid);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the errors of the settled attempt, not later edits
  }, [attempt, saving]);

  function set<K extends Field>(field: K, value: Values[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setNotice(false);
    setClientErrors((current) => {
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  function discard() {
    setValues(saved);
    setClientErrors({});
    update.reset();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    formElement.current = event.currentTarget;
    setAttempt((count) => count + 1);
    const patch = patchOf(values, changed);
    const errors: Partial<Record<Field, string>> = {};
    for (const issue of schema.safeParse(patch).error?.issues ?? []) errors[issue.path[0] as Field] ??= issue.message;
    Object.assign(errors, validate(values));
    setClientErrors(errors);
    if (Object.keys(errors).length === 0) update.mutate(inputOf(patch));
  }

  return {
    values,
    saved,
    changed,
    set,
    discard,
    submit,
    errorFor: (field: Field) => clientErrors[field] ?? (fieldError?.field === field ? fieldError.message : undefined),
    saving,
    /** Shown until the next edit. */
    justSaved: notice && changed.length === 0,
    serverError,
  };
}

export type SettingsForm = Pick<ReturnType<typeof useSettingsForm>, "changed" | "discard" | "saving" | "justSaved" | "serverError">;

function mergeUntouched<Values extends Record<Field, string>, Field extends string>(fields: readonly Field[], current: Values, before: Values, after: Values): Values {
  const merged = { ...current };
  for (const field of fields) if (current[field] === before[field]) merged[field] = after[field];
  return merged;
}

/** Focuses a field by name (radio groups prefix theirs with an id): a radio group by its checked choice. */
function focusField(form: HTMLFormElement, name: string) {
  const inputs = [...form.querySelectorAll<HTMLElement>(`[name="${CSS.escape(name)}"], [name$="-${CSS.escape(name)}"]`)];
  (inputs.find((input) => input instanceof HTMLInputElement && input.checked) ?? inputs[0])?.focus();
}
