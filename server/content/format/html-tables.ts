import type {
  ContentRef,
  DocumentBlock,
  DocumentBlockListItem,
  DocumentBlockTable,
  DocumentFragment,
  DocumentTableDefinition,
  DocumentTableRecord,
  DocumentTableViewCards,
  DocumentTableViewGrid,
  VerticalAlignment,
} from "@gitbook/api";
import type { Element, ElementContent, Properties } from "hast";
import { toHtml } from "hast-util-to-html";
import { fitIntoListItem, paragraph } from "./document-containers";
import { plainText } from "./document-text";
import { htmlTokens, type HtmlToken } from "./html-fragment";
import { inlineHtml } from "./html-inline";
import { emptyText, htmlPhrasing, inlineNodes, type InlineContext, type InlineNode } from "./inline-to-document";
import { imageRef, linkRef, urlOfRef } from "./link-targets";

/**
 * GitBook writes a table as HTML when markdown's cannot hold it: cards
 * (`<table data-view="cards">`, the card's target, cover and dark cover in hidden columns),
 * column widths and alignment, columns of links, images, files or checkboxes, cells holding
 * headings. Read by tokens (html-fragment.ts) in one pass; written back as GitBook writes it.
 */

type Open = Extract<HtmlToken, { kind: "open" }>;
type Cell = { tokens: HtmlToken[]; attributes: Map<string, string> };

/** Rows of cells between `<table>` and `</table>` (the header row first), or undefined when `html` is no table. */
function parseTable(html: string): { table: Open; header: Cell[]; rows: Cell[][] } | undefined {
  const tokens = htmlTokens(html.trim());
  const table = tokens[0];
  const last = tokens.at(-1);
  if (table?.kind !== "open" || table.name !== "table" || last?.kind !== "close" || last.name !== "table") return undefined;
  const rows: { cells: Cell[]; head: boolean }[] = [];
  let head = false;
  let row: Cell[] | undefined;
  let cell: Cell | undefined;
  for (let i = 1; i < tokens.length - 1; i++) {
    const token = tokens[i]!;
    if (cell) {
      if (token.kind === "close" && (token.name === "td" || token.name === "th")) {
        row!.push(cell);
        cell = undefined;
      } else {
        cell.tokens.push(token);
      }
      continue;
    }
    if (token.kind === "text") {
      if (token.text.trim() !== "") return undefined;
      continue;
    }
    if (token.name === "thead") head = token.kind === "open";
    else if (token.name === "tbody") continue;
    else if (token.name === "tr") {
      if (token.kind === "open") row = [];
      else if (row) {
        rows.push({ cells: row, head });
        row = undefined;
      }
    } else if (token.kind === "open" && (token.name === "td" || token.name === "th") && row) {
      cell = { tokens: [], attributes: token.attributes };
    } else return undefined;
  }
  const headerRow = rows.find((each) => each.head) ?? rows[0];
  if (!headerRow) return undefined;
  return { table, header: headerRow.cells, rows: rows.filter((each) => each !== headerRow).map((each) => each.cells) };
}

const orderIndex = (row: number) => `a${String(row).padStart(6, "0")}`;

