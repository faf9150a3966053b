"use client";

import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { ChevronDown, FolderPlus, Plus, Star } from "lucide-react";
import { useCallback, useMemo, useState, type KeyboardEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Menu, MenuLabel, MenuRadioItem } from "@/components/shell/menu";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import type { SiteStructureObject } from "../list/site-model";
import { useSite } from "../list/use-site";
import { SectionPanel } from "./section-panel";
import { AddSectionDialog, GroupDialog } from "./structure-dialogs";
import { allSections, reordered, type GroupObject, type SectionObject, type TopItem } from "./structure-model";
import { moveKeyDelta, StructureContext, useDragReorder, useMove, useStructureContext, type StructureContextValue } from "./use-structure";
import { VariantList } from "./variant-list";

/**
 * A site's structure: its sections (and groups of sections) as tabs, the chosen section's variants
 * (site spaces) below; or, for a site without sections, its site spaces. Editors with the site's
 * `create` permission add, edit, reorder, group and remove; others read.
 */
export function StructureEditor({ organizationId, siteId }: { organizationId: string; siteId: string }) {
  const trpc = useTRPC();
  const site = useSite(organizationId, siteId);
  const structure = useQuery(trpc.siteStructure.get.queryOptions({ organizationId, siteId }));
  const [announcement, setAnnouncement] = useState("");
  const [selected, setSelected] = useState<string | null>(null);
  const announce = useCallback((message: string) => setAnnouncement(message), []);

  const context = useMemo<StructureContextValue | null>(
    () =>
      structure.data && site.data
        ? { organizationId, siteId, structure: structure.data, canEdit: site.data.permissions.create, announce, select: setSelected }
        : null,
    [organizationId, siteId, structure.data, site.data, announce],
  );

  if (structure.isPending || site.isPending) return <LoadingState label="Loading the structure…" />;
  if (structure.isError) return <ErrorState message={`The structure could not be loaded. ${errorMessage(structure.error)}`} onRetry={() => void structure.refetch()} />;
  if (!context) return null;

  return (
    <StructureContext.Provider value={context}>
      <section aria-labelledby="structure-heading" className="space-y-4">
        <StructureHeader />
        <p role="status" className="sr-only">
          {announcement}
        </p>
        {context.structure.type === "siteSpaces" ? (
          <div className="rounded-lg border border-slate-200 p-4">
            <VariantList section={null} siteSpaces={context.structure.structure} />
          </div>
        ) : (
          <Sections structure={context.structure} selected={selected} />
        )}
      </section>
    </StructureContext.Provider>
  );
}

function StructureHeader() {
  const { canEdit, structure } = useStructureContext();
  const [dialog, setDialog] = useState<"section" | "group" | null>(null);
  const hasSections = structure.type === "sections" && structure.structure.length > 0;
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="space-y-1">
        <h2 id="structure-heading" className="text-xl font-semibold text-slate-900">
          Structure
        </h2>
        <p className="max-w-2xl text-sm text-slate-600">
          {canEdit
            ? "Sections are the site's top tabs; each shows one of its variants (spaces) at a time. Drag to reorder, or focus an item and press Alt with an arrow key."
            : "Sections are the site's top tabs; each shows one of its variants (spaces) at a time. Changing them needs the create role on the site."}
        </p>
      </div>
      {canEdit && (
        <div className="flex flex-wrap gap-2">
          {hasSections && (
            <Button variant="secondary" onClick={() => setDialog("group")}>
              <FolderPlus aria-hidden className="size-4" />
              New group
            </Button>
          )}
          <Button onClick={() => setDialog("section")}>
            <Plus aria-hidden className="size-4" />
            Add section
          </Button>
        </div>
      )}
      <AddSectionDialog open={dialog === "section"} onClose={() => setDialog(null)} />
      <GroupDialog mode={dialog === "group" ? { kind: "create" } : null} onClose={() => setDialog(null)} />
    </div>
  );
}

