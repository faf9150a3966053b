"use client";

import type { JSONDocument } from "@gitbook/api";
import { Bold, Code, GripVertical, Italic, Link2, Strikethrough } from "lucide-react";
import { toggleMark } from "prosemirror-commands";
import { redo, undo } from "prosemirror-history";
import { Slice, type MarkType } from "prosemirror-model";
import { EditorState, NodeSelection, TextSelection, type Command } from "prosemirror-state";
import { addColumnAfter, addRowAfter, deleteColumn, deleteRow, deleteTable, isInTable } from "prosemirror-tables";
import { EditorView } from "prosemirror-view";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { markdownToDocument } from "@/server/content/format/markdown-to-document";
import { documentToProseMirror, proseMirrorToDocument, withoutKeys } from "./prosemirror/document-conversion";
import { BLOCK_CHOICES, expressionNode, insertBlocks, uploadedBlocks, type BlockChoice } from "./prosemirror/insert-blocks";
import { nodeViews, type FileUrl } from "./prosemirror/node-views";
import { corePlugins } from "./prosemirror/plugins";
import { schema } from "./prosemirror/schema";
import "./prosemirror/editor.css";

export type UploadedFile = { id: string; name: string; contentType: string; url: string };

/** The slash menu's greatest height (max-h-72), to place it above the line when below has no room. */
const MENU_HEIGHT = 288;

type SlashState = { from: number; to: number; query: string; left: number } & ({ top: number } | { bottom: number });
type ToolbarState = { left: number; top: number; active: Set<string>; link: string | null };
type MenuItem = { id: string; label: string; hint?: string; run: () => void };

