"use client";

import clsx from "clsx";
import { ArrowDown, ArrowUp, FilePlus, IndentDecrease, IndentIncrease, Plus, Trash2 } from "lucide-react";
import type { KeyboardEvent, ReactNode } from "react";
import { PageIcon } from "@/components/content/page-tree-nav";
import { allowedMoves, isNewKey, readingOrder, type Draft, type Move } from "./draft-model";

const MOVE_KEYS: Record<string, Move> = { ArrowUp: "up", ArrowDown: "down", ArrowRight: "indent", ArrowLeft: "outdent" };

/**
 * The change request's pages, in reading order, to pick the page being edited; and the
 * selected page's actions as a toolbar of buttons: move up or down, indent, outdent, add a
 * page or a subpage, delete. Alt+arrows on a page move it as well.
 */
export function PageTreeEditor({
  draft,
  original,
  selected,
  onSelect,
  onMove,
  onAdd,
  onDelete,
}: {
  draft: Draft;
  original: Draft;
  selected?: string;
  onSelect: (key: string) => void;
  onMove: (key: string, move: Move) => void;
  onAdd: (place: "after" | "inside") => void;
  onDelete: (key: string) => void;
}) {
  const rows = readingOrder(draft);
  const moves = selected ? allowedMoves(draft, selected) : null;
  const title = selected ? draft.pages[selected]?.title || "Untitled page" : "";

  function onRowKeyDown(event: KeyboardEvent<HTMLButtonElement>, key: string) {
    const move = MOVE_KEYS[event.key];
    if (!event.altKey || !move) return;
    event.preventDefault();
    onMove(key, move);
    // The row is rendered anew at its new place: focus follows it.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-page-key="${key}"]`)?.focus());
  }

  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="editor-pages-title" className="text-sm font-semibold text-slate-900">
          Pages
        </h2>
        <button
          type="button"
          onClick={() => onAdd("after")}
          className="inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
        >
          <Plus aria-hidden className="size-3.5" />
          New page
        </button>
      </div>
      {selected && moves && (
        <div role="toolbar" aria-label={`Actions for ${title}`} className="flex flex-wrap gap-0.5 rounded-md border border-slate-200 bg-slate-50 p-1">
          <ToolButton label="Move up" shortcut="Alt+ArrowUp" disabled={!moves.up} onClick={() => onMove(selected, "up")}>
            <ArrowUp aria-hidden className="size-4" />
          </ToolButton>
          <ToolButton label="Move down" shortcut="Alt+ArrowDown" disabled={!moves.down} onClick={() => onMove(selected, "down")}>
            <ArrowDown aria-hidden className="size-4" />
          </ToolButton>
          <ToolButton label="Indent (make a subpage of the page above)" shortcut="Alt+ArrowRight" disabled={!moves.indent} onClick={() => onMove(selected, "indent")}>
            <IndentIncrease aria-hidden className="size-4" />
          </ToolButton>
          <ToolButton label="Outdent (move out of its parent)" shortcut="Alt+ArrowLeft" disabled={!moves.outdent} onClick={() => onMove(selected, "outdent")}>
            <IndentDecrease aria-hidden className="size-4" />
          </ToolButton>
          <ToolButton label="Add a subpage" onClick={() => onAdd("inside")}>
            <FilePlus aria-hidden className="size-4" />
          </ToolButton>
          <ToolButton label="Delete page" danger onClick={() => onDelete(selected)}>
            <Trash2 aria-hidden className="size-4" />
          </ToolButton>
        </div>
      )}
      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-500">No pages yet</p>
      ) : (
        <ul aria-labelledby="editor-pages-title" className="space-y-0.5">
          {rows.map(({ key, depth }) => {
            const page = draft.pages[key]!;
            const before = original.pages[key];
            const changed = isNewKey(key) ? "new" : before && (before.title !== page.title || before.markdown !== page.markdown) ? "edited" : null;
            return (
              <li key={key}>
                <button
                  type="button"
                  data-page-key={key}
                  aria-current={key === selected ? "page" : undefined}
                  aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Alt+ArrowRight Alt+ArrowLeft"
                  onClick={() => onSelect(key)}
                  onKeyDown={(event) => onRowKeyDown(event, key)}
                  style={{ paddingLeft: `${0.5 + depth * 1}rem` }}
                  className={clsx(
                    "flex w-full items-center gap-2 rounded-md py-1.5 pr-2 text-left text-sm",
                    key === selected ? "bg-indigo-50 font-medium text-indigo-900" : "text-slate-700 hover:bg-slate-100",
                  )}
                >
                  <PageIcon emoji={page.emoji ?? null} />
                  <span className="min-w-0 flex-1 truncate">{page.title || "Untitled page"}</span>
                  {changed && (
                    <span className={clsx("shrink-0 rounded px-1 text-[10px] font-semibold uppercase", changed === "new" ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-800")}>
                      {changed === "new" ? "New" : "Edited"}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function ToolButton({
  label,
  shortcut,
  disabled,
  danger,
  onClick,
  children,
}: {
  label: string;
  shortcut?: string;
  disabled?: boolean;
  danger?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut.replace("Arrow", "")})` : label}
      aria-keyshortcuts={shortcut}
      disabled={disabled}
      onClick={onClick}
      className={clsx(
        "grid size-7 place-items-center rounded text-slate-600 hover:bg-white hover:text-slate-900 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent",
        danger && "hover:text-red-600!",
      )}
    >
      {children}
    </button>
  );
}
