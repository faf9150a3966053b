"use client";

import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ConfirmActions } from "@/components/ui/confirm-actions";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { CheckboxField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { SpacePicker } from "../create/space-picker";
import { formErrors } from "../list/site-model";
import { useSite } from "../list/use-site";
import { groupTitleProblem, optionalTitleProblem, sectionTitleProblem, siteSpaceTitle, type GroupObject, type SiteSpaceObject } from "./structure-model";
import { useStructureChanged, useStructureContext } from "./use-structure";
import { TITLE_MAX } from "@/server/sites/structure/bounds";

/**
 * Adds a section made of one space (its first variant); the new section is then shown. The first
 * section of a site whose spaces sit at its root regroups them: the dialog says how, and lets the
 * editor keep together, as the first section's variants (readers switch between them with a version
 * menu), only those of the site's spaces that belong together; the others become sections of their own.
 */
export function AddSectionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { structure } = useStructureContext();
  const rootSiteSpaces = structure.type === "siteSpaces" ? structure.structure : [];
  const first = rootSiteSpaces.length > 0;
  return (
    <Dialog open={open} onClose={onClose} title={first ? "Add the site's first section" : "Add a section"} size="lg">
      {open && <AddSectionForm key={rootSiteSpaces.map((each) => each.id).join()} rootSiteSpaces={rootSiteSpaces} onClose={onClose} />}
    </Dialog>
  );
}

function AddSectionForm({ rootSiteSpaces, onClose }: { rootSiteSpaces: SiteSpaceObject[]; onClose: () => void }) {
  const trpc = useTRPC();
  const changed = useStructureChanged();
  const { organizationId, siteId, announce, select } = useStructureContext();
  const site = useSite(organizationId, siteId);
  const [spaces, setSpaces] = useState<string[]>([]);
  const [title, setTitle] = useState("");
  // What the site shows today stays as it is unless the editor says otherwise: every space a variant of the first section.
  const [variants, setVariants] = useState<string[]>(() => rootSiteSpaces.map((each) => each.id));
  const [firstTitle, setFirstTitle] = useState(() => site.data?.title ?? "");
  const [touched, setTouched] = useState(false);
  const add = useMutation(
    trpc.siteStructure.addSection.mutationOptions({
      onSuccess: async (section) => {
        await changed();
        select(section.id);
        announce(`Added the section “${section.title}”.`);
        onClose();
      },
      // The site's spaces changed meanwhile: the dialog shows them as they are now.
      onError: (error) => void (error.data?.code === "CONFLICT" && changed()),
    }),
  );
  const regrouping = rootSiteSpaces.length > 0;
  const kept = rootSiteSpaces.filter((each) => variants.includes(each.id));
  const apart = rootSiteSpaces.filter((each) => !variants.includes(each.id));
  const titleProblem = optionalTitleProblem(title);
  const firstTitleProblem = regrouping && kept.length > 0 ? sectionTitleProblem(firstTitle) : undefined;
  const spaceProblem = spaces.length === 0 ? "Pick the space the section shows." : undefined;
  const { errorOf, formError } = formErrors({ title: titleProblem, spaceId: touched ? spaceProblem : undefined, firstTitle: touched ? firstTitleProblem : undefined }, add.error, ["title", "spaceId", "firstTitle"] as const);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (titleProblem || spaceProblem || firstTitleProblem) return;
    add.mutate({
      organizationId,
      siteId,
      spaceId: spaces[0]!,
      ...(title.trim() ? { title: title.trim() } : {}),
      regroup: regrouping ? { ...(kept.length > 0 ? { title: firstTitle.trim() } : {}), variants: kept.map((each) => each.id), ownSections: apart.map((each) => each.id) } : null,
    });
  }

  const tabs = [...(kept.length > 0 ? [`“${firstTitle.trim() || "…"}” (${kept.map(siteSpaceTitle).join(", ")})`] : []), ...apart.map((each) => `“${siteSpaceTitle(each)}”`), "the new section"];

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {regrouping && (
        <div className="space-y-3 rounded-md border border-amber-200 bg-amber-50 p-3">
          <p className="text-sm text-slate-800">
            Sections are the site&apos;s tabs. This site shows {rootSiteSpaces.length === 1 ? "its space" : `its ${rootSiteSpaces.length} spaces`} without sections, so its first section changes where readers find {rootSiteSpaces.length === 1 ? "it" : "them"}.
          </p>
          <fieldset className="space-y-2" disabled={add.isPending}>
            <legend className="text-sm font-medium text-slate-800">Spaces that stay together in a first section</legend>
            <p className="text-xs text-slate-700">They become its variants: readers switch between them with a version menu, so keep together only versions or languages of the same docs. Each space left unchecked becomes a section of its own.</p>
            {rootSiteSpaces.map((each) => (
              <CheckboxField
                key={each.id}
                label={siteSpaceTitle(each)}
                checked={variants.includes(each.id)}
                onChange={(event) => setVariants(event.target.checked ? [...variants, each.id] : variants.filter((id) => id !== each.id))}
              />
            ))}
          </fieldset>
          {kept.length > 0 && (
            <TextField label="First section's title" maxLength={TITLE_MAX} value={firstTitle} onChange={(event) => setFirstTitle(event.target.value)} error={errorOf("firstTitle")} disabled={add.isPending} hint="It is the site's default section: readers land on it at the site's address." />
          )}
        </div>
      )}
      <SpacePicker legend={regrouping ? "The new section's space" : "Space"} multiple={false} selected={spaces} onChange={setSpaces} error={errorOf("spaceId")} disabled={add.isPending} />
      <TextField
        label="Section title"
        maxLength={TITLE_MAX}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        hint="Leave empty to use the space's title."
        error={errorOf("title")}
        disabled={add.isPending}
      />
      {regrouping && <p className="text-sm text-slate-700">Readers will then see these tabs: {tabs.join(", ")}.</p>}
      <DialogFormActions error={formError} submitLabel={regrouping ? "Regroup and add section" : "Add section"} submitting={add.isPending} onCancel={onClose} />
    </form>
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