const topType = (item: TopItem) => (item.object === "site-section-group" ? ("site-section-group" as const) : ("site-section" as const));

function Sections({ structure, selected }: { structure: Extract<SiteStructureObject, { type: "sections" }>; selected: string | null }) {
  const { canEdit, select } = useStructureContext();
  const move = useMove();
  const items = structure.structure.filter((item): item is SectionObject | GroupObject => item.object === "site-section" || item.object === "site-section-group");
  const sections = allSections(structure);
  const current = sections.find((section) => section.id === selected) ?? sections.find((section) => section.default) ?? sections[0] ?? null;
  const ids = items.map((item) => item.id);
  const typeOf = (id: string) => topType(items.find((item) => item.id === id)!);

  const moveTo = (id: string, toIndex: number) => {
    const item = items.find((entry) => entry.id === id);
    if (!item) return;
    void move({ item: { type: topType(item), id }, ids, typeOf, toIndex, label: item.title, focusKey: `top:${id}`, next: { ...structure, structure: reordered(structure.structure, id, toIndex) } });
  };
  const drag = useDragReorder(ids, moveTo, canEdit);

  function onKeyDown(event: KeyboardEvent, id: string) {
    const delta = canEdit ? moveKeyDelta(event) : null;
    if (delta === null) return;
    event.preventDefault();
    const index = ids.indexOf(id);
    if (index + delta >= 0 && index + delta < ids.length) moveTo(id, index + delta);
  }

  if (items.length === 0) {
    return (
      <EmptyState
        title="No sections yet"
        description={canEdit ? "Add a section from one of the organization's spaces: it becomes the site's first tab." : "Editors of the site add its sections."}
      />
    );
  }

  return (
    <div className="rounded-lg border border-slate-200">
      <nav aria-label="Sections" className="border-b border-slate-200">
        <ul className="flex gap-1 overflow-x-auto px-2 pt-2">
          {items.map((item) => {
            const inside = item.object === "site-section-group" && current !== null && item.sections.some((section) => section.id === current.id);
            const isCurrent = item.id === current?.id || inside;
            const tabClass = clsx(
              "inline-flex items-center gap-1.5 whitespace-nowrap rounded-t-md border-b-2 px-3 py-2 text-sm",
              isCurrent ? "border-indigo-600 font-medium text-indigo-900" : "border-transparent text-slate-600 hover:bg-slate-100 hover:text-slate-900",
            );
            return (
              <li
                key={item.id}
                data-focus-key={`top:${item.id}`}
                {...drag.itemProps(item.id)}
                {...drag.handleProps(item.id)}
                onKeyDown={(event) => onKeyDown(event, item.id)}
                className={clsx(drag.dragged === item.id && "opacity-50", drag.over === item.id && drag.dragged !== item.id && "rounded-t-md bg-indigo-50")}
              >
                {item.object === "site-section" ? (
                  <button type="button" aria-current={isCurrent ? "true" : undefined} onClick={() => select(item.id)} className={tabClass}>
                    {item.title}
                    {item.default && (
                      <>
                        <Star aria-hidden className="size-3.5 fill-current text-amber-500" />
                        <span className="sr-only">(default)</span>
                      </>
                    )}
                  </button>
                ) : (
                  <Menu
                    label={`Group ${item.title}${inside ? ", holding the current section" : ""}`}
                    buttonClassName={tabClass}
                    button={
                      <>
                        {item.title}
                        <ChevronDown aria-hidden className="size-4" />
                      </>
                    }
                  >
                    {item.sections.length === 0 ? <MenuLabel>No sections in this group yet</MenuLabel> : null}
                    {item.sections.map((section) => (
                      <MenuRadioItem key={section.id} checked={section.id === current?.id} onSelect={() => select(section.id)}>
                        {section.title}
                      </MenuRadioItem>
                    ))}
                  </Menu>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      {current ? <SectionPanel key={current.id} section={current} /> : <p className="p-4 text-sm text-slate-600">This site's groups hold no sections yet: add one to a group from its section.</p>}
    </div>
  );
}
