"use client";

import { useQueryClient } from "@tanstack/react-query";
import { SettingsActions, SettingsHeading } from "@/components/forms/settings-form-parts";
import { useSettingsForm } from "@/components/forms/use-settings-form";
import { useTRPC } from "@/components/providers/trpc-provider";
import { DEFAULT_LEVEL_HINT, DEFAULT_LEVELS, defaultLevelToOption, optionToDefaultLevel } from "@/components/space/content-options";
import { SelectField, TextAreaField, TextField } from "@/components/ui/field";
import { updateCollectionInput } from "@/server/collections/schemas";
import type { CollectionObject } from "@/server/presenters/collection";

const TITLE_MAX = 50;
const DESCRIPTION_MAX = 100;
const FIELDS = ["title", "description", "defaultLevel"] as const;

const valuesOf = (collection: CollectionObject) => ({
  title: collection.title,
  description: collection.description ?? "",
  defaultLevel: defaultLevelToOption(collection.defaultLevel),
});

/** The collection's settings; only its admins may change them, others see them read-only. */
export function CollectionSettingsForm({ collection }: { collection: CollectionObject }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSettingsForm({
    record: collection,
    valuesOf,
    fields: FIELDS,
    patchOf: (values, changed) => ({
      ...(changed.includes("title") ? { title: values.title.trim() } : {}),
      ...(changed.includes("description") ? { description: values.description } : {}),
      ...(changed.includes("defaultLevel") ? { defaultLevel: optionToDefaultLevel(values.defaultLevel) } : {}),
    }),
    schema: updateCollectionInput,
    validate: (values) => (values.title.trim() === "" ? { title: "A collection needs a title." } : {}),
    mutation: trpc.settings.updateCollection.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.settings.getCollection.queryKey({ collectionId: collection.id }), updated);
        void queryClient.invalidateQueries({ queryKey: trpc.content.tree.queryKey({ organizationId: collection.organization }) });
        // A new default level can change what the caller sees of the spaces inside.
        void queryClient.invalidateQueries({ queryKey: trpc.settings.spacesInCollection.queryKey({ collectionId: collection.id }) });
      },
    }),
    inputOf: (patch) => ({ collectionId: collection.id, ...patch }),
  });
  const { values, set, errorFor } = form;
  const canEdit = collection.permissions.admin;

  return (
    <form onSubmit={form.submit} aria-labelledby="collection-settings-title" className="space-y-6">
      <SettingsHeading id="collection-settings-title" canEdit={canEdit} of="collection" />
      <fieldset disabled={!canEdit || form.saving} className="space-y-4">
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
        <SettingsActions form={form} />
      )}
    </form>
  );
}
