import type { DocumentBlock, DocumentFragment, DocumentInline, DocumentText, DocumentTextLeaf, DocumentTextMark, JSONDocument } from "@gitbook/api";
import { Fragment, type Mark, type Node } from "prosemirror-model";
import { plainText } from "@/server/content/format/document-text";
import { schema } from "./schema";

/**
 * The reference's JSON document and the editor's ProseMirror document, both ways. Block nodes
 * map one to one (their `key`, `data` and `meta` travel as attributes); texts become ProseMirror
 * text with marks, links a mark, hard line breaks `hard_break`. Only text nodes' own keys are not
 * carried: ProseMirror text has no attributes, and keys identify blocks.
 */

type AnyBlock = { object: "block"; type: string; key?: string; data?: unknown; meta?: unknown; nodes?: unknown[]; fragments?: DocumentFragment[]; isVoid?: boolean };
type InlineNode = DocumentText | DocumentInline;
type Attrs = Record<string, unknown>;

const LISTS: Record<string, string> = { "list-unordered": "list_unordered", "list-ordered": "list_ordered", "list-tasks": "list_tasks" };
const CONTAINERS: Record<string, string> = { blockquote: "blockquote", hint: "hint", "list-item": "list_item", tabs: "tabs", "tabs-item": "tabs_item", images: "images", code: "code_block", ...LISTS };
const TYPE_OF: Record<string, string> = Object.fromEntries(Object.entries(CONTAINERS).map(([type, name]) => [name, type]));
/** Blocks the reference marks void (no `nodes`); `images` says it is not; the others leave it out. */
const VOID = new Set(["divider", "embed", "image", "file", "table", "expandable"]);
const LEAF_MARKS = new Set(["bold", "italic", "strikethrough", "code", "keyboard", "superscript", "subscript", "color"]);

/** An empty page: one empty paragraph, as the server writes it. */
export function emptyDocument(): JSONDocument {
  return { object: "document", data: {}, nodes: [{ object: "block", type: "paragraph", data: {}, nodes: [emptyText()] }] };
}

/** The document without block keys: blocks read from markdown in the browser are new to the server, which matches them to its own. */
export function withoutKeys(document: JSONDocument): JSONDocument {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!value || typeof value !== "object") return value;
    return Object.fromEntries(Object.entries(value).filter(([name]) => name !== "key").map(([name, item]) => [name, strip(item)]));
  };
  return strip(document) as JSONDocument;
}

const emptyText = (): DocumentText => ({ object: "text", leaves: [{ object: "leaf", text: "", marks: [] }] });

export function documentToProseMirror(document: JSONDocument): Node {
  const blocks = (document.nodes as unknown as AnyBlock[]).map(blockToNode);
  return schema.node("doc", null, blocks.length > 0 ? blocks : [schema.node("paragraph")]);
}

export function proseMirrorToDocument(doc: Node): JSONDocument {
  return { object: "document", data: {}, nodes: childBlocks(doc) as JSONDocument["nodes"] };
}

// ---- JSON → ProseMirror

const baseAttrs = (block: AnyBlock): Attrs => ({ key: block.key ?? null, data: block.data ?? null, ...(block.meta !== undefined ? { meta: block.meta } : {}) });

function blockToNode(block: AnyBlock): Node {
  const attrs = baseAttrs(block);
  const children = () => ((block.nodes ?? []) as AnyBlock[]).map(blockToNode);
  switch (block.type) {
    case "paragraph":
      return schema.node("paragraph", attrs, inlineToNodes(block.nodes as InlineNode[]));
    case "heading-1":
    case "heading-2":
    case "heading-3":
      return schema.node("heading", { ...attrs, level: Number(block.type.slice(-1)) }, inlineToNodes(block.nodes as InlineNode[]));
    case "code-line":
      return schema.node("code_line", attrs, inlineToNodes(block.nodes as InlineNode[]));
    case "divider":
    case "embed":
      return schema.node(block.type, attrs);
    case "file":
      return schema.node("file", { ...attrs, fragments: block.fragments ?? null });
    case "image":
      // An image outside an images block has no place in the schema; kept whole.
      return schema.node("opaque_block", { json: block });
    case "table":
      return tableToNode(block);
    case "expandable":
      return expandableToNode(block);
    default: {
      const name = CONTAINERS[block.type];
      if (!name) return schema.node("opaque_block", { json: block });
      if (name === "images") {
        const images = ((block.nodes ?? []) as AnyBlock[]).map((image) => schema.node("image", { ...baseAttrs(image), fragments: image.fragments ?? [] }));
        return schema.node("images", attrs, images);
      }
      // An empty container gets the least content the schema allows (an empty paragraph, list item or line).
      return schema.nodes[name]!.createAndFill(attrs, children())!;
    }
  }
}

