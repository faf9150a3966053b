import { Fragment, Schema, type MarkSpec, type NodeSpec } from "prosemirror-model";
import { tableNodes } from "prosemirror-tables";
import { urlOfRef } from "@/server/content/format/link-targets";

/**
 * The block editor's schema: the reference's JSON document (`@gitbook/api` `JSONDocument`) as a
 * ProseMirror schema, node for node. Plain ProseMirror, rather than a library wrapping it
 * (Tiptap, Remirror, BlockNote), because it is the maintained core they all build on, and using
 * it directly keeps the edited document a ProseMirror document mapped 1:1 to the stored JSON,
 * with no editor-private format in between: what later real-time co-editing (prosemirror-collab
 * or Yjs's y-prosemirror) synchronizes is then exactly the page's document.
 *
 * Every block node carries the reference's `key`, `data` and (where the reference has one) `meta`
 * verbatim as attributes, so whatever the editor does not edit travels through unchanged.
 * A block the editor has no node for is kept whole in an `opaque_block`.
 */

const blockAttrs = { key: { default: null }, data: { default: {} } };
const withMeta = { ...blockAttrs, meta: { default: null } };

/** `data-*` attributes that make a node's DOM identify it (tests, drag handles). */
const keyed = (key: unknown) => (typeof key === "string" ? { "data-key": key } : {});