// Markdown syntax at the start of a line (or a table row, a fence) tells pasted text is markdown.
// Bold and links are looked for within one line and a bounded length, so that a hostile paste
// (a long run of "[" or "*") is scanned in linear time.
const MARKDOWN_SIGNS = /^(?:#{1,6}\s|[-*+]\s|\d+\.\s|>\s?|```|\||\{%\s)|\*\*[^*\n]{1,200}\*\*|\[[^\]\n]{1,200}\]\([^)\n]{1,500}\)/m;

/** Blocks of pasted markdown, new to the page (no keys). */
const markdownSlice = (text: string) => new Slice(documentToProseMirror(withoutKeys(markdownToDocument(text))).content, 0, 0);

/**
 * The block editor: one page's document in ProseMirror, with a slash menu to insert blocks,
 * a formatting toolbar on selections, markdown shortcuts while typing, paste of HTML and
 * markdown, drag handles (and Alt+↑/↓) to move blocks, and images pasted or dropped uploaded.
 */
export function BlockEditor({
  document: initial,
  label,
  variables,
  fileUrl,
  onChange,
  onUpload,
}: {
  document: JSONDocument;
  label: string;
  variables: { scope: "space" | "page"; name: string }[];
  fileUrl: FileUrl;
  onChange: (document: JSONDocument) => void;
  onUpload: (files: File[]) => Promise<UploadedFile[]>;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const [slash, setSlash] = useState<SlashState | null>(null);
  const [active, setActive] = useState(0);
  const [toolbar, setToolbar] = useState<ToolbarState | null>(null);
  const [linkDraft, setLinkDraft] = useState<string | null>(null);
  const [handle, setHandle] = useState<{ top: number; pos: number } | null>(null);
  const [inTable, setInTable] = useState(false);
  const menuId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadedUrls = useRef(new Map<string, string>());
  const latest = useRef({ onChange, onUpload, fileUrl, slash, active, items: [] as MenuItem[] });
  // The dismissed slash position: Escape closes the menu until the text around it changes.
  const dismissed = useRef<string | null>(null);

  const upload = async (files: File[]) => {
    const view = viewRef.current;
    if (!view || files.length === 0) return;
    const uploaded = await latest.current.onUpload(files).catch(() => [] as UploadedFile[]);
    for (const file of uploaded) uploadedUrls.current.set(file.id, file.url);
    const blocks = uploadedBlocks(uploaded);
    if (blocks.length > 0 && viewRef.current) viewRef.current.dispatch(insertBlocks(viewRef.current.state, blocks, blocks.reduce((size, block) => size + block.nodeSize, 0)));
  };

  const items = useMemo<MenuItem[]>(() => {
    const removeQuery = (then: (view: EditorView) => void) => () => {
      const view = viewRef.current;
      const current = latest.current.slash;
      if (!view || !current) return;
      view.dispatch(view.state.tr.delete(current.from, current.to));
      then(view);
    };
    const blocks: MenuItem[] = BLOCK_CHOICES.map((choice: BlockChoice) => ({
      id: choice.id,
      label: choice.label,
      hint: choice.keywords,
      run: removeQuery((view) => {
        view.dispatch(insertBlocks(view.state, choice.make(), choice.cursor));
        view.focus();
      }),
    }));
    return [
      ...blocks,
      { id: "image", label: "Image or file", hint: "upload picture attachment", run: removeQuery(() => fileInput.current?.click()) },
      {
        id: "embed",
        label: "Embed",
        hint: "video url youtube",
        run: removeQuery((view) => {
          const url = window.prompt("Address of the page to embed (https://…)")?.trim();
          if (url && /^https?:\/\//.test(url)) view.dispatch(insertBlocks(view.state, [schema.nodes.embed!.create({ data: { url } }), schema.nodes.paragraph!.create()], 2));
          view.focus();
        }),
      },
      ...variables.map(({ scope, name }) => ({
        id: `variable-${scope}-${name}`,
        label: `Variable: ${scope}.vars.${name}`,
        hint: `variable ${scope} ${name}`,
        run: removeQuery((view) => {
          view.dispatch(view.state.tr.replaceSelectionWith(expressionNode(scope, name), false).scrollIntoView());
          view.focus();
        }),
      })),
    ];
  }, [variables]);

  const filtered = slash ? items.filter((item) => `${item.label} ${item.hint ?? ""}`.toLowerCase().includes(slash.query.toLowerCase())) : [];
  latest.current = { onChange, onUpload, fileUrl, slash, active, items: filtered };

  useEffect(() => {
    const place = mount.current;
    if (!place) return;
    const fileUrlOf: FileUrl = (id) => uploadedUrls.current.get(id) ?? latest.current.fileUrl(id);
    const view = new EditorView(place, {
      state: EditorState.create({ doc: documentToProseMirror(initial), plugins: corePlugins() }),
      nodeViews: nodeViews(fileUrlOf),
      attributes: { "aria-label": label, "aria-multiline": "true", role: "textbox", class: "quire-markdown pm-editor", spellcheck: "true" },
      handleKeyDown: (_view, event) => menuKey(event.key),
      handlePaste: (view, event) => {
        const data = event.clipboardData;
        if (!data) return false;
        const files = [...data.files];
        if (files.length > 0) {
          event.preventDefault();
          void upload(files);
          return true;
        }
        const text = data.getData("text/plain");
        if (!data.types.includes("text/html") && text && MARKDOWN_SIGNS.test(text) && !view.state.selection.$from.parent.type.spec.code) {
          view.dispatch(view.state.tr.replaceSelection(markdownSlice(text)).scrollIntoView());
          return true;
        }
        return false;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = [...(event.dataTransfer?.files ?? [])];
        if (moved || files.length === 0) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        if (at) view.dispatch(view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(at.pos))));
        void upload(files);
        return true;
      },
      dispatchTransaction(tr) {
        const next = view.state.apply(tr);
        view.updateState(next);
        if (tr.docChanged) latest.current.onChange(proseMirrorToDocument(next.doc));
        follow(view);
      },
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // The editor is made once per page; later props reach it through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** The slash menu's keys, from the editor (which keeps the focus) or the menu itself: whether the key was used. */
  function menuKey(key: string): boolean {
    const { slash: open, items: list, active: index } = latest.current;
    if (!open || list.length === 0) return false;
    if (key === "ArrowDown" || key === "ArrowUp") {
      setActive((index + (key === "ArrowDown" ? 1 : list.length - 1)) % list.length);
      return true;
    }
    if (key === "Enter" || key === "Tab") {
      list[Math.min(index, list.length - 1)]?.run();
      return true;
    }
    if (key === "Escape") {
      dismissed.current = `${open.from}:${open.query}`;
      setSlash(null);
      viewRef.current?.focus();
      return true;
    }
    return false;
  }

  /** Where the slash menu and the toolbar stand after each change. */
  function follow(view: EditorView) {
    const { state } = view;
    const { selection } = state;
    const box = wrapper.current?.getBoundingClientRect();
    if (!box) return;
    const $from = selection.$from;
    setInTable(isInTable(state));
    const before = selection.empty && $from.parent.isTextblock && !$from.parent.type.spec.code ? $from.parent.textBetween(0, $from.parentOffset, undefined, "\ufffc") : "";
    const match = /(?:^|\s)\/([\p{L}\p{N}-]{0,30})$/u.exec(before);
    if (match && view.hasFocus()) {
      const from = $from.pos - match[1]!.length - 1;
      const coords = view.coordsAtPos(from);
      if (dismissed.current !== `${from}:${match[1]}`) {
        setSlash((current) => {
          if (current?.query !== match[1]) setActive(0);
          // Below the line, or above it when the window has no room for the menu below.
          const below = window.innerHeight - coords.bottom > MENU_HEIGHT + 8;
          const place = below ? { top: coords.bottom - box.top + 4 } : { bottom: box.bottom - coords.top + 4 };
          return { from, to: $from.pos, query: match[1]!, left: coords.left - box.left, ...place };
        });
      }
    } else {
      dismissed.current = null;
      setSlash(null);
    }
    if (!selection.empty && selection instanceof TextSelection && !$from.parent.type.spec.code) {
      const start = view.coordsAtPos(selection.from);
      const marks = new Set<string>();
      for (const name of ["bold", "italic", "strikethrough", "code", "link"]) if (markActive(state, schema.marks[name]!)) marks.add(name);
      let link: string | null = null;
      state.doc.nodesBetween(selection.from, selection.to, (node) => {
        const found = node.marks.find((mark) => mark.type === schema.marks.link);
        if (found && found.attrs.ref.kind === "url") link = found.attrs.ref.url;
      });
      setToolbar({ left: Math.max(0, start.left - box.left), top: start.top - box.top - 44, active: marks, link });
    } else {
      setToolbar(null);
      setLinkDraft(null);
    }
  }

  function markActive(state: EditorState, type: MarkType): boolean {
    const { from, to, empty, $from } = state.selection;
    return empty ? !!type.isInSet(state.storedMarks ?? $from.marks()) : state.doc.rangeHasMark(from, to, type);
  }

  function command(name: "bold" | "italic" | "strikethrough" | "code") {
    const view = viewRef.current;
    if (!view) return;
    toggleMark(schema.marks[name]!)(view.state, view.dispatch);
    view.focus();
  }

  function applyLink(url: string) {
    const view = viewRef.current;
    if (!view) return;
    const { from, to } = view.state.selection;
    const tr = view.state.tr.removeMark(from, to, schema.marks.link);
    if (url.trim()) tr.addMark(from, to, schema.marks.link!.create({ ref: { kind: "url", url: url.trim() } }));
    view.dispatch(tr);
    setLinkDraft(null);
    view.focus();
  }

  function onMouseMove(event: React.MouseEvent) {
    const view = viewRef.current;
    const box = wrapper.current?.getBoundingClientRect();
    if (!view || !box || (event.target as HTMLElement).closest("[data-drag-handle]")) return;
    const editorBox = view.dom.getBoundingClientRect();
    const found = view.posAtCoords({ left: editorBox.left + 24, top: event.clientY });
    if (!found) return;
    const $pos = view.state.doc.resolve(found.inside >= 0 ? found.inside : found.pos);
    const pos = $pos.depth >= 1 ? $pos.before(1) : found.inside >= 0 ? found.inside : null;
    if (pos === null) return;
    const dom = view.nodeDOM(pos) as HTMLElement | null;
    if (!dom?.getBoundingClientRect) return;
    setHandle({ pos, top: dom.getBoundingClientRect().top - box.top });
  }

  function onDragStart(event: React.DragEvent) {
    const view = viewRef.current;
    if (!view || !handle) return;
    const selection = NodeSelection.create(view.state.doc, handle.pos);
    view.dispatch(view.state.tr.setSelection(selection));
    const slice = selection.content();
    const { dom, text } = view.serializeForClipboard(slice);
    event.dataTransfer.clearData();
    event.dataTransfer.setData("text/html", dom.innerHTML);
    event.dataTransfer.setData("text/plain", text);
    event.dataTransfer.effectAllowed = "copyMove";
    const blockDom = view.nodeDOM(handle.pos);
    if (blockDom instanceof HTMLElement) event.dataTransfer.setDragImage(blockDom, 0, 0);
    view.dragging = { slice, move: true };
  }

  function run(command: Command) {
    const view = viewRef.current;
    if (!view) return;
    command(view.state, view.dispatch);
    view.focus();
  }

  const activeId = slash && filtered[active] ? `${menuId}-${filtered[active].id}` : undefined;
  useEffect(() => {
    const dom = viewRef.current?.dom;
    if (!dom) return;
    if (slash) {
      dom.setAttribute("aria-controls", menuId);
      dom.setAttribute("aria-autocomplete", "list");
      if (activeId) dom.setAttribute("aria-activedescendant", activeId);
      else dom.removeAttribute("aria-activedescendant");
    } else {
      for (const name of ["aria-controls", "aria-activedescendant", "aria-autocomplete"]) dom.removeAttribute(name);
    }
    document.getElementById(activeId ?? "")?.scrollIntoView({ block: "nearest" });
  }, [slash, activeId, menuId]);

  return (
    <div ref={wrapper} className="relative" onMouseMove={onMouseMove} onMouseLeave={() => setHandle(null)}>
      <div className="sticky top-14 z-10 mb-2 flex flex-wrap items-center gap-1 bg-white py-1 text-xs text-slate-700" role="toolbar" aria-label="Editing">
        <BarButton label="Undo" shortcut="Control+Z Meta+Z" onClick={() => run(undo)} />
        <BarButton label="Redo" shortcut="Control+Shift+Z Meta+Shift+Z" onClick={() => run(redo)} />
        {inTable ? (
          <>
            <span aria-hidden className="mx-1 h-4 w-px bg-slate-200" />
            <BarButton label="Add row" onClick={() => run(addRowAfter)} />
            <BarButton label="Add column" onClick={() => run(addColumnAfter)} />
            <BarButton label="Delete row" onClick={() => run(deleteRow)} />
            <BarButton label="Delete column" onClick={() => run(deleteColumn)} />
            <BarButton label="Delete table" onClick={() => run(deleteTable)} />
          </>
        ) : (
          <span className="ml-2 hidden sm:inline">Type / for blocks; markdown shortcuts work too</span>
        )}
      </div>
      {handle && (
        <button
          type="button"
          data-drag-handle
          draggable
          onDragStart={onDragStart}
          onClick={() => {
            const view = viewRef.current;
            if (view) {
              view.dispatch(view.state.tr.setSelection(NodeSelection.create(view.state.doc, handle.pos)));
              view.focus();
            }
          }}
          aria-label="Move block (drag, or select it and press Alt+Up or Alt+Down)"
          title="Drag to move; Alt+↑/↓ moves the block"
          className="absolute -left-7 z-10 hidden size-6 cursor-grab sm:flex items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700"
          style={{ top: handle.top + 2 }}
        >
          <GripVertical aria-hidden className="size-4" />
        </button>
      )}
      <div ref={mount} />
      {slash && (
        <ul
          id={menuId}
          role="listbox"
          aria-label="Insert a block"
          // Focusable, as a scrolling region must be; the editor keeps the focus, and the keys work here too.
          tabIndex={0}
          onKeyDown={(event) => {
            if (menuKey(event.key)) event.preventDefault();
          }}
          className="absolute z-20 max-h-72 w-64 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
          style={"top" in slash ? { left: slash.left, top: slash.top } : { left: slash.left, bottom: slash.bottom }}
        >
          {filtered.length === 0 ? (
            <li role="option" aria-selected={false} aria-disabled className="px-3 py-1.5 text-slate-600">
              No block matches “{slash.query}”
            </li>
          ) : (
            filtered.map((item, index) => (
              <li
                key={item.id}
                id={`${menuId}-${item.id}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => {
                  event.preventDefault();
                  item.run();
                }}
                onMouseEnter={() => setActive(index)}
                className={`cursor-pointer px-3 py-1.5 ${index === active ? "bg-indigo-50 text-indigo-900" : "text-slate-800"}`}
              >
                {item.label}
              </li>
            ))
          )}
        </ul>
      )}
      {toolbar && (
        <div
          role="toolbar"
          aria-label="Formatting"
          className="absolute z-20 flex items-center gap-0.5 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
          style={{ left: toolbar.left, top: Math.max(0, toolbar.top) }}
          onMouseDown={(event) => {
            if (!(event.target instanceof HTMLInputElement)) event.preventDefault();
          }}
          onKeyDown={(event: ReactKeyboardEvent) => {
            if (event.key === "Escape") viewRef.current?.focus();
          }}
        >
          {linkDraft === null ? (
            <>
              <MarkButton label="Bold" shortcut="Control+B" pressed={toolbar.active.has("bold")} onClick={() => command("bold")} icon={<Bold aria-hidden className="size-4" />} />
              <MarkButton label="Italic" shortcut="Control+I" pressed={toolbar.active.has("italic")} onClick={() => command("italic")} icon={<Italic aria-hidden className="size-4" />} />
              <MarkButton label="Strikethrough" shortcut="Control+Shift+X" pressed={toolbar.active.has("strikethrough")} onClick={() => command("strikethrough")} icon={<Strikethrough aria-hidden className="size-4" />} />
              <MarkButton label="Code" shortcut="Control+E" pressed={toolbar.active.has("code")} onClick={() => command("code")} icon={<Code aria-hidden className="size-4" />} />
              <MarkButton label="Link" pressed={toolbar.active.has("link")} onClick={() => setLinkDraft(toolbar.link ?? "")} icon={<Link2 aria-hidden className="size-4" />} />
            </>
          ) : (
            <form
              className="flex items-center gap-1"
              onSubmit={(event) => {
                event.preventDefault();
                applyLink(linkDraft);
              }}
            >
              <input
                autoFocus
                aria-label="Link address"
                placeholder="https://…"
                value={linkDraft}
                onChange={(event) => setLinkDraft(event.target.value)}
                className="w-56 rounded border border-slate-300 px-2 py-1 text-sm text-slate-900"
              />
              <button type="submit" className="rounded bg-indigo-600 px-2 py-1 text-sm font-medium text-white hover:bg-indigo-500">
                {linkDraft.trim() ? "Apply" : "Remove link"}
              </button>
            </form>
          )}
        </div>
      )}
      <input
        ref={fileInput}
        type="file"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          void upload(files);
        }}
      />
    </div>
  );
}

function BarButton({ label, shortcut, onClick }: { label: string; shortcut?: string; onClick: () => void }) {
  return (
    <button type="button" className="rounded px-2 py-1 hover:bg-slate-100" onMouseDown={(event) => event.preventDefault()} onClick={onClick} aria-keyshortcuts={shortcut}>
      {label}
    </button>
  );
}

function MarkButton({ label, shortcut, pressed, onClick, icon }: { label: string; shortcut?: string; pressed: boolean; onClick: () => void; icon: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut}
      title={label}
      onClick={onClick}
      className={`flex size-8 items-center justify-center rounded ${pressed ? "bg-indigo-100 text-indigo-800" : "text-slate-700 hover:bg-slate-100"}`}
    >
      {icon}
    </button>
  );
}
