"use client";

import type { JSONDocument } from "@gitbook/api";
import { Bold, Code, GripVertical, Italic, Link2, Strikethrough } from "lucide-react";
import { toggleMark } from "prosemirror-commands";
import { redo, undo } from "prosemirror-history";
import type { MarkType, Slice } from "prosemirror-model";
import { EditorState, NodeSelection, Selection, TextSelection, type Command } from "prosemirror-state";
import { addColumnAfter, addRowAfter, deleteColumn, deleteRow, deleteTable, isInTable } from "prosemirror-tables";
import { dropPoint } from "prosemirror-transform";
import { EditorView } from "prosemirror-view";
import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from "react";
import { errorMessage } from "@/components/ui/trpc-error";
import { LinkForm, type LinkDraft } from "./link-form";
import { documentToProseMirror, proseMirrorToDocument } from "./prosemirror/document-conversion";
import { insertBlocks, uploadedBlocks } from "./prosemirror/insert-blocks";
import { nodeViews, type Files } from "./prosemirror/node-views";
import { cleanPastedHtml, htmlHasText, markdownSlice, preparePaste } from "./prosemirror/paste";
import { corePlugins } from "./prosemirror/plugins";
import { schema } from "./prosemirror/schema";
import { withTrailingParagraph } from "./prosemirror/storable";
import { matching, SlashMenu, slashItems, type MenuItem } from "./slash-menu";
import "./prosemirror/editor.css";

export type UploadedFile = { id: string; name: string; contentType: string; url: string };

/** What the page around the editor can ask of it. */
export type BlockEditorHandle = { focusStart: () => void };

/** The slash menu's greatest height (max-h-80), to place it above the line when below has no room. */
const MENU_HEIGHT = 320;
/** The app's top bar (h-14) and the editor's sticky toolbar, with a margin: the cursor is never scrolled under them. */
const STICKY_TOP = 56 + 44 + 16;

const EDITOR_ATTRIBUTES = { "aria-multiline": "true", role: "textbox", class: "quire-markdown pm-editor", spellcheck: "true" };

type SlashState = { from: number; to: number; query: string; left: number; items: MenuItem[] } & ({ top: number } | { bottom: number });
type ToolbarState = { left: number; top: number; active: Set<string>; link: string | null };