function marksOf(leaf: DocumentTextLeaf): Mark[] {
  return leaf.marks
    .filter((mark) => LEAF_MARKS.has(mark.type))
    .map((mark) => schema.mark(mark.type, "data" in mark ? { data: mark.data } : null));
}

function inlineToNodes(nodes: readonly InlineNode[] = [], outer: readonly Mark[] = []): Node[] {
  const out: Node[] = [];
  for (const node of nodes) {
    if (node.object === "text") {
      for (const leaf of node.leaves) {
        const marks = [...outer, ...marksOf(leaf)];
        leaf.text.split("\n").forEach((line, i) => {
          if (i > 0) out.push(schema.node("hard_break", undefined, undefined, marks));
          if (line !== "") out.push(schema.text(line, marks));
        });
      }
      continue;
    }
    const key = "key" in node && node.key !== undefined ? node.key : null;
    switch (node.type) {
      case "link":
        out.push(...inlineToNodes(node.nodes, [...outer, schema.mark("link", { ref: node.data.ref, key })]));
        break;
      case "expression":
        out.push(schema.node("expression", { key, data: node.data }, undefined, outer));
        break;
      case "inline-image":
        out.push(schema.node("inline_image", { key, data: node.data }, undefined, outer));
        break;
      default:
        out.push(schema.node("opaque_inline", { json: node }, undefined, outer));
    }
  }
  return out;
}

function tableToNode(block: AnyBlock): Node {
  const data = block.data as { view: { columns: string[] }; records: Record<string, { orderIndex: string; values: Record<string, unknown> }>; definition: Record<string, { title?: string }> };
  const columns = data.view.columns.filter((id) => data.definition[id] !== undefined);
  const fragments = new Map((block.fragments ?? []).map((fragment) => [fragment.fragment, fragment]));
  const textParagraph = (text: string) => schema.node("paragraph", { key: null, data: {} }, text ? [schema.text(text)] : []);
  const header = schema.node(
    "table_row",
    null,
    columns.map((column) => schema.node("table_header", { column }, [textParagraph(data.definition[column]?.title ?? "")])),
  );
  const records = Object.entries(data.records).sort(([, a], [, b]) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0));
  const rows = records.map(([id, record]) =>
    schema.node(
      "table_row",
      { record: id },
      columns.map((column) => {
        const value = record.values[column];
        const fragment = typeof value === "string" ? fragments.get(value) : undefined;
        if (fragment) {
          const content = (fragment.nodes as unknown as AnyBlock[]).map(blockToNode);
          return schema.node("table_cell", { column, fragment: value, fragmentKey: fragment.key ?? null }, content.length > 0 ? content : [textParagraph("")]);
        }
        return schema.node("table_cell", { column, value: value ?? null }, [textParagraph(value === undefined || value === null ? "" : String(value))]);
      }),
    ),
  );
  return schema.node("table", baseAttrs(block), [header, ...rows]);
}

function expandableToNode(block: AnyBlock): Node {
  const fragment = (name: string) => block.fragments?.find((each) => each.fragment === name);
  const title = fragment("expandable-title");
  const body = fragment("expandable-body");
  const fragmentAttrs = (found: DocumentFragment | undefined, name: string) => ({ key: found?.key ?? null, fragment: found?.fragment ?? name, type: found?.type ?? name });
  const titleBlocks = ((title?.nodes ?? []) as unknown as AnyBlock[]).map(blockToNode).filter((node) => node.type.name === "paragraph");
  const bodyBlocks = ((body?.nodes ?? []) as unknown as AnyBlock[]).map(blockToNode);
  return schema.node("expandable", baseAttrs(block), [
    schema.node("expandable_title", fragmentAttrs(title, "expandable-title"), [titleBlocks[0] ?? schema.node("paragraph")]),
    schema.node("expandable_body", fragmentAttrs(body, "expandable-body"), bodyBlocks.length > 0 ? bodyBlocks : [schema.node("paragraph")]),
  ]);
}

// ---- ProseMirror → JSON

