"use client";

import type { ContentRef } from "@gitbook/api";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";

/**
 * An ordered list of things (header links, footer groups, their links): each with its fields, Move
 * up, Move down and Remove buttons named after the item, then an Add button. Plain buttons keep
 * reordering reachable by keyboard and screen readers.
 */
export function ListEditor<T>({
  items,
  onChange,
  itemName,
  noun,
  make,
  renderItem,
  disabled,
  empty,
}: {
  items: T[];
  onChange: (items: T[]) => void;
  /** How an item is named on its buttons ("link Docs"). */
  itemName: (item: T, index: number) => string;
  /** What Add adds ("link", "group"). */
  noun: string;
  make: () => T;
  renderItem: (item: T, update: (item: T) => void, index: number) => ReactNode;
  disabled?: boolean;
  empty?: string;
}) {
  function move(from: number, to: number) {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  }
  return (
    <div className="space-y-3">
      {items.length === 0 && empty && <p className="text-sm text-slate-500">{empty}</p>}
      {items.length > 0 && (
        <ol className="space-y-3">
          {items.map((item, index) => {
            const name = itemName(item, index);
            return (
              <li key={index} className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3">
                {renderItem(item, (updated) => onChange(items.map((current, at) => (at === index ? updated : current))), index)}
                <div className="flex flex-wrap justify-end gap-1">
                  <Button variant="ghost" disabled={disabled || index === 0} onClick={() => move(index, index - 1)} aria-label={`Move ${name} up`}>
                    <ArrowUp aria-hidden className="size-4" />
                    <span className="hidden sm:inline">Up</span>
                  </Button>
                  <Button variant="ghost" disabled={disabled || index === items.length - 1} onClick={() => move(index, index + 1)} aria-label={`Move ${name} down`}>
                    <ArrowDown aria-hidden className="size-4" />
                    <span className="hidden sm:inline">Down</span>
                  </Button>
                  <Button variant="ghost" className="text-red-700 hover:bg-red-50" disabled={disabled} onClick={() => onChange(items.filter((_, at) => at !== index))} aria-label={`Remove ${name}`}>
                    <Trash2 aria-hidden className="size-4" />
                    <span className="hidden sm:inline">Remove</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <Button variant="secondary" disabled={disabled} onClick={() => onChange([...items, make()])}>
        <Plus aria-hidden className="size-4" />
        Add {noun}
      </Button>
    </div>
  );
}

/** Where a link goes: a URL. A link to content set through the API keeps its target until a URL replaces it. */
export function LinkTargetField({ label = "URL", value, onChange, disabled, optional }: { label?: string; value: ContentRef | null; onChange: (value: ContentRef | null) => void; disabled?: boolean; optional?: boolean }) {
  const url = value?.kind === "url" ? value.url : "";
  const hint = value && value.kind !== "url" ? "Links to content of the site; type a URL to replace it." : optional ? "Optional: leave empty for a menu of the links below only." : undefined;
  return (
    <TextField
      label={label}
      type="url"
      inputMode="url"
      placeholder="https://example.com"
      value={url}
      disabled={disabled}
      maxLength={2048}
      hint={hint}
      onChange={(event) => {
        const typed = event.target.value;
        onChange(typed === "" && optional ? null : { kind: "url", url: typed });
      }}
    />
  );
}