// Markdown syntax at the start of a line (or a table row, a fence) tells pasted text is markdown.
// Bold and links are looked for within one line and a bounded length, so that a hostile paste
// (a long run of "[" or "*") is scanned in linear time.
const MARKDOWN_SIGNS = /^(?:#{1,6}\s|[-*+]\s|\d+\.\s|>\s?|```|\||\{%\s)|\*\*[^*\n]{1,200}\*\*|\[[^\]\n]{1,200}\]\([^)\n]{1,500}\)/m;

/**
 * The block editor: one page's document in ProseMirror, with a slash menu to insert and turn
 * blocks, a formatting toolbar on selections, ⌘/Ctrl+K for links, markdown shortcuts while
 * typing, pastes and drops made into what the page will store, drag handles (and Alt+↑/↓) to
 * move blocks, and images pasted or dropped uploaded. A change that cannot be written as the
 * page's document is reported (`onFault`), never dropped silently.
 */
export function BlockEditor({
  document: initial,
  label,
  variables,
  files,
  onChange,
  onFault,
  onUpload,
  onNotice,
  handle,
}: {
  document: JSONDocument;
  label: string;
  variables: { scope: "space" | "page"; name: string }[];
  files: Files;
  onChange: (document: JSONDocument) => void;
  /** The document could not be written: why, and its text (what a local copy can keep). */
  onFault: (error: unknown, text: string) => void;
  onUpload: (files: File[]) => Promise<UploadedFile[]>;
  /** Something the writer must know (a paste refused, images left out). */
  onNotice: (message: string) => void;
  handle?: RefObject<BlockEditorHandle | null>;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const [slash, setSlash] = useState<SlashState | null>(null);
  const [active, setActive] = useState(0);
  const [toolbar, setToolbar] = useState<ToolbarState | null>(null);
  const [link, setLink] = useState<LinkDraft | null>(null);
  const [dragHandle, setDragHandle] = useState<{ top: number; pos: number } | null>(null);
  const [inTable, setInTable] = useState(false);
  const menuId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadedUrls = useRef(new Map<string, { url: string; name: string }>());
  const filtered = slash ? matching(slash.items, slash.query) : [];
  const latest = useRef({ onChange, onFault, onUpload, onNotice, files, variables, slash, active, items: filtered });
  latest.current = { onChange, onFault, onUpload, onNotice, files, variables, slash, active, items: filtered };
  // The dismissed slash position: Escape closes the menu until the text around it changes.
  const dismissed = useRef<string | null>(null);

  const upload = async (chosen: File[]) => {
    if (!viewRef.current || chosen.length === 0) return;
    const uploaded = await latest.current.onUpload(chosen).catch(() => [] as UploadedFile[]);
    for (const file of uploaded) uploadedUrls.current.set(file.id, { url: file.url, name: file.name });
    const blocks = uploadedBlocks(uploaded);
    const view = viewRef.current;
    if (blocks.length > 0 && view) view.dispatch(insertBlocks(view.state, blocks, blocks.reduce((size, block) => size + block.nodeSize, 0)));
  };

  /** Puts a prepared paste or drop in: the content as it will be stored, its images uploaded after it, and what was left out said. */
  const insertPasted = (view: EditorView, slice: Slice, at?: number) => {
    const prepared = preparePaste(slice);
    const pasted = prepared.slice;
    if (pasted.content.size > 0) {
      const { $from, empty } = view.state.selection;
      // Blocks pasted on an empty line take its place, as the slash menu's blocks do: an empty line left above them would not be saved.
      const onEmptyLine = at === undefined && empty && $from.parent.type === schema.nodes.paragraph && $from.parent.content.size === 0 && $from.depth >= 1;
      const tr =
        onEmptyLine && pasted.openStart === 0 && pasted.content.firstChild!.isBlock
          ? view.state.tr.replaceRange($from.before(), $from.after(), pasted)
          : at === undefined
            ? view.state.tr.replaceSelection(pasted)
            : view.state.tr.replaceRange(at, at, pasted);
      view.dispatch(tr.scrollIntoView().setMeta("uiEvent", at === undefined ? "paste" : "drop"));
    }
    if (prepared.unavailableImages > 0) {
      const count = prepared.unavailableImages;
      latest.current.onNotice(`${count === 1 ? "An image was" : `${count} images were`} left out: ${count === 1 ? "it is" : "they are"} only on the computer it was copied from. Copy ${count === 1 ? "it" : "them"} on ${count === 1 ? "its" : "their"} own and paste again, or use /image.`);
    }
    void upload(prepared.images);
  };

  const refused = (error: unknown) => latest.current.onNotice(`This could not be pasted: ${error instanceof Error ? error.message : errorMessage(error)}`);

  useEffect(() => {
    const place = mount.current;
    if (!place) return;
    const filesOf: Files = {
      url: (id) => uploadedUrls.current.get(id)?.url ?? latest.current.files.url(id),
      name: (id) => uploadedUrls.current.get(id)?.name ?? latest.current.files.name(id),
    };
    const view = new EditorView(place, {
      state: EditorState.create({ doc: withTrailingParagraph(documentToProseMirror(initial)), plugins: corePlugins() }),
      nodeViews: nodeViews(filesOf),
      attributes: { ...EDITOR_ATTRIBUTES, "aria-label": label },
      scrollMargin: { top: STICKY_TOP, bottom: 24, left: 5, right: 5 },
      scrollThreshold: { top: STICKY_TOP, bottom: 24, left: 0, right: 0 },
      // Before a typed character replaces a selection across blocks, which the editor does itself.
      handleKeyPress: (view) => {
        takeShownSelection(view);
        return false;
      },
      handleKeyDown: (view, event) => {
        // Before this key and the keymap's (Enter, Shift+Enter, Backspace…) act on the editor's selection.
        takeShownSelection(view);
        if (menuKey(event.key)) return true;
        if (event.key.toLowerCase() === "k" && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey) {
          // Inside the text, ⌘/Ctrl+K edits a link; handled here, the palette (which leaves handled keys alone) does not open.
          openLink(view);
          return true;
        }
        return false;
      },
      transformPastedHTML: cleanPastedHtml,
      handlePaste: (view, event, slice) => {
        const data = event.clipboardData;
        if (!data) return false;
        const html = data.getData("text/html");
        const text = data.getData("text/plain");
        const pastedFiles = [...data.files];
        // A spreadsheet also puts a picture of its cells on the clipboard: its HTML, when it holds text, is what was copied.
        if (pastedFiles.length > 0 && !(html && htmlHasText(html))) {
          void upload(pastedFiles);
          return true;
        }
        // In code, text goes in as typed; in a table, prosemirror-tables pastes cells, and the document is kept storable after.
        if (view.state.selection.$from.parent.type.spec.code || isInTable(view.state)) return false;
        try {
          insertPasted(view, !html && text && MARKDOWN_SIGNS.test(text) ? markdownSlice(text) : slice);
        } catch (error) {
          refused(error);
        }
        return true;
      },
      handleDrop: (view, event, slice, moved) => {
        const dropped = [...(event.dataTransfer?.files ?? [])];
        if (moved) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        if (!at) return true;
        if (dropped.length > 0) {
          view.dispatch(view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(at.pos))));
          void upload(dropped);
          return true;
        }
        try {
          insertPasted(view, slice, dropPoint(view.state.doc, at.pos, slice) ?? at.pos);
        } catch (error) {
          refused(error);
        }
        return true;
      },
      dispatchTransaction(tr) {
        let next: EditorState;
        try {
          next = view.state.apply(tr);
        } catch (error) {
          latest.current.onNotice(`That change could not be made: ${error instanceof Error ? error.message : String(error)}`);
          return;
        }
        // The change reaches the draft before the view shows it: a failure to show it does not keep it from being saved.
        if (tr.docChanged) {
          try {
            latest.current.onChange(proseMirrorToDocument(next.doc));
          } catch (error) {
            latest.current.onFault(error, next.doc.textBetween(0, next.doc.content.size, "\n\n", "\n"));
          }
        }
        try {
          view.updateState(next);
        } catch (error) {
          latest.current.onNotice(`The editor could not show a change (${error instanceof Error ? error.message : String(error)}); your text is kept. Reload the page to see it.`);
        }
        follow(view);
      },
    });
    viewRef.current = view;
    if (handle) {
      handle.current = {
        focusStart: () => {
          view.focus();
          view.dispatch(view.state.tr.setSelection(Selection.atStart(view.state.doc)).scrollIntoView());
        },
      };
    }
    return () => {
      view.destroy();
      viewRef.current = null;
      if (handle) handle.current = null;
    };
    // The editor is made once per page; later props reach it through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** The slash menu's keys, from the editor (which keeps the focus) or the menu itself: whether the key was used. */
  function menuKey(key: string): boolean {
    const { slash: open, items: list, active: index } = latest.current;
    if (!open || list.length === 0) return false;
    if (key === "ArrowDown" || key === "ArrowUp") {
      latest.current.active = (index + (key === "ArrowDown" ? 1 : list.length - 1)) % list.length;
      setActive(latest.current.active);
      return true;
    }
    if (key === "Enter" || key === "Tab") {
      list[Math.min(index, list.length - 1)]?.run();
      return true;
    }
    if (key === "Escape") {
      dismissed.current = `${open.from}:${open.query}`;
      showSlash(null);
      viewRef.current?.focus();
      return true;
    }
    return false;
  }

  /**
   * Shows the slash menu (or hides it), and hands it to the menu's keys at once: typing reaches the
   * editor through its DOM observer, outside React's events, so Enter can come before React renders
   * the new query, and would otherwise run the option of the query before it, over stale positions.
   */
  function showSlash(next: SlashState | null) {
    if (next?.query !== latest.current.slash?.query) {
      latest.current.active = 0;
      setActive(0);
    }
    latest.current.slash = next;
    latest.current.items = next ? matching(next.items, next.query) : [];
    setSlash(next);
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
        const items = slashItems(view, from, $from.pos, latest.current.variables, {
          chooseFile: () => fileInput.current?.click(),
          askEmbed: () => {
            const url = window.prompt("Address of the page to embed (https://…)")?.trim();
            return url && /^https?:\/\//.test(url) ? url : null;
          },
        });
        // Below the line, or above it when the window has no room for the menu below.
        const below = window.innerHeight - coords.bottom > MENU_HEIGHT + 8;
        const place = below ? { top: coords.bottom - box.top + 4 } : { bottom: box.bottom - coords.top + 4 };
        showSlash({ from, to: $from.pos, query: match[1]!, left: coords.left - box.left, items, ...place });
      }
    } else {
      dismissed.current = null;
      showSlash(null);
    }
    if (!selection.empty && selection instanceof TextSelection && !$from.parent.type.spec.code) {
      const start = view.coordsAtPos(selection.from);
      const marks = new Set<string>();
      for (const name of ["bold", "italic", "strikethrough", "code", "link"]) if (markActive(state, schema.marks[name]!)) marks.add(name);
      setToolbar({ left: Math.max(0, start.left - box.left), top: start.top - box.top - 44, active: marks, link: linkAt(state, selection.from, selection.to) });
    } else {
      setToolbar(null);
    }
  }

  function markActive(state: EditorState, type: MarkType): boolean {
    const { from, to, empty, $from } = state.selection;
    return empty ? !!type.isInSet(state.storedMarks ?? $from.marks()) : state.doc.rangeHasMark(from, to, type);
  }

  /** The address of a link in the range, if any. */
  function linkAt(state: EditorState, from: number, to: number): string | null {
    let url: string | null = null;
    state.doc.nodesBetween(from, Math.max(to, from + 1), (node) => {
      const found = node.marks.find((mark) => mark.type === schema.marks.link);
      if (found && found.attrs.ref.kind === "url") url = found.attrs.ref.url;
    });
    return url;
  }

  /**
   * Makes the selection the user sees the editor's. A key pressed right after a click, a double-click
   * or End can arrive before the browser's `selectionchange` (input events go first on a busy
   * machine), while the editor still holds the previous selection: a link, a line break or a new
   * paragraph would then land where the cursor was before.
   */
  function takeShownSelection(view: EditorView) {
    const shown = (view.root as Document).getSelection?.();
    if (!(view.state.selection instanceof TextSelection) || !shown?.anchorNode || !shown.focusNode) return;
    if (!view.dom.contains(shown.anchorNode) || !view.dom.contains(shown.focusNode)) return;
    let anchor: number, head: number;
    try {
      anchor = view.posAtDOM(shown.anchorNode, shown.anchorOffset);
      head = view.posAtDOM(shown.focusNode, shown.focusOffset);
    } catch {
      return; // Inside a block drawn by a node view: the editor's own selection stands.
    }
    const { selection, doc } = view.state;
    if (selection.anchor === anchor && selection.head === head) return;
    view.dispatch(view.state.tr.setSelection(TextSelection.between(doc.resolve(anchor), doc.resolve(head))));
  }

  /** Opens the link form for the selection, the link around the cursor, or a new link at the cursor. */
  function openLink(view: EditorView) {
    const { state } = view;
    const box = wrapper.current?.getBoundingClientRect();
    if (!box || state.selection.$from.parent.type.spec.code) return;
    let { from, to } = state.selection;
    let url = from === to ? null : linkAt(state, from, to);
    if (from === to) {
      // The cursor inside a link: the whole link is edited.
      const $pos = state.doc.resolve(from);
      const mark = schema.marks.link!.isInSet([...($pos.nodeBefore?.marks ?? []), ...($pos.nodeAfter?.marks ?? [])]);
      if (mark) {
        const parentStart = $pos.start();
        let start = $pos.index();
        let end = start;
        const parent = $pos.parent;
        if ($pos.nodeBefore && mark.isInSet($pos.nodeBefore.marks)) start--;
        while (start > 0 && mark.isInSet(parent.child(start - 1).marks)) start--;
        while (end < parent.childCount && mark.isInSet(parent.child(end).marks)) end++;
        let offset = parentStart;
        for (let i = 0; i < start; i++) offset += parent.child(i).nodeSize;
        from = offset;
        for (let i = start; i < end; i++) offset += parent.child(i).nodeSize;
        to = offset;
        url = mark.attrs.ref.kind === "url" ? mark.attrs.ref.url : "";
      }
    }
    const coords = view.coordsAtPos(from);
    setLink({ from, to, url: url ?? "", text: from === to ? "" : null, left: Math.max(0, coords.left - box.left), top: coords.bottom - box.top + 6 });
  }

  function applyLink(url: string, text: string | null) {
    const view = viewRef.current;
    if (!view || !link) return;
    const mark = url ? schema.marks.link!.create({ ref: { kind: "url", url } }) : null;
    const tr = view.state.tr;
    if (text !== null) {
      if (mark) {
        const inserted = text.trim() || url;
        tr.insert(link.from, schema.text(inserted, [mark]));
        tr.setSelection(TextSelection.create(tr.doc, link.from + inserted.length));
      }
    } else {
      tr.removeMark(link.from, link.to, schema.marks.link);
      if (mark) tr.addMark(link.from, link.to, mark);
    }
    view.dispatch(tr.removeStoredMark(schema.marks.link!));
    setLink(null);
    view.focus();
  }

  function command(name: "bold" | "italic" | "strikethrough" | "code") {
    const view = viewRef.current;
    if (!view) return;
    toggleMark(schema.marks[name]!)(view.state, view.dispatch);
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
    setDragHandle({ pos, top: dom.getBoundingClientRect().top - box.top });
  }

  function onDragStart(event: React.DragEvent) {
    const view = viewRef.current;
    if (!view || !dragHandle) return;
    const selection = NodeSelection.create(view.state.doc, dragHandle.pos);
    view.dispatch(view.state.tr.setSelection(selection));
    const slice = selection.content();
    const { dom, text } = view.serializeForClipboard(slice);
    event.dataTransfer.clearData();
    event.dataTransfer.setData("text/html", dom.innerHTML);
    event.dataTransfer.setData("text/plain", text);
    event.dataTransfer.effectAllowed = "copyMove";
    const blockDom = view.nodeDOM(dragHandle.pos);
    if (blockDom instanceof HTMLElement) event.dataTransfer.setDragImage(blockDom, 0, 0);
    view.dragging = { slice, move: true };
  }

  function run(command: Command) {
    const view = viewRef.current;
    if (!view) return;
    command(view.state, view.dispatch);
    view.focus();
  }

  // The text's name follows the page's title as it is edited.
  useEffect(() => {
    const view = viewRef.current;
    if (view && view.dom.getAttribute("aria-label") !== label) view.setProps({ attributes: { ...EDITOR_ATTRIBUTES, "aria-label": label } });
  }, [label]);

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
    <div ref={wrapper} className="relative" onMouseMove={onMouseMove} onMouseLeave={() => setDragHandle(null)}>
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
          <span className="ml-2 hidden sm:inline">Type / for blocks; markdown and ⌘K for links work too</span>
        )}
      </div>
      {dragHandle && (
        <button
          type="button"
          data-drag-handle
          draggable
          onDragStart={onDragStart}
          onClick={() => {
            const view = viewRef.current;
            if (view) {
              view.dispatch(view.state.tr.setSelection(NodeSelection.create(view.state.doc, dragHandle.pos)));
              view.focus();
            }
          }}
          aria-label="Move block (drag, or select it and press Alt+Up or Alt+Down)"
          title="Drag to move; Alt+↑/↓ moves the block"
          className="absolute -left-7 z-10 hidden size-6 cursor-grab sm:flex items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700"
          style={{ top: dragHandle.top + 2 }}
        >
          <GripVertical aria-hidden className="size-4" />
        </button>
      )}
      <div ref={mount} />
      {slash && (
        <SlashMenu
          id={menuId}
          items={filtered}
          active={active}
          query={slash.query}
          onKey={menuKey}
          onHover={setActive}
          style={"top" in slash ? { left: slash.left, top: slash.top } : { left: slash.left, bottom: slash.bottom }}
        />
      )}
      {toolbar && !link && (
        <div
          role="toolbar"
          aria-label="Formatting"
          className="absolute z-20 flex items-center gap-0.5 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
          style={{ left: toolbar.left, top: Math.max(0, toolbar.top) }}
          onMouseDown={(event) => event.preventDefault()}
          onKeyDown={(event: ReactKeyboardEvent) => {
            if (event.key === "Escape") viewRef.current?.focus();
          }}
        >
          <MarkButton label="Bold" shortcut="Control+B" pressed={toolbar.active.has("bold")} onClick={() => command("bold")} icon={<Bold aria-hidden className="size-4" />} />
          <MarkButton label="Italic" shortcut="Control+I" pressed={toolbar.active.has("italic")} onClick={() => command("italic")} icon={<Italic aria-hidden className="size-4" />} />
          <MarkButton label="Strikethrough" shortcut="Control+Shift+X" pressed={toolbar.active.has("strikethrough")} onClick={() => command("strikethrough")} icon={<Strikethrough aria-hidden className="size-4" />} />
          <MarkButton label="Code" shortcut="Control+E" pressed={toolbar.active.has("code")} onClick={() => command("code")} icon={<Code aria-hidden className="size-4" />} />
          <MarkButton label="Link" shortcut="Control+K Meta+K" pressed={toolbar.active.has("link")} onClick={() => viewRef.current && openLink(viewRef.current)} icon={<Link2 aria-hidden className="size-4" />} />
        </div>
      )}
      {link && (
        <LinkForm
          key={`${link.from}:${link.to}`}
          draft={link}
          onApply={applyLink}
          onCancel={(backToText) => {
            setLink(null);
            if (backToText) viewRef.current?.focus();
          }}
        />
      )}
      <input
        ref={fileInput}
        type="file"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])];
          event.target.value = "";
          void upload(chosen);
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
