"use client";

import { useQueryClient } from "@tanstack/react-query";
import { SettingsActions, SettingsHeading } from "@/components/forms/settings-form-parts";
import { useSettingsForm } from "@/components/forms/use-settings-form";
import { useTRPC } from "@/components/providers/trpc-provider";
import { SelectField, TextField } from "@/components/ui/field";
import type { SpaceObject } from "@/server/presenters/space";
import { updateSpaceInput } from "@/server/spaces/schemas";
import { ChoiceGroup } from "./choice-group";
import { DEFAULT_LEVEL_HINT, DEFAULT_LEVELS, EDIT_MODES, VISIBILITIES, defaultLevelToOption, optionToDefaultLevel, type Visibility } from "./content-options";
import { emojiCharacters } from "./emoji";
import { LANGUAGES, isLanguage } from "./languages";

const TITLE_MAX = 50;
const FIELDS = ["title", "emoji", "visibility", "editMode", "defaultLevel", "language"] as const;

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

function patchOf(values: Values, changed: readonly (keyof Values)[]) {
  const emoji = values.emoji.trim();
  return {
    ...(changed.includes("title") ? { title: values.title.trim() } : {}),
    ...(changed.includes("emoji") ? { emoji: emoji === "" ? null : emoji } : {}),
    ...(changed.includes("visibility") ? { visibility: values.visibility } : {}),
    ...(changed.includes("editMode") ? { editMode: values.editMode } : {}),
    ...(changed.includes("defaultLevel") ? { defaultLevel: optionToDefaultLevel(values.defaultLevel) } : {}),
    ...(changed.includes("language") && isLanguage(values.language) ? { language: values.language } : {}),
  };
}

/** The space's settings; only admins of the space may change them, others see them read-only. */
export function SpaceSettingsForm({ space }: { space: SpaceObject }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSettingsForm({
    record: space,
    valuesOf,
    fields: FIELDS,
    patchOf,
    schema: updateSpaceInput,
    validate: (values) => (values.title.trim() === "" ? { title: "A space needs a title." } : {}),
    mutation: trpc.settings.updateSpace.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.settings.getSpace.queryKey({ spaceId: space.id }), updated);
        // The sidebar shows titles and emojis.
        void queryClient.invalidateQueries({ queryKey: trpc.content.tree.queryKey({ organizationId: space.organization }) });
      },
    }),
    inputOf: (patch) => ({ spaceId: space.id, ...patch }),
  });
  const { values, set, errorFor } = form;
  const canEdit = space.permissions.admin;

  // in-collection only means something for a space inside a collection.
  const visibilities = VISIBILITIES.filter((choice) => choice.value !== "in-collection" || space.parent !== undefined || values.visibility === "in-collection");
  const languages = [...(form.saved.language === "" ? [{ value: "", label: "Not set" }] : []), ...LANGUAGES];

  return (
    <form onSubmit={form.submit} aria-labelledby="space-settings-title" className="space-y-6">
      <SettingsHeading id="space-settings-title" canEdit={canEdit} of="space" />
      <fieldset disabled={!canEdit || form.saving} className="space-y-6">
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
        <SettingsActions form={form} />
      )}
    </form>
  );
}
