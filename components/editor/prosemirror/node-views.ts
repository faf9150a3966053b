import type { Node } from "prosemirror-model";
import type { EditorView, NodeView, NodeViewConstructor } from "prosemirror-view";
import { tabsItemView, tabsView } from "./tabs";

/** What the editor knows of the change request's files, by id: where each can be shown from, and its name. */
export type Files = { url: (id: string) => string | undefined; name: (id: string) => string | undefined };

const HINT_STYLES = ["info", "success", "warning", "danger"] as const;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<Record<string, string>> = {}, ...children: (string | HTMLElement)[]): HTMLElementTagNameMap[K] {
  const dom = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) dom.setAttribute(name, value);
  dom.append(...children);
  return dom;
}

/** Sets one `data` field of the node at `getPos`, as one undoable step. */
function setData(view: EditorView, getPos: () => number | undefined, patch: Record<string, unknown>) {
  const pos = getPos();
  if (pos === undefined) return;
  const node = view.state.doc.nodeAt(pos);
  if (!node) return;
  view.dispatch(view.state.tr.setNodeMarkup(pos, undefined, { ...node.attrs, data: { ...node.attrs.data, ...patch } }));
}

/** A form control inside the document: ProseMirror leaves its events alone. */
const control = { stopEvent: () => true, ignoreMutation: () => true };

/** Task items carry a labelled checkbox; other list items are plain. */
const listItem: NodeViewConstructor = (node, view, getPos) => {
  const dom = element("li");
  const content = element("div", { class: "pm-li-content" });
  let checkbox: HTMLInputElement | null = null;
  const render = (current: Node) => {
    const checked = current.attrs.data?.checked;
    if (typeof checked === "boolean") {
      if (!checkbox) {
        checkbox = element("input", { type: "checkbox", "aria-label": "Done", contenteditable: "false" });
        checkbox.addEventListener("change", () => setData(view, getPos, { checked: checkbox!.checked }));
        dom.prepend(checkbox);
        dom.classList.add("pm-task");
      }
      checkbox.checked = checked;
      checkbox.setAttribute("aria-label", `Done: ${current.textContent.slice(0, 80) || "empty task"}`);
    } else if (checkbox) {
      checkbox.remove();
      checkbox = null;
      dom.classList.remove("pm-task");
    }
    if (current.attrs.key) dom.dataset.key = current.attrs.key;
  };
  dom.append(content);
  render(node);
  return {
    dom,
    contentDOM: content,
    update: (next) => next.type === node.type && (render(next), true),
    stopEvent: (event) => event.target === checkbox,
    ignoreMutation: (mutation) => mutation.target === checkbox || mutation.type === "attributes",
  } satisfies NodeView;
};

const codeBlock: NodeViewConstructor = (node, view, getPos) => {
  const language = element("input", { class: "pm-code-language", "aria-label": "Code language", placeholder: "Language", spellcheck: "false", contenteditable: "false" });
  language.value = node.attrs.data?.syntax ?? "";
  language.addEventListener("change", () => setData(view, getPos, { syntax: language.value.trim() || undefined }));
  const code = element("code");
  const dom = element("div", { class: "pm-code" }, element("div", { class: "pm-code-bar", contenteditable: "false" }, language), element("pre", {}, code));
  return {
    dom,
    contentDOM: code,
    update: (next) => {
      if (next.type !== node.type) return false;
      if (document.activeElement !== language) language.value = next.attrs.data?.syntax ?? "";
      return true;
    },
    stopEvent: (event) => event.target === language,
    ignoreMutation: (mutation) => language.contains(mutation.target as globalThis.Node) || mutation.type === "attributes",
  };
};

const hint: NodeViewConstructor = (node, view, getPos) => {
  const select = element("select", { "aria-label": "Hint style", class: "pm-hint-style", contenteditable: "false" });
  for (const style of HINT_STYLES) select.append(element("option", { value: style }, style[0]!.toUpperCase() + style.slice(1)));
  select.addEventListener("change", () => setData(view, getPos, { style: select.value }));
  const content = element("div", { class: "pm-hint-body" });
  const bar = element("div", { class: "pm-block-bar", contenteditable: "false" }, select);
  const dom = element("div", { class: "pm-hint", role: "note" }, bar, content);
  const render = (current: Node) => {
    select.value = current.attrs.data?.style ?? "info";
    dom.dataset.hint = select.value;
  };
  render(node);
  return {
    dom,
    contentDOM: content,
    update: (next) => next.type === node.type && (render(next), true),
    stopEvent: (event) => event.target === select,
    // The style menu and the view's own attribute are not content; the text's changes and a click in it (the selection) are.
    ignoreMutation: (mutation) => (mutation.type === "attributes" ? mutation.target === dom : bar.contains(mutation.target as globalThis.Node)),
  };
};