/** A table block from GitBook's HTML table; undefined when the HTML is something else. */
export function htmlTable(html: string, context: InlineContext): DocumentBlockTable | undefined {
  const parsed = parseTable(html);
  if (!parsed) return undefined;
  const { table, header } = parsed;
  const columns = header.map((_, i) => `c${i}`);
  const definition: Record<string, DocumentTableDefinition> = {};
  const columnWidths: Record<string, number> = {};
  let target: string | undefined;
  let cover: string | undefined;
  let coverDark: string | undefined;
  header.forEach((cell, i) => {
    const id = columns[i]!;
    const title = plainText(inlineNodes(htmlPhrasing(cell.tokens), context)).replaceAll("\n", " ");
    const type = cell.attributes.get("data-type") ?? "text";
    definition[id] = columnDefinition(id, title, type, cell.attributes);
    const width = Number(cell.attributes.get("width"));
    if (cell.attributes.has("width") && Number.isFinite(width)) columnWidths[id] = width;
    if (cell.attributes.has("data-card-target")) target = id;
    if (cell.attributes.has("data-card-cover")) cover = id;
    if (cell.attributes.has("data-card-cover-dark")) coverDark = id;
  });
  const visible = columns.filter((_, i) => !header[i]!.attributes.has("data-hidden"));
  const records: Record<string, DocumentTableRecord> = {};
  const fragments: DocumentFragment[] = [];
  parsed.rows.forEach((row, r) => {
    const values: DocumentTableRecord["values"] = {};
    columns.forEach((column, c) => {
      const cell = row[c] ?? { tokens: [], attributes: new Map() };
      const value = cellValue(definition[column]!, cell, `r${r}-${column}`, fragments, context);
      if (value !== undefined) values[column] = value;
    });
    records[`r${r}`] = { orderIndex: orderIndex(r), values };
  });
  const cards = table.attributes.get("data-view") === "cards";
  const view: DocumentTableViewGrid | DocumentTableViewCards = cards
    ? {
        type: "cards",
        cardSize: table.attributes.get("data-card-size") === "large" ? "large" : "medium",
        columns: visible,
        ...(target ? { targetDefinition: target } : {}),
        ...(cover ? { coverDefinition: cover } : {}),
        ...(coverDark ? { coverDefinitionDark: coverDark } : {}),
        ...(table.attributes.has("data-column-title-hidden") ? { hideColumnTitle: true } : {}),
        ...(table.attributes.get("data-card-wrap") === "false" ? { wrap: false } : {}),
      }
    : {
        type: "grid",
        columns: visible,
        hideHeader: table.attributes.has("data-header-hidden"),
        ...(Object.keys(columnWidths).length > 0 ? { columnWidths } : {}),
      };
  const data: DocumentBlockTable["data"] = { view, records, definition };
  if (table.attributes.has("data-full-width")) data.fullWidth = table.attributes.get("data-full-width") === "true";
  if (table.attributes.has("data-search")) data.search = table.attributes.get("data-search") !== "false";
  return { object: "block", type: "table", isVoid: true, data, fragments };
}

function columnDefinition(id: string, title: string, type: string, attributes: Map<string, string>): DocumentTableDefinition {
  switch (type) {
    case "content-ref":
    case "image":
    case "files":
    case "checkbox":
    case "number":
      return { id, title, type } as DocumentTableDefinition;
    default: {
      const align = attributes.get("align");
      const valign = attributes.get("valign");
      return {
        id,
        title,
        type: "text",
        textAlignment: align === "center" || align === "right" ? align : "left",
        ...(valign === "top" || valign === "middle" || valign === "bottom" ? { verticalAlignment: valign as VerticalAlignment } : {}),
      };
    }
  }
}

/** A cell's record value: a link's target, an image, files, a checkbox, a number, or (text) a fragment of its blocks. */
function cellValue(column: DocumentTableDefinition, cell: Cell, fragment: string, fragments: DocumentFragment[], context: InlineContext): DocumentTableRecord["values"][string] | undefined {
  const href = cell.tokens.find((token): token is Open => token.kind === "open" && token.name === "a")?.attributes.get("href");
  const text = cell.tokens.flatMap((token) => (token.kind === "text" ? [token.text] : [])).join("").trim();
  switch (column.type) {
    case "content-ref":
      return href === undefined ? undefined : linkRef(href, context.resolvePath);
    case "image": {
      if (href === undefined) return undefined;
      const resolved = context.resolvePath?.(href, undefined);
      return resolved?.kind === "file" ? resolved : imageRef(href);
    }
    case "files": {
      if (href === undefined) return [];
      const ref = imageRef(href);
      const resolved = ref.kind === "file" ? ref : context.resolvePath?.(href, undefined);
      return resolved?.kind === "file" ? [resolved.file] : [];
    }
    case "checkbox":
      return text === "true";
    case "number":
      return text === "" || !Number.isFinite(Number(text)) ? undefined : Number(text);
    default:
      fragments.push({ object: "fragment", fragment, nodes: cellBlocks(cell.tokens, context) });
      return fragment;
  }
}

const HEADINGS: Record<string, "heading-1" | "heading-2" | "heading-3"> = { h1: "heading-1", h2: "heading-1", h3: "heading-2", h4: "heading-3", h5: "heading-3", h6: "heading-3" };
const CELL_BLOCKS = new Set([...Object.keys(HEADINGS), "p", "ul", "ol"]);

