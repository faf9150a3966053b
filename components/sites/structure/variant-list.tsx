"use client";

import { useMutation } from "@tanstack/react-query";
import clsx from "clsx";
import { ArrowDown, ArrowUp, BookOpen, GripVertical, Pencil, Plus, Star, Trash2 } from "lucide-react";
import { useState, type FormEvent, type KeyboardEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { DialogFormActions } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { SpacePicker } from "../create/space-picker";
import { formErrors, type SiteStructureObject } from "../list/site-model";
import { ConditionField } from "./condition-field";
import { DefaultBadge } from "./section-panel";
import { RemoveDialog } from "./structure-dialogs";
import { conditionProblem, optionalTitleProblem, pathProblem, reordered, siteSpaceTitle, type SectionObject, type SiteSpaceObject } from "./structure-model";
import { moveKeyDelta, useDragReorder, useMove, useStructureChanged, useStructureContext } from "./use-structure";
import { TITLE_MAX } from "@/server/sites/structure/bounds";

/**
 * The variants (site spaces) of a section, or of a site without sections (`section` null): readers
 * see the default one first and switch between them.
 */
export function VariantList({ section, siteSpaces }: { section: SectionObject | null; siteSpaces: SiteSpaceObject[] }) {
  const { canEdit, structure } = useStructureContext();
  const move = useMove();
  const [adding, setAdding] = useState(false);
  const ids = siteSpaces.map((siteSpace) => siteSpace.id);
  const headingId = `variants-${section?.id ?? "root"}`;
  const noun = section ? "Variants" : "Spaces";

  const moveTo = (id: string, toIndex: number) => {
    const siteSpace = siteSpaces.find((entry) => entry.id === id);
    if (!siteSpace) return;
    void move({ item: { type: "site-space", id }, ids, typeOf: () => "site-space", toIndex, label: siteSpaceTitle(siteSpace), focusKey: `variant:${id}`, next: withVariantsOrder(structure, section, id, toIndex) });
  };
  const drag = useDragReorder(ids, moveTo, canEdit);

  function onHandleKey(event: KeyboardEvent, id: string) {
    const delta = moveKeyDelta(event);
    if (delta === null) return;
    event.preventDefault();
    const index = ids.indexOf(id);
    if (index + delta >= 0 && index + delta < ids.length) moveTo(id, index + delta);
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h4 id={headingId} className="font-medium text-slate-900">
            {noun}
          </h4>
          <p className="text-sm text-slate-600">
            {section ? "Versions of this section (a language, a product version…): readers switch between them; the default opens first." : "The spaces this site shows; the default opens first."}
          </p>
        </div>
        {canEdit && !adding && (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            <Plus aria-hidden className="size-4" />
            {section ? "Add variant" : "Add space"}
          </Button>
        )}
      </div>
      {canEdit && (
        <p id="variant-reorder-help" className="sr-only">
          Press Alt with the up or down arrow key to move it, or drag it.
        </p>
      )}
      {adding && <AddVariantForm section={section} used={siteSpaces.map((siteSpace) => siteSpace.space.id)} onDone={() => setAdding(false)} />}
      {siteSpaces.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">{section ? "This section has no variants yet." : "This site shows no spaces yet."}</p>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {siteSpaces.map((siteSpace, index) => (
            <li key={siteSpace.id} {...drag.itemProps(siteSpace.id)} className={clsx(drag.dragged === siteSpace.id && "opacity-50", drag.over === siteSpace.id && drag.dragged !== siteSpace.id && "bg-indigo-50")}>
              <VariantRow
                siteSpace={siteSpace}
                section={section}
                index={index}
                count={siteSpaces.length}
                onMove={(delta) => moveTo(siteSpace.id, index + delta)}
                onHandleKey={(event) => onHandleKey(event, siteSpace.id)}
                handleProps={drag.handleProps(siteSpace.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The structure with one section's variants (or the root's site spaces) in a new order. */
function withVariantsOrder(structure: SiteStructureObject, section: SectionObject | null, id: string, toIndex: number): SiteStructureObject {
  if (structure.type === "siteSpaces") return { ...structure, structure: reordered(structure.structure, id, toIndex) };
  const inSection = <T extends { object: string; id: string }>(item: T): T =>
    item.object === "site-section" && item.id === section?.id ? { ...item, siteSpaces: reordered((item as unknown as SectionObject).siteSpaces, id, toIndex) } : item;
  return {
    ...structure,
    structure: structure.structure.map((item) => (item.object === "site-section-group" ? { ...inSection(item), sections: item.sections.map(inSection) } : inSection(item))),
  } as SiteStructureObject;
}

function VariantRow({
  siteSpace,
  section,
  index,
  count,
  onMove,
  onHandleKey,
  handleProps,
}: {
  siteSpace: SiteSpaceObject;
  section: SectionObject | null;
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onHandleKey: (event: KeyboardEvent) => void;
  handleProps: ReturnType<ReturnType<typeof useDragReorder>["handleProps"]>;
}) {
  const trpc = useTRPC();
  const toast = useToast();
  const changed = useStructureChanged();
  const { organizationId, siteId, canEdit, announce } = useStructureContext();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const title = siteSpaceTitle(siteSpace);
  const setDefault = useMutation(
    trpc.siteStructure.setDefault.mutationOptions({
      onSuccess: async () => {
        await changed();
        announce(`“${title}” is now the default ${section ? "variant" : "space"}.`);
      },
      onError: (error) => toast.error(`The default could not be changed. ${errorMessage(error)}`),
    }),
  );
  const remove = useMutation(trpc.siteStructure.removeSiteSpace.mutationOptions({ onSuccess: () => changed() }));

  return (
    <div className="px-3 py-2.5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {canEdit && (
          <button
            type="button"
            data-focus-key={`variant:${siteSpace.id}`}
            aria-label={`Reorder ${title}`}
            aria-describedby="variant-reorder-help"
            onKeyDown={onHandleKey}
            {...handleProps}
            className="cursor-grab rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
          >
            <GripVertical aria-hidden className="size-4" />
          </button>
        )}
        <BookOpen aria-hidden className="size-4 shrink-0 text-slate-400" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
            <span className="break-words">{title}</span>
            {siteSpace.default && <DefaultBadge />}
          </p>
          <p className="text-xs text-slate-500">
            <code>/{siteSpace.path}</code>
            {siteSpace.title && siteSpace.title !== siteSpace.space.title && <> · space “{siteSpace.space.title}”</>}
            {siteSpace.condition && (
              <>
                {" · shown when "}
                <code className="font-mono">{siteSpace.condition}</code>
              </>
            )}
          </p>
        </div>
        {canEdit && !editing && (
          <div className="flex flex-wrap items-center gap-1">
            <IconButton label={`Move ${title} up`} disabled={index === 0} onClick={() => onMove(-1)} icon={<ArrowUp aria-hidden className="size-4" />} />
            <IconButton label={`Move ${title} down`} disabled={index === count - 1} onClick={() => onMove(1)} icon={<ArrowDown aria-hidden className="size-4" />} />
            {!siteSpace.default && (
              <IconButton label={`Make ${title} the default`} onClick={() => setDefault.mutate({ organizationId, siteId, item: { type: "site-space", id: siteSpace.id } })} icon={<Star aria-hidden className="size-4" />} />
            )}
            <IconButton label={`Edit ${title}`} onClick={() => setEditing(true)} icon={<Pencil aria-hidden className="size-4" />} />
            <IconButton label={`Remove ${title}`} danger onClick={() => setRemoving(true)} icon={<Trash2 aria-hidden className="size-4" />} />
          </div>
        )}
      </div>
      {editing && (
        <div className="mt-3">
          <VariantForm siteSpace={siteSpace} onDone={() => setEditing(false)} />
        </div>
      )}
      <RemoveDialog
        open={removing}
        title={`Remove “${title}” from the site?`}
        body="Readers no longer find it here; the space and its content stay in the organization."
        confirmLabel="Remove"
        mutation={remove}
        input={{ organizationId, siteId, siteSpaceId: siteSpace.id }}
        removed={`Removed “${title}”.`}
        onClose={() => setRemoving(false)}
      />
    </div>
  );
}

function IconButton({ label, icon, onClick, disabled, danger }: { label: string; icon: React.ReactNode; onClick: () => void; disabled?: boolean; danger?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={clsx("rounded-md p-1.5 disabled:cursor-not-allowed disabled:opacity-40", danger ? "text-red-700 hover:bg-red-50" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900")}
    >
      {icon}
    </button>
  );
}

const VARIANT_FIELDS = ["title", "path", "condition"] as const;

/** A variant's title (empty shows the space's), path and condition, inline. */
function VariantForm({ siteSpace, onDone }: { siteSpace: SiteSpaceObject; onDone: () => void }) {
  const trpc = useTRPC();
  const changed = useStructureChanged();
  const { organizationId, siteId, announce } = useStructureContext();
  const [title, setTitle] = useState(siteSpace.title === siteSpace.space.title ? "" : (siteSpace.title ?? ""));
  const [path, setPath] = useState(siteSpace.path);
  const [condition, setCondition] = useState<string | null>(siteSpace.condition ?? null);
  const update = useMutation(
    trpc.siteStructure.updateSiteSpace.mutationOptions({
      onSuccess: async () => {
        await changed();
        announce(`Saved “${title.trim() || siteSpace.space.title}”.`);
        onDone();
      },
    }),
  );
  const local = { title: optionalTitleProblem(title), path: pathProblem(path), condition: conditionProblem(condition) };
  const { errorOf, formError } = formErrors(local, update.error, VARIANT_FIELDS);
  const initialTitle = siteSpace.title === siteSpace.space.title ? "" : (siteSpace.title ?? "");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (Object.values(local).some(Boolean)) return;
    update.mutate({
      organizationId,
      siteId,
      siteSpaceId: siteSpace.id,
      ...(title.trim() !== initialTitle ? { title: title.trim() || null } : {}),
      ...(path.trim() !== siteSpace.path ? { path: path.trim() } : {}),
      ...(condition !== (siteSpace.condition ?? null) ? { condition } : {}),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${siteSpaceTitle(siteSpace)}`} className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <fieldset disabled={update.isPending} className="grid gap-4 md:grid-cols-2">
        <TextField label="Variant title" autoFocus maxLength={TITLE_MAX} placeholder={siteSpace.space.title} value={title} onChange={(event) => setTitle(event.target.value)} hint="Leave empty to use the space's title." error={errorOf("title")} />
        <TextField label="Variant path" maxLength={100} value={path} onChange={(event) => setPath(event.target.value)} error={errorOf("path")} spellCheck={false} />
        <div className="md:col-span-2">
          <ConditionField organizationId={organizationId} siteId={siteId} value={condition} onChange={setCondition} error={errorOf("condition")} />
        </div>
      </fieldset>
      <DialogFormActions error={formError} submitLabel="Save" submitting={update.isPending} onCancel={onDone} />
    </form>
  );
}

/** Adds a space of the organization as a variant of the section (or to a site without sections). */
function AddVariantForm({ section, used, onDone }: { section: SectionObject | null; used: string[]; onDone: () => void }) {
  const trpc = useTRPC();
  const changed = useStructureChanged();
  const { organizationId, siteId, announce } = useStructureContext();
  const [spaces, setSpaces] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  const add = useMutation(
    trpc.siteStructure.addSiteSpace.mutationOptions({
      onSuccess: async (siteSpace) => {
        await changed();
        announce(`Added “${siteSpace.title || siteSpace.space.title}”.`);
        onDone();
      },
    }),
  );
  const problem = spaces.length === 0 ? "Pick a space." : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    add.mutate({ organizationId, siteId, spaceId: spaces[0]!, ...(section ? { sectionId: section.id } : {}) });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={section ? `Add a variant to ${section.title}` : "Add a space"} className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <SpacePicker legend={section ? "Space for the new variant" : "Space to add"} multiple={false} selected={spaces} onChange={setSpaces} exclude={used} error={touched ? problem : undefined} disabled={add.isPending} />
      <DialogFormActions error={add.error ? errorMessage(add.error) : undefined} submitting={add.isPending} onCancel={onDone} submitLabel={section ? "Add variant" : "Add space"} />
    </form>
  );
}
