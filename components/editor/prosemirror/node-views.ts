import type { Node } from "prosemirror-model";
import type { EditorView, NodeView, NodeViewConstructor } from "prosemirror-view";

/** Where an uploaded or stored file can be shown from, by file id. */
export type FileUrl = (id: string) => string | undefined;

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
  const dom = element("div", { class: "pm-hint", role: "note" }, element("div", { class: "pm-block-bar", contenteditable: "false" }, select), content);
  const render = (current: Node) => {
    select.value = current.attrs.data?.style ?? "info";
    dom.dataset.hint = select.value;
  };
  render(node);
  return { dom, contentDOM: content, update: (next) => next.type === node.type && (render(next), true), stopEvent: (event) => event.target === select, ignoreMutation: () => true };
};

const tabsItem: NodeViewConstructor = (node, view, getPos) => {
  const title = element("input", { class: "pm-tab-title", "aria-label": "Tab title", placeholder: "Tab title", contenteditable: "false" });
  title.value = node.attrs.data?.title ?? "";
  title.addEventListener("change", () => setData(view, getPos, { title: title.value }));
  const content = element("div");
  const dom = element("section", { class: "pm-tab" }, element("div", { class: "pm-block-bar", contenteditable: "false" }, title), content);
  return {
    dom,
    contentDOM: content,
    update: (next) => next.type === node.type && (document.activeElement === title || (title.value = next.attrs.data?.title ?? ""), true),
    stopEvent: (event) => event.target === title,
    ignoreMutation: (mutation) => title.contains(mutation.target as globalThis.Node) || mutation.type === "attributes",
  };
};

/** An image: shown from its file or url, with its caption editable in place. */
function image(fileUrl: FileUrl): NodeViewConstructor {
  return (node, view, getPos) => {
    const { ref, alt } = node.attrs.data as { ref: { kind: string; file?: string; url?: string }; alt?: string };
    const src = ref.kind === "file" ? fileUrl(ref.file!) : ref.url;
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

function file(fileUrl: FileUrl): NodeViewConstructor {
  return (node) => {
    const id = (node.attrs.data?.ref?.file as string | undefined) ?? "";
    const url = fileUrl(id);
    const dom = element("div", { class: "pm-file", contenteditable: "false" }, "📎 ", url ? element("a", { href: url, target: "_blank", rel: "noreferrer" }, `File ${id}`) : `File ${id}`);
    return { dom, ...control, stopEvent: () => false };
  };
}

export function nodeViews(fileUrl: FileUrl): Record<string, NodeViewConstructor> {
  return { list_item: listItem, code_block: codeBlock, hint, tabs_item: tabsItem, image: image(fileUrl), file: file(fileUrl) };
}