/** Opening tags paired with their closing tags, by index (a stack per name: one pass). */
function pairHtml(tokens: readonly HtmlToken[]): Map<number, number> {
  const pairs = new Map<number, number>();
  const open = new Map<string, number[]>();
  tokens.forEach((token, index) => {
    if (token.kind === "text" || !CELL_BLOCKS.has(token.name) && token.name !== "li") return;
    const stack = open.get(token.name) ?? [];
    open.set(token.name, stack);
    if (token.kind === "open") stack.push(index);
    else if (stack.length > 0) pairs.set(stack.pop()!, index);
  });
  return pairs;
}

/**
 * A text cell's blocks: headings (GitBook writes a heading-1 as `<h2>`, as its pages do),
 * paragraphs (`<p>`, or inline content between other blocks) and lists.
 */
function cellBlocks(tokens: HtmlToken[], context: InlineContext): DocumentBlock[] {
  return blocksOf(tokens, 0, tokens.length, pairHtml(tokens), context);
}

function blocksOf(tokens: HtmlToken[], from: number, to: number, pairs: Map<number, number>, context: InlineContext): DocumentBlock[] {
  const blocks: DocumentBlock[] = [];
  let run: HtmlToken[] = [];
  const inline = (slice: HtmlToken[]) => inlineNodes(htmlPhrasing(slice), context) as InlineNode[];
  const flush = () => {
    if (run.some((token) => token.kind !== "text" || token.text.trim() !== "")) blocks.push(paragraph(inline(run)));
    run = [];
  };
  for (let i = from; i < to; i++) {
    const token = tokens[i]!;
    const close = token.kind === "open" ? pairs.get(i) : undefined;
    if (token.kind !== "open" || close === undefined || close >= to || !CELL_BLOCKS.has(token.name)) {
      run.push(token);
      continue;
    }
    flush();
    if (token.name === "p") blocks.push(paragraph(inline(tokens.slice(i + 1, close))));
    else if (HEADINGS[token.name]) blocks.push({ object: "block", type: HEADINGS[token.name]!, data: {}, nodes: inline(tokens.slice(i + 1, close)) });
    else blocks.push(listOf(token.name === "ol", tokens, i + 1, close, pairs, context));
    i = close;
  }
  flush();
  return blocks.length > 0 ? blocks : [paragraph(inline([]))];
}

function listOf(ordered: boolean, tokens: HtmlToken[], from: number, to: number, pairs: Map<number, number>, context: InlineContext): DocumentBlock {
  const items: DocumentBlockListItem[] = [];
  for (let i = from; i < to; i++) {
    const token = tokens[i]!;
    const close = token.kind === "open" && token.name === "li" ? pairs.get(i) : undefined;
    if (close === undefined || close >= to) continue;
    items.push({ object: "block", type: "list-item", data: {}, nodes: cellItemBlocks(blocksOf(tokens, i + 1, close, pairs, context)) });
    i = close;
  }
  return ordered ? { object: "block", type: "list-ordered", data: {}, nodes: items } : { object: "block", type: "list-unordered", data: {}, nodes: items };
}

/** A cell's list item holds paragraphs, headings and lists only, all of which a list item can hold. */
function cellItemBlocks(blocks: DocumentBlock[]): DocumentBlockListItem["nodes"] {
  const { kept } = fitIntoListItem(blocks);
  return (kept.length > 0 ? kept : [paragraph([emptyText()])]) as DocumentBlockListItem["nodes"];
}

// ---- Writing

/** Whether markdown's table can hold a table block: a grid of text columns, nothing GitBook writes as HTML. */
export function isMarkdownTable(block: DocumentBlockTable): boolean {
  const { view, definition, fullWidth, search, cellMerges } = block.data;
  if (view.type !== "grid" || view.columnWidths || fullWidth !== undefined || search !== undefined || (cellMerges && cellMerges.length > 0)) return false;
  if (Object.keys(definition).some((id) => !view.columns.includes(id))) return false;
  return view.columns.every((id) => definition[id]?.type === "text" && !("verticalAlignment" in definition[id]! && definition[id]!.verticalAlignment));
}

const HEADING_TAGS: Record<string, string> = { "heading-1": "h2", "heading-2": "h3", "heading-3": "h4" };

