"use client";

import clsx from "clsx";
import { ArrowDown, ArrowUp, ChevronRight, Copy, Ellipsis, FilePlus, IndentDecrease, IndentIncrease, Link2, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { PageIcon } from "@/components/content/page-tree-nav";
import { Menu, MenuItem, MenuSeparator } from "@/components/shell/menu";
import { allowedMoves, descendants, isNewKey, type Draft, type Move } from "./draft-model";
import { dropTarget, visibleRows, type DropTarget, type TreeRow } from "./page-tree-model";

const MOVE_KEYS: Record<string, Move> = { ArrowUp: "up", ArrowDown: "down", ArrowRight: "indent", ArrowLeft: "outdent" };
/** Pixels a level of the tree is indented by (1rem), and the pointer moves sideways to change a drop's level. */
const INDENT = 16;
/** Pixels the pointer moves with the button down before a press becomes a drag (a click stays a click). */
const DRAG_THRESHOLD = 5;

export type PageTreeActions = {
  onSelect: (key: string) => void;
  onMove: (key: string, move: Move) => void;
  /** A new page after the selected one, or inside `parent` (as its last subpage). */
  onAdd: (place: "after" | "inside", parent?: string) => void;
  onDelete: (key: string) => void;
  onPlace: (key: string, target: DropTarget) => void;
  onRename: (key: string, title: string) => void;
  onDuplicate: (key: string) => void;
  onCopyLink: (key: string) => void;
};

type Drag = { key: string; depth: number; startX: number; startY: number; pointerId: number; active: boolean; drop: (DropTarget & { gap: number }) | null };

/**
 * The change request's pages as a tree, to pick the page being edited and arrange them: drag a
 * page with the mouse (the line shows where it lands; moving the pointer sideways nests it under
 * the page above or takes it out), fold a page's subpages with its chevron, rename in place
 * (double-click, F2 or the menu), and the menu of a page (its "More actions" button or a right
 * click): new subpage, duplicate, copy link, rename, delete. The chevron and menu buttons are named
 * without the page's title, which stays the name of the row's own button. The selected page's toolbar and Alt+arrows move
 * it by keyboard.
 */
export function PageTreeEditor({ draft, original, selected, actions }: { draft: Draft; original: Draft; selected?: string; actions: PageTreeActions }) {
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const idPrefix = useId();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const menuButtons = useRef(new Map<string, HTMLButtonElement>());
  // A press that became a drag must not also select the page when the button is released.
  const suppressClick = useRef(false);
  const rows = visibleRows(draft, collapsed);
  const moves = selected ? allowedMoves(draft, selected) : null;
  const title = selected ? draft.pages[selected]?.title || "Untitled page" : "";

  useEffect(() => {
    if (!drag?.active) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") setDrag(null);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [drag?.active]);

  function focusRow(key: string) {
    // The row is rendered anew at its new place: focus follows it.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-page-key="${key}"]`)?.focus());
  }

  function onRowKeyDown(event: KeyboardEvent<HTMLButtonElement>, key: string) {
    if (event.key === "F2") {
      event.preventDefault();
      setRenaming(key);
      return;
    }
    const move = MOVE_KEYS[event.key];
    if (!event.altKey || !move) return;
    event.preventDefault();
    actions.onMove(key, move);
    focusRow(key);
  }

  function toggle(key: string) {
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }

  /** Where the pointer would drop the dragged page: the gap between the rows it is nearest, at the depth its sideways offset asks. */
  function dropAt(current: Drag, clientX: number, clientY: number): Drag["drop"] {
    const candidates = rowsAround(draft, rows, current.key);
    const elements = candidates.map((row) => list.current?.querySelector<HTMLElement>(`[data-row-key="${row.key}"]`));
    let gap = candidates.length;
    for (let index = 0; index < candidates.length; index++) {
      const rect = elements[index]?.getBoundingClientRect();
      if (rect && clientY < rect.top + rect.height / 2) {
        gap = index;
        break;
      }
    }
    const wanted = current.depth + Math.round((clientX - current.startX) / INDENT);
    return { ...dropTarget(draft, candidates, current.key, gap, wanted), gap };
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>, row: TreeRow) {
    if (event.button !== 0 || renaming) return;
    suppressClick.current = false;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ key: row.key, depth: row.depth, startX: event.clientX, startY: event.clientY, pointerId: event.pointerId, active: false, drop: null });
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    if (!drag || drag.pointerId !== event.pointerId) return;
    const moved = Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) > DRAG_THRESHOLD;
    if (!drag.active && !moved) return;
    const next = { ...drag, active: true };
    setDrag({ ...next, drop: dropAt(next, event.clientX, event.clientY) });
  }

  function onPointerUp(event: PointerEvent<HTMLButtonElement>) {
    if (!drag || drag.pointerId !== event.pointerId) return;
    if (drag.active) {
      suppressClick.current = true;
      if (drag.drop) {
        actions.onPlace(drag.key, drag.drop);
        // A page dropped inside a folded one shows there.
        setCollapsed((current) => {
          const next = new Set(current);
          next.delete(drag.drop!.parent);
          return next;
        });
        focusRow(drag.key);
      }
    }
    setDrag(null);
  }

  const indicator = drag?.active && drag.drop ? indicatorPosition(list.current, rowsAround(draft, rows, drag.key), drag.drop) : null;

  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="editor-pages-title" className="text-sm font-semibold text-slate-900">
          Pages
        </h2>
        <button
          type="button"
          onClick={() => actions.onAdd("after")}
          className="inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
        >
          <Plus aria-hidden className="size-3.5" />
          New page
        </button>
      </div>
      {selected && moves && (
        <div role="toolbar" aria-label={`Actions for ${title}`} className="flex flex-wrap gap-0.5 rounded-md border border-slate-200 bg-slate-50 p-1">
          <ToolButton label="Move up" shortcut="Alt+ArrowUp" disabled={!moves.up} onClick={() => actions.onMove(selected, "up")}>
            <ArrowUp aria-hidden className="size-4" />
          </ToolButton>
          <ToolButton label="Move down" shortcut="Alt+ArrowDown" disabled={!moves.down} onClick={() => actions.onMove(selected, "down")}>
            <ArrowDown aria-hidden className="size-4" />
          </ToolButton>
          <ToolButton label="Indent (make a subpage of the page above)" shortcut="Alt+ArrowRight" disabled={!moves.indent} onClick={() => actions.onMove(selected, "indent")}>
            <IndentIncrease aria-hidden className="size-4" />
          </ToolButton>
          <ToolButton label="Outdent (move out of its parent)" shortcut="Alt+ArrowLeft" disabled={!moves.outdent} onClick={() => actions.onMove(selected, "outdent")}>
            <IndentDecrease aria-hidden className="size-4" />
          </ToolButton>
          <ToolButton label="Add a subpage" onClick={() => actions.onAdd("inside")}>
            <FilePlus aria-hidden className="size-4" />
          </ToolButton>
          <ToolButton label="Delete page" danger onClick={() => actions.onDelete(selected)}>
            <Trash2 aria-hidden className="size-4" />
          </ToolButton>
        </div>
      )}
      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-500">No pages yet</p>
      ) : (
        <ul ref={list} aria-labelledby="editor-pages-title" className={clsx("relative space-y-0.5", drag?.active && "cursor-grabbing select-none")}>
          {rows.map((row) => {
            const { key, depth } = row;
            const page = draft.pages[key]!;
            const before = original.pages[key];
            const changed = isNewKey(key) ? "new" : before && (before.title !== page.title || before.markdown !== page.markdown) ? "edited" : null;
            const name = page.title || "Untitled page";
            const dragged = drag?.active && (drag.key === key || descendants(draft, drag.key).includes(key));
            return (
              <li
                key={key}
                data-row-key={key}
                className={clsx("group/row flex items-center rounded-md", key === selected ? "bg-indigo-50" : "hover:bg-slate-100", dragged && "opacity-50")}
                style={{ paddingLeft: `${depth * INDENT}px` }}
                onContextMenu={(event) => {
                  event.preventDefault();
                  menuButtons.current.get(key)?.click();
                }}
              >
                {row.hasChildren ? (
                  <button
                    type="button"
                    // Named without the title, which stays the row button's own name; the row says which page it is.
                    aria-label="Subpages"
                    aria-describedby={`${idPrefix}-${key}`}
                    aria-expanded={!collapsed.has(key)}
                    onClick={() => toggle(key)}
                    className="grid size-6 shrink-0 place-items-center rounded text-slate-500 hover:bg-slate-200 hover:text-slate-800"
                  >
                    <ChevronRight aria-hidden className={clsx("size-4 transition-transform", !collapsed.has(key) && "rotate-90")} />
                  </button>
                ) : (
                  <span aria-hidden className="size-6 shrink-0" />
                )}
                {renaming === key ? (
                  <RenameInput
                    title={page.title}
                    onDone={(title) => {
                      setRenaming(null);
                      if (title !== undefined && title.trim() && title !== page.title) actions.onRename(key, title.trim());
                      focusRow(key);
                    }}
                  />
                ) : (
                  <button
                    type="button"
                    data-page-key={key}
                    aria-current={key === selected ? "page" : undefined}
                    aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Alt+ArrowRight Alt+ArrowLeft F2"
                    onClick={() => {
                      if (suppressClick.current) suppressClick.current = false;
                      else actions.onSelect(key);
                    }}
                    onDoubleClick={() => setRenaming(key)}
                    onKeyDown={(event) => onRowKeyDown(event, key)}
                    onPointerDown={(event) => onPointerDown(event, row)}
                    onPointerMove={onPointerMove}
                    onPointerUp={onPointerUp}
                    onPointerCancel={() => setDrag(null)}
                    className={clsx(
                      "flex min-w-0 flex-1 touch-none items-center gap-2 py-1.5 pr-1 text-left text-sm",
                      key === selected ? "font-medium text-indigo-900" : "text-slate-700",
                    )}
                  >
                    <PageIcon emoji={page.emoji ?? null} />
                    <span id={`${idPrefix}-${key}`} className="min-w-0 flex-1 truncate">
                      {name}
                    </span>
                    {changed && (
                      <span className={clsx("shrink-0 rounded px-1 text-[10px] font-semibold uppercase", changed === "new" ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-800")}>
                        {changed === "new" ? "New" : "Edited"}
                      </span>
                    )}
                  </button>
                )}
                <Menu
                  label="More actions"
                  align="end"
                  buttonRef={(element) => {
                    if (element) menuButtons.current.set(key, element);
                    else menuButtons.current.delete(key);
                  }}
                  buttonClassName="mr-0.5 grid size-6 shrink-0 place-items-center rounded text-slate-500 opacity-0 hover:bg-slate-200 hover:text-slate-800 focus-visible:opacity-100 group-hover/row:opacity-100 aria-expanded:bg-slate-200 aria-expanded:opacity-100 [@media(hover:none)]:opacity-100"
                  button={<Ellipsis aria-hidden className="size-4" />}
                >
                  <MenuItem icon={<FilePlus className="size-4" />} onSelect={() => actions.onAdd("inside", key)}>
                    New subpage
                  </MenuItem>
                  <MenuItem icon={<Copy className="size-4" />} onSelect={() => actions.onDuplicate(key)}>
                    Duplicate
                  </MenuItem>
                  <MenuItem icon={<Link2 className="size-4" />} disabled={isNewKey(key)} onSelect={() => actions.onCopyLink(key)}>
                    {isNewKey(key) ? "Copy link (once saved)" : "Copy link"}
                  </MenuItem>
                  <MenuItem icon={<Pencil className="size-4" />} onSelect={() => requestAnimationFrame(() => setRenaming(key))}>
                    Rename
                  </MenuItem>
                  <MenuSeparator />
                  <MenuItem icon={<Trash2 className="size-4" />} danger onSelect={() => actions.onDelete(key)}>
                    Delete
                  </MenuItem>
                </Menu>
              </li>
            );
          })}
          {indicator && (
            <li aria-hidden data-drop-indicator className="pointer-events-none absolute right-0 h-0.5 rounded bg-indigo-600" style={{ top: indicator.top, left: indicator.left }}>
              <span className="absolute -left-1 -top-[3px] size-2 rounded-full border-2 border-indigo-600 bg-white" />
            </li>
          )}
        </ul>
      )}
      {drag?.active && (
        <p role="status" className="sr-only">
          {drag.drop ? `Drop to place ${draft.pages[drag.key]?.title || "the page"} ${drag.drop.parent ? `inside ${draft.pages[drag.drop.parent]?.title || "a page"}` : "at the top level"}.` : ""}
        </p>
      )}
    </div>
  );
}