/** A block's plain text as the page's markdown writes it where only text fits (a table cell). */
export function blockText(node: Node): string {
  return plainText([nodeToBlock(node)]);
}

function childBlocks(node: Node): AnyBlock[] {
  const out: AnyBlock[] = [];
  node.forEach((child) => out.push(nodeToBlock(child)));
  return out;
}

function base(node: Node, type: string): AnyBlock {
  const { key, data, meta } = node.attrs as { key: string | null; data: unknown; meta?: unknown };
  return {
    object: "block",
    type,
    ...(key ? { key } : {}),
    ...(VOID.has(type) ? { isVoid: true } : type === "images" ? { isVoid: false } : {}),
    ...(data !== null && data !== undefined ? { data } : {}),
    ...(meta !== null && meta !== undefined ? { meta } : {}),
  };
}

function nodeToBlock(node: Node): AnyBlock {
  switch (node.type.name) {
    case "paragraph":
    case "code_line":
      return { ...base(node, node.type.name === "paragraph" ? "paragraph" : "code-line"), nodes: inlineToDocument(node.content) };
    case "heading":
      return { ...base(node, `heading-${node.attrs.level}`), nodes: inlineToDocument(node.content) };
    case "divider":
    case "embed":
      return base(node, node.type.name);
    case "file":
      return { ...base(node, "file"), ...(node.attrs.fragments ? { fragments: node.attrs.fragments } : {}) };
    case "image":
      return { ...base(node, "image"), fragments: node.attrs.fragments ?? [] };
    case "table":
      return tableToBlock(node);
    case "expandable":
      return expandableToBlock(node);
    case "opaque_block":
      return node.attrs.json as AnyBlock;
    default: {
      const type = TYPE_OF[node.type.name];
      if (!type) throw new Error(`No block type for the editor's ${node.type.name}.`);
      return { ...base(node, type), nodes: childBlocks(node) };
    }
  }
}

function leafMarks(marks: readonly Mark[]): DocumentTextMark[] {
  return marks
    .filter((mark) => mark.type.name !== "link")
    .map((mark) => (mark.type.name === "color" ? { object: "mark", type: "color", data: mark.attrs.data } : { object: "mark", type: mark.type.name }) as DocumentTextMark);
}

const sameMarks = (a: DocumentTextMark[], b: DocumentTextMark[]) => JSON.stringify(a) === JSON.stringify(b);

function inlineToDocument(content: Fragment): InlineNode[] {
  const out: InlineNode[] = [];
  let link: { mark: Mark; inline: DocumentInline & { type: "link" } } | null = null;
  const pushLeaf = (target: InlineNode[], text: string, marks: DocumentTextMark[]) => {
    const last = target.at(-1);
    if (last?.object === "text") {
      const lastLeaf = last.leaves.at(-1);
      if (lastLeaf && sameMarks(lastLeaf.marks, marks)) lastLeaf.text += text;
      else last.leaves.push({ object: "leaf", text, marks });
    } else {
      target.push({ object: "text", leaves: [{ object: "leaf", text, marks }] });
    }
  };
  content.forEach((child) => {
    const linkMark = child.marks.find((mark) => mark.type.name === "link");
    if (link && (!linkMark || !linkMark.eq(link.mark))) link = null;
    if (linkMark && !link) {
      const { ref, key } = linkMark.attrs as { ref: never; key: string | null };
      const inline = { object: "inline", type: "link", ...(key ? { key } : {}), data: { ref }, nodes: [] } as unknown as DocumentInline & { type: "link" };
      out.push(inline);
      link = { mark: linkMark, inline };
    }
    const target = (link ? link.inline.nodes : out) as InlineNode[];
    const marks = leafMarks(child.marks);
    if (child.isText) return pushLeaf(target, child.text!, marks);
    switch (child.type.name) {
      case "hard_break":
        return pushLeaf(target, "\n", marks);
      case "expression":
      case "inline_image": {
        const { key, data } = child.attrs as { key: string | null; data: unknown };
        target.push({ object: "inline", type: child.type.name === "expression" ? "expression" : "inline-image", ...(key ? { key } : {}), isVoid: true, data } as DocumentInline);
        return;
      }
      case "opaque_inline":
        target.push(child.attrs.json as DocumentInline);
    }
  });
  return out.length > 0 ? out : [emptyText()];
}