const nodes: Record<string, NodeSpec> = {
  doc: { content: "block+" },
  paragraph: {
    group: "block",
    content: "inline*",
    attrs: blockAttrs,
    parseDOM: [{ tag: "p" }],
    toDOM: (node) => ["p", keyed(node.attrs.key), 0],
  },
  heading: {
    group: "block",
    content: "inline*",
    attrs: { ...withMeta, level: { default: 1 } },
    defining: true,
    parseDOM: [1, 2, 3, 4, 5, 6].map((level) => ({ tag: `h${level}`, attrs: { level: Math.min(level, 3) } })),
    toDOM: (node) => [`h${node.attrs.level}`, keyed(node.attrs.key), 0],
  },
  blockquote: {
    group: "block",
    content: "block+",
    attrs: blockAttrs,
    defining: true,
    parseDOM: [{ tag: "blockquote" }],
    toDOM: (node) => ["blockquote", keyed(node.attrs.key), 0],
  },
  hint: {
    group: "block",
    content: "block+",
    attrs: { ...blockAttrs, data: { default: { style: "info" } } },
    defining: true,
    parseDOM: [{ tag: "div[data-hint]", getAttrs: (dom) => ({ data: { style: (dom as HTMLElement).dataset.hint || "info" } }) }],
    toDOM: (node) => ["div", { ...keyed(node.attrs.key), "data-hint": node.attrs.data.style, class: `pm-hint pm-hint-${node.attrs.data.style}` }, 0],
  },
  code_block: {
    group: "block",
    content: "code_line+",
    attrs: blockAttrs,
    defining: true,
    // Pasted code is one text with line breaks: one code line per line, as the page stores it.
    parseDOM: [{ tag: "pre", preserveWhitespace: "full", getAttrs: (dom) => ({ data: languageOf(dom as HTMLElement) }), getContent: (dom, schema) => codeLines((dom as HTMLElement).textContent ?? "", schema) }],
    toDOM: (node) => ["pre", { ...keyed(node.attrs.key), "data-language": node.attrs.data.syntax ?? "" }, ["code", 0]],
  },
  code_line: {
    content: "(text | expression)*",
    marks: "",
    code: true,
    attrs: blockAttrs,
    parseDOM: [{ tag: "div.pm-code-line", preserveWhitespace: "full" }],
    toDOM: (node) => ["div", { ...keyed(node.attrs.key), class: "pm-code-line" }, 0],
  },
  list_unordered: listNode("ul"),
  list_ordered: listNode("ol"),
  list_tasks: listNode("ul", "ul[data-tasks]", { "data-tasks": "" }),
  list_item: {
    content: "block+",
    attrs: blockAttrs,
    defining: true,
    parseDOM: [{ tag: "li", getAttrs: (dom) => ((dom as HTMLElement).dataset.checked !== undefined ? { data: { checked: (dom as HTMLElement).dataset.checked === "true" } } : {}) }],
    toDOM: (node) => ["li", { ...keyed(node.attrs.key), ...(typeof node.attrs.data.checked === "boolean" ? { "data-checked": String(node.attrs.data.checked) } : {}) }, 0],
  },
  divider: {
    group: "block",
    atom: true,
    attrs: blockAttrs,
    parseDOM: [{ tag: "hr" }],
    toDOM: (node) => ["hr", keyed(node.attrs.key)],
  },
  embed: {
    group: "block",
    atom: true,
    attrs: blockAttrs,
    toDOM: (node) => ["div", { ...keyed(node.attrs.key), class: "pm-embed" }, `Embed: ${node.attrs.data.url}`],
  },
  images: {
    group: "block",
    content: "image+",
    attrs: blockAttrs,
    parseDOM: [{ tag: "div.pm-images" }],
    toDOM: (node) => ["div", { ...keyed(node.attrs.key), class: "pm-images" }, 0],
  },
  image: {
    atom: true,
    attrs: { ...blockAttrs, fragments: { default: [] } },
    parseDOM: [{ tag: "img[src]", getAttrs: (dom) => ({ data: imageData(dom as HTMLImageElement) }) }],
    toDOM: (node) => ["img", { ...keyed(node.attrs.key), alt: node.attrs.data.alt ?? "" }],
  },
  file: {
    group: "block",
    atom: true,
    attrs: { ...blockAttrs, fragments: { default: null } },
    toDOM: (node) => ["div", { ...keyed(node.attrs.key), class: "pm-file" }, "File"],
  },
  tabs: {
    group: "block",
    content: "tabs_item+",
    attrs: blockAttrs,
    toDOM: (node) => ["div", { ...keyed(node.attrs.key), class: "pm-tabs" }, 0],
  },
  tabs_item: {
    content: "block+",
    attrs: withMeta,
    defining: true,
    toDOM: (node) => ["section", { ...keyed(node.attrs.key), class: "pm-tab", "data-title": node.attrs.data.title ?? "" }, 0],
  },
  expandable: {
    group: "block",
    content: "expandable_title expandable_body",
    attrs: withMeta,
    toDOM: (node) => ["div", { ...keyed(node.attrs.key), class: "pm-expandable" }, 0],
  },
  expandable_title: fragmentNode("paragraph", "pm-expandable-title"),
  expandable_body: fragmentNode("block+", "pm-expandable-body"),
  opaque_block: {
    group: "block",
    atom: true,
    attrs: { json: {} },
    toDOM: () => ["div", { class: "pm-opaque" }, "A block this editor cannot show"],
  },
  text: { group: "inline" },
  hard_break: {
    inline: true,
    group: "inline",
    selectable: false,
    parseDOM: [{ tag: "br" }],
    toDOM: () => ["br"],
  },
  expression: {
    inline: true,
    group: "inline",
    atom: true,
    attrs: { key: { default: null }, data: { default: { expression: "" } } },
    toDOM: (node) => ["span", { class: "pm-expression", "data-expression": node.attrs.data.expression }, `{{ ${node.attrs.data.expression} }}`],
    parseDOM: [{ tag: "span[data-expression]", getAttrs: (dom) => ({ data: { expression: (dom as HTMLElement).dataset.expression } }) }],
  },
  inline_image: {
    inline: true,
    group: "inline",
    atom: true,
    attrs: { key: { default: null }, data: { default: {} } },
    toDOM: (node) => ["span", { class: "pm-inline-image" }, node.attrs.data.alt || "image"],
  },
  opaque_inline: {
    inline: true,
    group: "inline",
    atom: true,
    attrs: { json: {} },
    toDOM: () => ["span", { class: "pm-opaque" }, "…"],
  },
  ...tableNodes({
    tableGroup: "block",
    cellContent: "block+",
    cellAttributes: {
      column: { default: null },
      fragment: { default: null },
      fragmentKey: { default: null },
      value: { default: null },
    },
  }),
};

