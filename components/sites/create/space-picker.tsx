"use client";

import { BookOpen, Search } from "lucide-react";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { useContentTree } from "@/components/tree/content-tree-context";
import type { ContentNode } from "@/components/tree/tree-model";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/components/ui/trpc-error";

type SpaceOption = { id: string; title: string; emoji?: string; where: string };

/** The organization's spaces the caller sees, flat, each with the collections it sits in. */
function spaceOptions(items: ContentNode[]): SpaceOption[] {
  const out: SpaceOption[] = [];
  const visit = (nodes: ContentNode[], where: string[]) => {
    for (const node of nodes) {
      if (node.type === "space") out.push({ id: node.id, title: node.title, ...(node.emoji ? { emoji: node.emoji } : {}), where: where.join(" / ") });
      else visit(node.children, [...where, node.title]);
    }
  };
  visit(items, []);
  return out;
}

/**
 * Picks spaces of the organization: a search field filtering a list of checkboxes (or radio buttons
 * with `multiple` false). Native inputs in a fieldset work with the keyboard and screen readers as
 * they are; `exclude` leaves out spaces already used.
 */
export function SpacePicker({
  legend,
  multiple,
  selected,
  onChange,
  exclude = [],
  error,
  disabled,
}: {
  legend: string;
  multiple: boolean;
  selected: string[];
  onChange: (selected: string[]) => void;
  exclude?: string[];
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const tree = useContentTree();
  const [search, setSearch] = useState("");
  const query = useDeferredValue(search.trim().toLowerCase());
  const options = useMemo(() => spaceOptions(tree.data?.items ?? []).filter((option) => !exclude.includes(option.id)), [tree.data, exclude]);
  // Chosen spaces stay listed while searching, so what is picked is always in view.
  const shown = options.filter((option) => !query || selected.includes(option.id) || option.title.toLowerCase().includes(query) || option.where.toLowerCase().includes(query));

  function toggle(spaceId: string, checked: boolean) {
    if (!multiple) onChange([spaceId]);
    else onChange(checked ? [...selected, spaceId] : selected.filter((idOf) => idOf !== spaceId));
  }

  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined} disabled={disabled}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-2 left-2.5 size-4 text-slate-400" />
        <input
          type="search"
          aria-label={`Find spaces for “${legend}”`}
          placeholder="Find a space"
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
          className="block w-full rounded-md border border-slate-300 bg-white py-1.5 pr-3 pl-8 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-1 focus:ring-indigo-500 focus:outline-none"
        />
      </div>
      {tree.isPending ? (
        <Spinner label="Loading spaces…" className="size-4" />
      ) : tree.isError ? (
        <p className="text-sm text-red-600">{errorMessage(tree.error)}</p>
      ) : options.length === 0 ? (
        <p className="text-sm text-slate-500">{exclude.length > 0 ? "Every space of the organization is already in this site." : "The organization has no spaces yet."}</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-500" aria-live="polite">
          No space matches “{search.trim()}”.
        </p>
      ) : (
        <ul className="max-h-52 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
          {shown.map((option) => (
            <li key={option.id}>
              <label className="flex cursor-pointer items-center gap-3 px-3 py-1.5 hover:bg-slate-50">
                <input
                  type={multiple ? "checkbox" : "radio"}
                  name={multiple ? undefined : id}
                  checked={selected.includes(option.id)}
                  onChange={(event) => toggle(option.id, event.target.checked)}
                  className="size-4 accent-indigo-600"
                />
                <span aria-hidden className="grid size-5 shrink-0 place-items-center text-slate-500">
                  {option.emoji ?? <BookOpen className="size-4" />}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm text-slate-900">{option.title}</span>
                  {option.where && <span className="block truncate text-xs text-slate-500">{option.where}</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {multiple && selected.length > 0 && <p className="text-xs text-slate-500">{selected.length === 1 ? "1 space chosen" : `${selected.length} spaces chosen`}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
