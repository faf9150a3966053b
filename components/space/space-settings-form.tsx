"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, Lock } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import type { SpaceObject } from "@/server/presenters/space";
import { updateSpaceInput } from "@/server/spaces/schemas";
import { ChoiceGroup } from "./choice-group";
import { DEFAULT_LEVEL_HINT, DEFAULT_LEVELS, EDIT_MODES, VISIBILITIES, defaultLevelToOption, optionToDefaultLevel, type Visibility } from "./content-options";
import { emojiCharacters } from "./emoji";
import { LANGUAGES, isLanguage } from "./languages";
import { fieldOfError } from "./query-errors";

const TITLE_MAX = 50;
const FIELDS = ["title", "emoji", "visibility", "editMode", "defaultLevel", "language"] as const;
type Field = (typeof FIELDS)[number];

type Values = { title: string; emoji: string; visibility: Visibility; editMode: "live" | "locked"; defaultLevel: string; language: string };

function valuesOf(space: SpaceObject): Values {
  return {
    title: space.title,
    emoji: emojiCharacters(space.emoji),
    visibility: space.visibility as Visibility,
    editMode: space.editMode === "locked" ? "locked" : "live",
    defaultLevel: defaultLevelToOption(space.defaultLevel),
    language: space.language ?? "",
  };
}

function mergeUntouched(current: Values, before: Values, after: Values): Values {
  const merged = { ...current };
  for (const field of FIELDS) if (current[field] === before[field]) Object.assign(merged, { [field]: after[field] });
  return merged;
}

/** The space's settings; only admins of the space may change them, others see them read-only. */
export function SpaceSettingsForm({ space }: { space: SpaceObject }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [base, setBase] = useState({ updatedAt: space.updatedAt, values: valuesOf(space) });
  const [values, setValues] = useState<Values>(base.values);
  if (base.updatedAt !== space.updatedAt) {
    // The space changed (saved here, or renamed elsewhere and refetched): take the new values
    // of the fields the user has not touched, keep their unsaved edits.
    const next = valuesOf(space);
    setValues((current) => mergeUntouched(current, base.values, next));
    setBase({ updatedAt: space.updatedAt, values: next });
  }
  const saved = base.values;
  const [notice, setNotice] = useState(false);
  // Checked here with the server's own schema, so those mistakes are named next to their field.
  const [clientErrors, setClientErrors] = useState<Partial<Record<Field, string>>>({});
  const update = useMutation(
    trpc.settings.updateSpace.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.settings.getSpace.queryKey({ spaceId: space.id }), updated);
        setValues(valuesOf(updated));
        setNotice(true);
        // The sidebar shows titles and emojis.
        void queryClient.invalidateQueries({ queryKey: trpc.content.tree.queryKey({ organizationId: space.organization }) });
      },
    }),
  );

  const canEdit = space.permissions.admin;
  const changed = FIELDS.filter((field) => values[field] !== saved[field]);
  const serverError = update.error ? errorMessage(update.error) : undefined;
  const fieldError = serverError ? fieldOfError(serverError, FIELDS) : null;
  const errorFor = (field: Field) => clientErrors[field] ?? (fieldError?.field === field ? fieldError.message : undefined);

  function set<K extends keyof Values>(field: K, value: Values[K]) {
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
    const title = values.title.trim();
    const emoji = values.emoji.trim();
    const patch = {
      ...(changed.includes("title") ? { title } : {}),
      ...(changed.includes("emoji") ? { emoji: emoji === "" ? null : emoji } : {}),
      ...(changed.includes("visibility") ? { visibility: values.visibility } : {}),
      ...(changed.includes("editMode") ? { editMode: values.editMode } : {}),
      ...(changed.includes("defaultLevel") ? { defaultLevel: optionToDefaultLevel(values.defaultLevel) } : {}),
      ...(changed.includes("language") && isLanguage(values.language) ? { language: values.language } : {}),
    };
    const parsed = updateSpaceInput.safeParse(patch);
    const errors: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error?.issues ?? []) errors[issue.path[0] as Field] ??= issue.message;
    if (title === "") errors.title = "A space needs a title.";
    setClientErrors(errors);
    if (Object.keys(errors).length === 0) update.mutate({ spaceId: space.id, ...patch });
  }

  // in-collection only means something for a space inside a collection.
  const visibilities = VISIBILITIES.filter((choice) => choice.value !== "in-collection" || space.parent !== undefined || values.visibility === "in-collection");
  const languages = [...(saved.language === "" ? [{ value: "", label: "Not set" }] : []), ...LANGUAGES];

  return (
    <form onSubmit={submit} aria-labelledby="space-settings-title" className="space-y-6">
      <div className="space-y-1">
        <h2 id="space-settings-title" className="text-base font-semibold text-slate-900">
          Settings
        </h2>
        {!canEdit && (
          <p className="flex items-start gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-600">
            <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
            Only admins of this space can change its settings. You can see them, but not edit them.
          </p>
        )}
      </div>
      <fieldset disabled={!canEdit || update.isPending} className="space-y-6">
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
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
          <TextField
            label="Emoji"
            name="emoji"
            maxLength={50}
            value={values.emoji}
            onChange={(event) => set("emoji", event.target.value)}
            hint="One emoji, or empty"
            error={errorFor("emoji")}
            className="text-center text-lg"
          />
        </div>
        <ChoiceGroup legend="Visibility" name="visibility" choices={visibilities} value={values.visibility} onChange={(value) => set("visibility", value)} error={errorFor("visibility")} />
        <ChoiceGroup legend="Edit mode" name="editMode" choices={EDIT_MODES} value={values.editMode} onChange={(value) => set("editMode", value)} error={errorFor("editMode")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Default access"
            name="defaultLevel"
            options={DEFAULT_LEVELS}
            value={values.defaultLevel}
            onChange={(event) => set("defaultLevel", event.target.value)}
            hint={DEFAULT_LEVEL_HINT}
            error={errorFor("defaultLevel")}
          />
          <SelectField
            label="Language"
            name="language"
            options={languages}
            value={values.language}
            onChange={(event) => set("language", event.target.value)}
            hint="The language the content is written in."
            error={errorFor("language")}
          />
        </div>
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
          {serverError && !fieldError && (
            <p role="alert" className="w-full rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {serverError}
            </p>
          )}
          {fieldError && (
            <p role="alert" className="w-full text-sm text-red-600">
              Not saved: {fieldError.field} — {fieldError.message}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