// The table carries the reference's `data` (view, records, definition) for what rows and cells do
// not say; a table made in the editor or pasted has none (null) until it is written.
nodes.table = { ...nodes.table!, attrs: { key: { default: null }, data: { default: null } }, toDOM: (node) => ["table", keyed(node.attrs.key), ["tbody", 0]] };
nodes.table_row = { ...nodes.table_row!, attrs: { record: { default: null } } };

function listNode(tag: "ul" | "ol", selector: string = tag, extra: Record<string, string> = {}): NodeSpec {
  return {
    group: "block",
    content: "list_item+",
    attrs: blockAttrs,
    parseDOM: [{ tag: selector, priority: selector === tag ? 50 : 60 }],
    toDOM: (node) => [tag, { ...keyed(node.attrs.key), ...extra, ...(tag === "ol" && node.attrs.data.start ? { start: node.attrs.data.start } : {}) }, 0],
  };
}

function fragmentNode(content: string, className: string): NodeSpec {
  return {
    content,
    attrs: { key: { default: null }, fragment: { default: null }, type: { default: null } },
    defining: true,
    toDOM: () => ["div", { class: className }, 0],
  };
}

function codeLines(text: string, schema: Schema): Fragment {
  const lines = text.replace(/\r\n?/g, "\n").replace(/\n$/, "").split("\n");
  return Fragment.from(lines.map((line) => schema.nodes.code_line!.create(null, line ? schema.text(line) : null)));
}

function languageOf(dom: HTMLElement): Record<string, string> {
  const language = dom.dataset.language || /language-([\w+#-]+)/.exec(dom.querySelector("code")?.className ?? "")?.[1];
  return language ? { syntax: language } : {};
}

function imageData(dom: HTMLImageElement): Record<string, unknown> {
  const alt = dom.getAttribute("alt");
  return { ref: { kind: "url", url: dom.getAttribute("src") ?? "" }, ...(alt ? { alt } : {}) };
}

const simpleMark = (tags: string[]): MarkSpec => ({ parseDOM: tags.map((tag) => ({ tag })), toDOM: () => [tags[0]!, 0] });

/** Leaf marks in the order the server writes them (bold, italic, strikethrough, code), then the rest. */
const marks: Record<string, MarkSpec> = {
  bold: {
    // Google Docs wraps a whole paste in a <b style="font-weight:normal"> and marks bold text by its weight (700).
    parseDOM: [
      { tag: "strong" },
      { tag: "b", getAttrs: (dom) => ((dom as HTMLElement).style.fontWeight !== "normal" ? null : false) },
      { style: "font-weight", getAttrs: (value) => (/^(?:bold|bolder|[6-9]00)$/.test(value as string) ? null : false) },
    ],
    toDOM: () => ["strong", 0],
  },
  italic: { parseDOM: [{ tag: "em" }, { tag: "i" }, { style: "font-style=italic" }], toDOM: () => ["em", 0] },
  strikethrough: {
    parseDOM: [{ tag: "s" }, { tag: "del" }, { tag: "strike" }, { style: "text-decoration", getAttrs: (value) => ((value as string).includes("line-through") ? null : false) }],
    toDOM: () => ["s", 0],
  },
  // Google Docs and Word mark code by its font.
  code: { parseDOM: [{ tag: "code" }, { style: "font-family", getAttrs: (value) => (/courier|consolas|menlo|monaco|monospace/i.test(value as string) ? null : false) }], toDOM: () => ["code", 0], excludes: "_" },
  keyboard: simpleMark(["kbd"]),
  superscript: simpleMark(["sup"]),
  subscript: simpleMark(["sub"]),
  color: { attrs: { data: { default: {} } }, toDOM: () => ["span", { class: "pm-color" }, 0] },
  link: {
    attrs: { ref: {}, key: { default: null } },
    inclusive: false,
    parseDOM: [{ tag: "a[href]", getAttrs: (dom) => ({ ref: { kind: "url", url: (dom as HTMLElement).getAttribute("href") } }) }],
    toDOM: (mark) => ["a", { href: urlOfRef(mark.attrs.ref) ?? "", rel: "noopener noreferrer nofollow" }, 0],
  },
};

export const schema = new Schema({ nodes, marks });