/** The rows a dragged page can land between: all but the page itself and its subpages. */
function rowsAround(draft: Draft, rows: TreeRow[], dragged: string): TreeRow[] {
  const hidden = new Set([dragged, ...descendants(draft, dragged)]);
  return rows.filter((row) => !hidden.has(row.key));
}

/** The drop line: at the top of the row after the gap (or the bottom of the last row), indented to the drop's depth. */
function indicatorPosition(list: HTMLUListElement | null, candidates: TreeRow[], drop: DropTarget & { gap: number }) {
  if (!list) return null;
  const rectOf = (key: string) => list.querySelector<HTMLElement>(`[data-row-key="${key}"]`)?.getBoundingClientRect();
  const origin = list.getBoundingClientRect().top;
  const below = candidates[drop.gap] && rectOf(candidates[drop.gap]!.key);
  const above = candidates[drop.gap - 1] && rectOf(candidates[drop.gap - 1]!.key);
  const top = below ? below.top - origin - 1 : above ? above.bottom - origin + 1 : 0;
  return { top, left: drop.depth * INDENT + 24 };
}

/** The title of a page being renamed in the tree: Enter or leaving keeps it, Escape gives up. */
function RenameInput({ title, onDone }: { title: string; onDone: (title?: string) => void }) {
  const [value, setValue] = useState(title);
  const done = useRef(false);
  const finish = (result?: string) => {
    if (done.current) return;
    done.current = true;
    onDone(result);
  };
  return (
    <input
      autoFocus
      aria-label={`Rename ${title || "Untitled page"}`}
      value={value}
      maxLength={100}
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => finish(value)}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          finish(value);
        } else if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          finish();
        }
      }}
      className="my-0.5 min-w-0 flex-1 rounded border border-indigo-400 bg-white px-1.5 py-1 text-sm text-slate-900"
    />
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