/** A table block as GitBook writes it in HTML. `linkText` names a link's target (a page's title, a file's name). */
export function tableHtml(block: DocumentBlockTable, linkText: (url: string) => string): string {
  const { view, definition, records, fullWidth, search } = block.data;
  const shown = new Set(view.columns);
  const hiddenIds = Object.keys(definition).filter((id) => !shown.has(id));
  const ids = [...view.columns.filter((id) => definition[id]), ...hiddenIds];
  const fragments = new Map(block.fragments.map((fragment) => [fragment.fragment, fragment]));
  const cards = view.type === "cards" ? view : undefined;
  const widths = view.type === "grid" ? view.columnWidths : undefined;
  const tableProperties: Properties = {
    ...(cards?.cardSize === "large" ? { dataCardSize: "large" } : {}),
    ...(cards?.wrap === false ? { dataCardWrap: "false" } : {}),
    ...(cards?.hideColumnTitle ? { dataColumnTitleHidden: true } : {}),
    ...(fullWidth !== undefined ? { dataFullWidth: String(fullWidth) } : {}),
    ...(view.type === "grid" && view.hideHeader ? { dataHeaderHidden: true } : {}),
    ...(search !== undefined ? { dataSearch: String(search) } : {}),
    ...(cards ? { dataView: "cards" } : {}),
  };
  const headerCells = ids.map((id) => {
    const column = definition[id]!;
    const text = column.type === "text" ? column : undefined;
    const properties: Properties = {
      ...(widths?.[id] !== undefined ? { width: String(widths[id]) } : {}),
      ...(text?.verticalAlignment ? { vAlign: text.verticalAlignment } : {}),
      ...(text && text.textAlignment !== "left" ? { align: text.textAlignment } : {}),
      ...(shown.has(id) ? {} : { dataHidden: true }),
      ...(cards?.targetDefinition === id ? { dataCardTarget: true } : {}),
      ...(cards?.coverDefinition === id ? { dataCardCover: true } : {}),
      ...(cards?.coverDefinitionDark === id ? { dataCardCoverDark: true } : {}),
      ...(column.type !== "text" ? { dataType: column.type } : {}),
    };
    return element("th", properties, column.title ? [{ type: "text", value: column.title }] : []);
  });
  const rows = Object.values(records)
    .sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0))
    .map((record) =>
      element(
        "tr",
        {},
        ids.map((id) => {
          const column = definition[id]!;
          const text = column.type === "text" ? column : undefined;
          const properties: Properties = { ...(text?.verticalAlignment ? { vAlign: text.verticalAlignment } : {}), ...(text && text.textAlignment !== "left" ? { align: text.textAlignment } : {}) };
          return element("td", properties, cellHtml(record.values[id], fragments, linkText));
        }),
      ),
    );
  const table = element("table", tableProperties, [element("thead", {}, [element("tr", {}, headerCells)]), element("tbody", {}, rows)]);
  return toHtml(table, { allowDangerousHtml: true });
}

function cellHtml(value: DocumentTableRecord["values"][string] | undefined, fragments: Map<string | undefined, DocumentFragment>, linkText: (url: string) => string): ElementContent[] {
  if (value === undefined || value === null) return [];
  if (typeof value === "string") {
    const fragment = fragments.get(value);
    return fragment ? blocksHtml(fragment.nodes) : [{ type: "text", value }];
  }
  if (typeof value === "number" || typeof value === "boolean") return [{ type: "text", value: String(value) }];
  if (Array.isArray(value)) return value.slice(0, 1).map((file) => link(`/files/${file}`, linkText));
  const ref = "ref" in value ? value.ref : (value as ContentRef);
  const url = urlOfRef(ref);
  return url === undefined ? [] : [link(url, linkText)];
}

/** A cell's blocks: a paragraph first in its cell bare, other paragraphs in `<p>`; headings, lists. */
function blocksHtml(blocks: readonly DocumentBlock[]): ElementContent[] {
  return blocks.flatMap((block, i): ElementContent[] => {
    if (block.type === "list-ordered" || block.type === "list-unordered" || block.type === "list-tasks") {
      const items = block.nodes.map((item) => element("li", {}, blocksHtml(item.nodes as DocumentBlock[])));
      return [element(block.type === "list-ordered" ? "ol" : "ul", {}, items)];
    }
    const inner = "nodes" in block ? inlineHtml(block.nodes as never) : [];
    const tag = HEADING_TAGS[block.type];
    if (tag) return [element(tag, {}, inner)];
    return i > 0 ? [element("p", {}, inner)] : inner;
  });
}

const link = (url: string, linkText: (url: string) => string): ElementContent => element("a", { href: url }, [{ type: "text", value: linkText(url) }]);

const element = (tagName: string, properties: Properties, children: ElementContent[]): Element => ({ type: "element", tagName, properties, children });
