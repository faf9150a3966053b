"use client";

import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ConfirmActions } from "@/components/ui/confirm-actions";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { SpacePicker } from "../create/space-picker";
import { formErrors } from "../list/site-model";
import { groupTitleProblem, optionalTitleProblem, type GroupObject } from "./structure-model";
import { useStructureChanged, useStructureContext } from "./use-structure";
import { TITLE_MAX } from "@/server/sites/structure/bounds";

/** Adds a section made of one space (its first variant); the new section is then shown. */
export function AddSectionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const changed = useStructureChanged();
  const { organizationId, siteId, announce, select } = useStructureContext();
  const [spaces, setSpaces] = useState<string[]>([]);
  const [title, setTitle] = useState("");
  const [touched, setTouched] = useState(false);
  const add = useMutation(
    trpc.siteStructure.addSection.mutationOptions({
      onSuccess: async (section) => {
        await changed();
        select(section.id);
        announce(`Added the section “${section.title}”.`);
        close();
      },
    }),
  );
  const titleProblem = optionalTitleProblem(title);
  const spaceProblem = spaces.length === 0 ? "Pick the space the section shows." : undefined;
  const { errorOf, formError } = formErrors({ title: titleProblem, spaceId: touched ? spaceProblem : undefined }, add.error, ["title", "spaceId"] as const);

  function close() {
    setSpaces([]);
    setTitle("");
    setTouched(false);
    add.reset();
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (titleProblem || spaceProblem) return;
    add.mutate({ organizationId, siteId, spaceId: spaces[0]!, ...(title.trim() ? { title: title.trim() } : {}) });
  }

  return (
    <Dialog open={open} onClose={close} title="Add a section" size="lg">
      <form onSubmit={submit} noValidate className="space-y-4">
        <SpacePicker legend="Space" multiple={false} selected={spaces} onChange={setSpaces} error={errorOf("spaceId")} disabled={add.isPending} />
        <TextField
          label="Section title"
          maxLength={TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          hint="Leave empty to use the space's title."
          error={errorOf("title")}
          disabled={add.isPending}
        />
        <DialogFormActions error={formError} submitLabel="Add section" submitting={add.isPending} onCancel={close} />
      </form>
    </Dialog>
  );
}

export type GroupDialogMode = { kind: "create"; sectionId?: string } | { kind: "rename"; group: GroupObject } | null;

/** Creates a group of sections (starting with `sectionId` when given) or renames one. */
export function GroupDialog({ mode, onClose }: { mode: GroupDialogMode; onClose: () => void }) {
  return (
    <Dialog open={mode !== null} onClose={onClose} title={mode?.kind === "rename" ? "Rename the group" : "New group of sections"}>
      {mode && <GroupForm key={mode.kind === "rename" ? mode.group.id : "create"} mode={mode} onClose={onClose} />}
    </Dialog>
  );
}

function GroupForm({ mode, onClose }: { mode: NonNullable<GroupDialogMode>; onClose: () => void }) {
  const trpc = useTRPC();
  const changed = useStructureChanged();
  const { organizationId, siteId, announce } = useStructureContext();
  const [title, setTitle] = useState(mode.kind === "rename" ? mode.group.title : "");
  const [touched, setTouched] = useState(false);
  const done = (message: string) => async () => {
    await changed();
    announce(message);
    onClose();
  };
  const create = useMutation(trpc.siteStructure.addSectionGroup.mutationOptions({ onSuccess: done(`Created the group “${title.trim()}”.`) }));
  const rename = useMutation(trpc.siteStructure.updateSectionGroup.mutationOptions({ onSuccess: done(`Renamed the group to “${title.trim()}”.`) }));
  const pending = create.isPending || rename.isPending;
  const error = create.error ?? rename.error;
  const { errorOf, formError } = formErrors({ title: touched ? groupTitleProblem(title) : undefined }, error, ["title"] as const);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (groupTitleProblem(title)) return;
    if (mode.kind === "rename") rename.mutate({ organizationId, siteId, sectionGroupId: mode.group.id, title: title.trim() });
    else create.mutate({ organizationId, siteId, title: title.trim(), ...(mode.sectionId ? { sections: [mode.sectionId] } : {}) });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Group title"
        autoFocus
        maxLength={100}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        hint={mode.kind === "create" ? "Readers open a group as a menu of its sections. Add sections to it from each section's actions." : undefined}
        error={errorOf("title")}
        disabled={pending}
      />
      <DialogFormActions error={formError} submitLabel={mode.kind === "rename" ? "Rename" : "Create group"} submitting={pending} onCancel={onClose} />
    </form>
  );
}

/**
 * Confirms a removal that cannot be undone, runs `mutation` with `input`, then says `removed` in the
 * editor's live region; a failure shows in the dialog.
 */
export function RemoveDialog<Input>({
  open,
  title,
  body,
  confirmLabel,
  mutation,
  input,
  removed,
  onRemoved,
  onClose,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  mutation: Pick<UseMutationResult<unknown, unknown, Input>, "error" | "isPending" | "reset" | "mutate">;
  input: Input;
  removed: string;
  onRemoved?: () => void;
  onClose: () => void;
}) {
  const { announce } = useStructureContext();
  function close() {
    mutation.reset();
    onClose();
  }
  function confirm() {
    mutation.mutate(input, {
      onSuccess: () => {
        onRemoved?.();
        announce(removed);
        onClose();
      },
    });
  }
  return (
    <Dialog open={open} onClose={close} title={title}>
      <div className="space-y-4">
        <p className="text-sm text-slate-600">{body}</p>
        <ConfirmActions error={mutation.error ? errorMessage(mutation.error) : undefined} pending={mutation.isPending} confirmLabel={confirmLabel} onCancel={close} onConfirm={confirm} />
      </div>
    </Dialog>
  );
}
