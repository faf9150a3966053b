"use client";

import { useMutation } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, FolderInput, FolderMinus, MoreHorizontal, Pencil, Star, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Menu, MenuItem, MenuLabel, MenuSeparator } from "@/components/shell/menu";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { DialogFormActions } from "@/components/ui/dialog";
import { TextAreaField, TextField } from "@/components/ui/field";
import { InlineCode } from "@/components/ui/inline-code";
import { errorMessage } from "@/components/ui/trpc-error";
import { formErrors } from "../list/site-model";
import { ConditionField } from "./condition-field";
import { GroupDialog, RemoveDialog } from "./structure-dialogs";
import { conditionProblem, descriptionProblem, groupOf, pathProblem, reordered, sectionTitleProblem, type GroupObject, type SectionObject } from "./structure-model";
import { useMove, useStructureChanged, useStructureContext } from "./use-structure";
import { VariantList } from "./variant-list";
import { DESCRIPTION_MAX, TITLE_MAX } from "@/server/sites/structure/bounds";

/** The chosen section: what it is, what an editor can do with it, and its variants. */
export function SectionPanel({ section }: { section: SectionObject }) {
  const { structure, canEdit } = useStructureContext();
  const [editing, setEditing] = useState(false);
  const group = groupOf(structure, section.id);
  return (
    <div role="region" aria-label={`Section ${section.title}`} className="space-y-5 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
            <span className="break-words">{section.title}</span>
            {section.default && <DefaultBadge />}
          </h3>
          <p className="text-sm text-slate-600">
            Path <InlineCode>/{section.path}</InlineCode>
            {group && (
              <>
                {" · "}in the group <strong className="font-medium text-slate-800">{group.title}</strong>
              </>
            )}
          </p>
          {section.description && <p className="text-sm text-slate-600">{section.description}</p>}
          {section.condition && (
            <p className="text-sm text-slate-600">
              Shown when <InlineCode>{section.condition}</InlineCode>
            </p>
          )}
        </div>
        {canEdit && !editing && <SectionActions section={section} group={group} onEdit={() => setEditing(true)} />}
      </div>
      {editing && <SectionForm section={section} onDone={() => setEditing(false)} />}
      <VariantList section={section} siteSpaces={section.siteSpaces} />
    </div>
  );
}

export function DefaultBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
      <Star aria-hidden className="size-3 fill-current" />
      Default
    </span>
  );
}

type Dialog = { kind: "remove" } | { kind: "remove-group" } | { kind: "rename-group" } | { kind: "new-group" } | null;