/** An image: shown from its file or url, with its caption editable in place. */
function image(files: Files): NodeViewConstructor {
  return (node, view, getPos) => {
    // Whatever an image node holds (one made by the schema's defaults has no `ref`), its view shows.
    const { ref, alt } = (node.attrs.data ?? {}) as { ref?: { kind?: string; file?: string; url?: string }; alt?: string };
    const src = ref?.kind === "file" && ref.file ? files.url(ref.file) : ref?.kind === "url" ? ref.url : undefined;
    const img = element("img", { src: src ?? "", alt: alt ?? "" });
    const caption = element("input", { class: "pm-caption", "aria-label": "Image caption", placeholder: "Caption" });
    caption.value = captionOf(node);
    caption.addEventListener("change", () => {
      const pos = getPos();
      const current = pos === undefined ? null : view.state.doc.nodeAt(pos);
      if (pos === undefined || !current) return;
      view.dispatch(view.state.tr.setNodeMarkup(pos, undefined, { ...current.attrs, fragments: withCaption(current.attrs.fragments, caption.value) }));
    });
    const dom = element("figure", { class: "pm-image", ...(node.attrs.key ? { "data-key": node.attrs.key } : {}) }, img, caption);
    return { dom, ...control, stopEvent: (event) => event.target === caption, update: (next) => next.type === node.type && next.attrs.data === node.attrs.data };
  };
}

type CaptionFragment = { object: "fragment"; key?: string; fragment: string; nodes: { object: "block"; type: "paragraph"; key?: string; data: object; nodes: unknown[] }[] };

function captionOf(node: Node): string {
  const fragments = (node.attrs.fragments ?? []) as CaptionFragment[];
  return fragments
    .flatMap((fragment) => fragment.nodes)
    .flatMap((paragraph) => paragraph.nodes as { object: string; leaves?: { text: string }[] }[])
    .flatMap((text) => text.leaves ?? [])
    .map((leaf) => leaf.text)
    .join("");
}

/** The caption as one plain paragraph, keeping the fragment's and the paragraph's keys. */
function withCaption(fragments: CaptionFragment[] | null, text: string): CaptionFragment[] {
  const previous = fragments?.find((fragment) => fragment.fragment === "caption");
  if (!text.trim()) return [];
  const paragraph = previous?.nodes[0];
  return [
    {
      object: "fragment",
      ...(previous?.key ? { key: previous.key } : {}),
      fragment: "caption",
      nodes: [{ object: "block", type: "paragraph", ...(paragraph?.key ? { key: paragraph.key } : {}), data: {}, nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }] }],
    },
  ];
}

/** Lucide's paperclip, drawn here: node views are plain DOM, and an emoji depends on the system's fonts. */
function paperclip(): HTMLElement {
  const icon = element("span", { class: "pm-file-icon", "aria-hidden": "true" });
  icon.innerHTML =
    '<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="m16 6-8.414 8.586a2 2 0 0 0 2.829 2.829l8.414-8.586a4 4 0 1 0-5.657-5.657l-8.379 8.551a6 6 0 1 0 8.485 8.485l8.379-8.551"/></svg>';
  return icon;
}

/** A file block: the file's name, linked to the file. */
function file(files: Files): NodeViewConstructor {
  return (node) => {
    const id = (node.attrs.data?.ref?.file as string | undefined) ?? "";
    const url = files.url(id);
    const name = files.name(id) ?? "A file of this change request";
    const dom = element("div", { class: "pm-file", contenteditable: "false" }, paperclip(), url ? element("a", { href: url, target: "_blank", rel: "noreferrer" }, name) : name);
    return { dom, ...control, stopEvent: () => false };
  };
}

export function nodeViews(files: Files): Record<string, NodeViewConstructor> {
  return { list_item: listItem, code_block: codeBlock, hint, tabs: tabsView, tabs_item: tabsItemView, image: image(files), file: file(files) };
}