type TableData = {
  view: { type: string; columns: string[]; hideHeader?: boolean };
  records: Record<string, { orderIndex: string; values: Record<string, unknown> }>;
  definition: Record<string, { id: string; type: string; title: string; textAlignment?: string }>;
};

/** A name not in `taken`, made of `prefix` and a counter; the name is then taken. */
function freshId(prefix: string, taken: Set<string>): string {
  let n = taken.size;
  while (taken.has(`${prefix}${n}`)) n++;
  taken.add(`${prefix}${n}`);
  return `${prefix}${n}`;
}

/** A table's `data` as the reference has it, whatever the node holds (none for a table made or pasted in the editor). */
function tableDataOf(value: unknown): TableData {
  const data = (value && typeof value === "object" ? value : {}) as Partial<TableData>;
  const view = data.view && typeof data.view === "object" ? data.view : { type: "grid", columns: [] };
  return { ...data, view: { ...view, columns: Array.isArray(view.columns) ? view.columns : [] }, records: data.records ?? {}, definition: data.definition ?? {} };
}

function tableToBlock(node: Node): AnyBlock {
  const original = tableDataOf(node.attrs.data);
  const rows: Node[] = [];
  node.forEach((row) => rows.push(row));
  const hasHeader = rows[0]?.firstChild?.type.name === "table_header";
  const header = hasHeader ? rows[0]! : undefined;
  const body = hasHeader ? rows.slice(1) : rows;
  const width = Math.max(0, ...rows.map((row) => row.childCount));
  const takenColumns = new Set<string>(Object.keys(original.definition));
  const columns = Array.from({ length: width }, (_, i) => (header?.maybeChild(i)?.attrs.column as string | null) ?? freshId("c", takenColumns));
  const definition: TableData["definition"] = {};
  columns.forEach((column, i) => {
    const title = header?.maybeChild(i)?.textContent ?? "";
    const known = original.definition[column];
    definition[column] = known ? { ...known, title } : { id: column, type: "text", title, textAlignment: "left" };
  });
  const takenRecords = new Set(Object.keys(original.records));
  const takenFragments = new Set<string>();
  node.descendants((cell) => {
    if (typeof cell.attrs.fragment === "string") takenFragments.add(cell.attrs.fragment);
    return cell.type.name === "table" || cell.type.name === "table_row";
  });
  const fragments: DocumentFragment[] = [];
  const ids = body.map((row) => (row.attrs.record as string | null) ?? freshId("r", takenRecords));
  const kept = ids.map((id) => original.records[id]?.orderIndex);
  const ordered = kept.every((index, i) => index !== undefined && (i === 0 || kept[i - 1]! < index));
  const records: TableData["records"] = {};
  body.forEach((row, r) => {
    const id = ids[r]!;
    const values: Record<string, unknown> = {};
    columns.forEach((column, c) => {
      const cell = row.maybeChild(c);
      if (!cell) return;
      const { value, fragment, fragmentKey } = cell.attrs as { value: unknown; fragment: string | null; fragmentKey: string | null };
      if (fragment === null && value !== null && cell.textContent === String(value)) {
        values[column] = value;
        return;
      }
      const name = fragment ?? freshId(`${id}-${column}-`, takenFragments);
      values[column] = name;
      fragments.push({ object: "fragment", ...(fragmentKey ? { key: fragmentKey } : {}), fragment: name, nodes: childBlocks(cell) as DocumentBlock[] });
    });
    // Fixed-width indexes keep records in row order when sorted as strings, as the server writes them.
    records[id] = { ...original.records[id], orderIndex: ordered ? kept[r]! : `a${String(r).padStart(6, "0")}`, values };
  });
  // A header is hidden when no column has a title, as markdown writes it: a title typed into a hidden header shows it.
  const hideHeader = columns.length > 0 && Object.values(definition).every((column) => column.title.trim() === "");
  const data = { ...original, view: { ...original.view, columns, hideHeader }, records, definition };
  return { ...base(node, "table"), data, fragments } as AnyBlock;
}

function expandableToBlock(node: Node): AnyBlock {
  const fragments: DocumentFragment[] = [];
  node.forEach((part) => {
    const { key, fragment, type } = part.attrs as { key: string | null; fragment: string; type: string };
    fragments.push({ object: "fragment", ...(key ? { key } : {}), fragment, type, nodes: childBlocks(part) as DocumentBlock[] });
  });
  return { ...base(node, "expandable"), fragments };
}