function SectionActions({ section, group, onEdit }: { section: SectionObject; group: GroupObject | null; onEdit: () => void }) {
  const trpc = useTRPC();
  const toast = useToast();
  const changed = useStructureChanged();
  const move = useMove();
  const { organizationId, siteId, structure, announce, select } = useStructureContext();
  const [dialog, setDialog] = useState<Dialog>(null);
  const onError = (what: string) => (error: unknown) => toast.error(`${what} ${errorMessage(error)}`);
  const setDefault = useMutation(
    trpc.siteStructure.setDefault.mutationOptions({
      onSuccess: async () => {
        await changed();
        announce(`“${section.title}” is now the default section.`);
      },
      onError: onError("The default section could not be changed."),
    }),
  );
  const addToGroup = useMutation(trpc.siteStructure.addSectionToGroup.mutationOptions({ onSuccess: () => changed(), onError: onError("The section could not be grouped.") }));
  const leaveGroup = useMutation(trpc.siteStructure.removeSectionFromGroup.mutationOptions({ onSuccess: () => changed(), onError: onError("The section could not leave its group.") }));
  const removeSection = useMutation(trpc.siteStructure.removeSection.mutationOptions({ onSuccess: () => changed() }));
  const removeGroup = useMutation(trpc.siteStructure.removeSectionGroup.mutationOptions({ onSuccess: () => changed() }));

  if (structure.type !== "sections") return null;
  // Siblings: the sections of its group, or the site's top-level items.
  const siblings = group ? group.sections : structure.structure.filter((item) => item.object === "site-section" || item.object === "site-section-group");
  const ids = siblings.map((item) => item.id);
  const index = ids.indexOf(section.id);
  const groups = structure.structure.filter((item): item is GroupObject => item.object === "site-section-group" && item.id !== group?.id);

  function moveBy(delta: -1 | 1) {
    if (structure.type !== "sections") return;
    const toIndex = index + delta;
    const next = group
      ? { ...structure, structure: structure.structure.map((item) => (item.id === group.id && item.object === "site-section-group" ? { ...item, sections: reordered(item.sections, section.id, toIndex) } : item)) }
      : { ...structure, structure: reordered(structure.structure, section.id, toIndex) };
    void move({
      item: { type: "site-section", id: section.id },
      ids,
      typeOf: (id) => (siblings.find((item) => item.id === id)?.object === "site-section-group" ? "site-section-group" : "site-section"),
      toIndex,
      label: section.title,
      focusKey: [`move-section:${delta}`, `move-section:${-delta}`],
      next: next as typeof structure,
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" onClick={onEdit}>
        <Pencil aria-hidden className="size-4" />
        Edit
      </Button>
      {!section.default && (
        <Button variant="secondary" loading={setDefault.isPending} onClick={() => setDefault.mutate({ organizationId, siteId, item: { type: "site-section", id: section.id } })}>
          <Star aria-hidden className="size-4" />
          Make default
        </Button>
      )}
      <Button variant="secondary" data-focus-key="move-section:-1" aria-label={`Move left: ${section.title}`} disabled={index <= 0} onClick={() => moveBy(-1)}>
        <ArrowLeft aria-hidden className="size-4" />
        <span className="hidden sm:inline">Move left</span>
      </Button>
      <Button variant="secondary" data-focus-key="move-section:1" aria-label={`Move right: ${section.title}`} disabled={index === ids.length - 1} onClick={() => moveBy(1)}>
        <ArrowRight aria-hidden className="size-4" />
        <span className="hidden sm:inline">Move right</span>
      </Button>
      <Menu
        label={`More actions for ${section.title}`}
        align="end"
        buttonClassName="inline-flex items-center rounded-md border border-slate-300 bg-white px-2 py-1.5 text-slate-700 hover:bg-slate-50"
        button={<MoreHorizontal aria-hidden className="size-4" />}
      >
        <MenuLabel>Group</MenuLabel>
        {groups.map((other) => (
          <MenuItem key={other.id} icon={<FolderInput aria-hidden className="size-4" />} onSelect={() => addToGroup.mutate({ organizationId, siteId, sectionGroupId: other.id, sectionId: section.id })}>
            Move to “{other.title}”
          </MenuItem>
        ))}
        {!group && (
          <MenuItem icon={<FolderInput aria-hidden className="size-4" />} onSelect={() => setDialog({ kind: "new-group" })}>
            New group with this section…
          </MenuItem>
        )}
        {group && (
          <>
            <MenuItem icon={<FolderMinus aria-hidden className="size-4" />} onSelect={() => leaveGroup.mutate({ organizationId, siteId, sectionGroupId: group.id, sectionId: section.id })}>
              Take out of “{group.title}”
            </MenuItem>
            <MenuItem icon={<Pencil aria-hidden className="size-4" />} onSelect={() => setDialog({ kind: "rename-group" })}>
              Rename the group…
            </MenuItem>
            <MenuItem danger icon={<Trash2 aria-hidden className="size-4" />} onSelect={() => setDialog({ kind: "remove-group" })}>
              Remove the group…
            </MenuItem>
          </>
        )}
        <MenuSeparator />
        <MenuItem danger icon={<Trash2 aria-hidden className="size-4" />} onSelect={() => setDialog({ kind: "remove" })}>
          Remove section…
        </MenuItem>
      </Menu>
      <GroupDialog mode={dialog?.kind === "new-group" ? { kind: "create", sectionId: section.id } : dialog?.kind === "rename-group" && group ? { kind: "rename", group } : null} onClose={() => setDialog(null)} />
      <RemoveDialog
        open={dialog?.kind === "remove"}
        title={`Remove the section “${section.title}”?`}
        body={`Its ${section.siteSpaces.length === 1 ? "variant leaves" : `${section.siteSpaces.length} variants leave`} the site; the spaces and their content stay in the organization.`}
        confirmLabel="Remove section"
        mutation={removeSection}
        input={{ organizationId, siteId, sectionId: section.id }}
        removed={`Removed the section “${section.title}”.`}
        onRemoved={() => select("")}
        onClose={() => setDialog(null)}
      />
      {group && (
        <RemoveDialog
          open={dialog?.kind === "remove-group"}
          title={`Remove the group “${group.title}”?`}
          body="Its sections stay in the site, at the top level."
          confirmLabel="Remove group"
          mutation={removeGroup}
          input={{ organizationId, siteId, sectionGroupId: group.id }}
          removed={`Removed the group “${group.title}”.`}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

const SECTION_FIELDS = ["title", "path", "description", "condition"] as const;

/** Rename, re-path, describe and condition a section, inline. */
function SectionForm({ section, onDone }: { section: SectionObject; onDone: () => void }) {
  const trpc = useTRPC();
  const changed = useStructureChanged();
  const { organizationId, siteId, announce } = useStructureContext();
  const [title, setTitle] = useState(section.title);
  const [path, setPath] = useState(section.path);
  const [description, setDescription] = useState(section.description ?? "");
  const [condition, setCondition] = useState<string | null>(section.condition ?? null);
  const update = useMutation(
    trpc.siteStructure.updateSection.mutationOptions({
      onSuccess: async () => {
        await changed();
        announce(`Saved the section “${title.trim()}”.`);
        onDone();
      },
    }),
  );
  const local = { title: sectionTitleProblem(title), path: pathProblem(path), description: descriptionProblem(description), condition: conditionProblem(condition) };
  const { errorOf, formError } = formErrors(local, update.error, SECTION_FIELDS);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (Object.values(local).some(Boolean)) return;
    update.mutate({
      organizationId,
      siteId,
      sectionId: section.id,
      ...(title.trim() !== section.title ? { title: title.trim() } : {}),
      ...(path.trim() !== section.path ? { path: path.trim() } : {}),
      ...(description.trim() !== (section.description ?? "") ? { description: description.trim() || null } : {}),
      ...(condition !== (section.condition ?? null) ? { condition } : {}),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit the section ${section.title}`} className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <fieldset disabled={update.isPending} className="grid gap-4 md:grid-cols-2">
        <TextField label="Section title" autoFocus maxLength={TITLE_MAX} value={title} onChange={(event) => setTitle(event.target.value)} error={errorOf("title")} />
        <TextField label="Section path" maxLength={100} value={path} onChange={(event) => setPath(event.target.value)} error={errorOf("path")} hint="The section's address: the site's, then this." spellCheck={false} />
        <div className="md:col-span-2">
          <TextAreaField label="Description" rows={2} maxLength={DESCRIPTION_MAX} value={description} onChange={(event) => setDescription(event.target.value)} error={errorOf("description")} />
        </div>
        <div className="md:col-span-2">
          <ConditionField organizationId={organizationId} siteId={siteId} value={condition} onChange={setCondition} error={errorOf("condition")} />
        </div>
      </fieldset>
      <DialogFormActions error={formError} submitLabel="Save" submitting={update.isPending} onCancel={onDone} />
    </form>
  );
}
