import type { DocumentBlockTable, DocumentFragment, DocumentTableDefinition, DocumentTableDefinitionText, DocumentTableRecord } from "@gitbook/api";
import type { PhrasingContent, Table, TableCell } from "mdast";
import { paragraph } from "./document-containers";
import { plainText } from "./document-text";
import { inlineNodes, type InlineContext, type InlineNode } from "./inline-to-document";
import { phrasing } from "./inline-to-markdown";

/**
 * GFM tables as the reference's table block: one text column per GFM column (its header is the
 * column title, so formatting in header cells is lost), one record per row, and each cell's
 * formatted text in a fragment the record's value names. An all-empty header hides the header.
 */
type Align = "left" | "center" | "right";

// Fixed-width digits keep records in row order when sorted as strings.
const orderIndex = (row: number) => `a${String(row).padStart(6, "0")}`;

export function tableToDocument(node: Table, context: InlineContext): DocumentBlockTable {
  const [header, ...rows] = node.children;
  const headerCells = header?.children ?? [];
  const columns = headerCells.map((_, i) => `c${i}`);
  const definition: Record<string, DocumentTableDefinition> = {};
  headerCells.forEach((cell, i) => {
    const id = columns[i]!;
    const title = plainText(inlineNodes(cell.children, context)).replaceAll("\n", " ");
    definition[id] = { id, type: "text", title, textAlignment: node.align?.[i] ?? "left" } satisfies DocumentTableDefinitionText;
  });
  const records: Record<string, DocumentTableRecord> = {};
  const fragments: DocumentFragment[] = [];
  rows.forEach((row, r) => {
    const values: Record<string, string> = {};
    columns.forEach((column, c) => {
      const fragment = `r${r}-${column}`;
      values[column] = fragment;
      fragments.push({ object: "fragment", fragment, nodes: [paragraph(inlineNodes(row.children[c]?.children ?? [], context))] });
    });
    records[`r${r}`] = { orderIndex: orderIndex(r), values };
  });
  const hideHeader = columns.length > 0 && Object.values(definition).every((column) => column.title.trim() === "");
  return { object: "block", type: "table", isVoid: true, data: { view: { type: "grid", columns, hideHeader }, records, definition }, fragments };
}

export function tableToMarkdown(block: DocumentBlockTable): Table {
  const { view, definition, records } = block.data;
  const columns = view.columns.filter((id) => definition[id] !== undefined);
  const fragments = new Map(block.fragments.map((fragment) => [fragment.fragment, fragment]));
  const hideHeader = view.type === "grid" && view.hideHeader;
  const cell = (children: PhrasingContent[]): TableCell => ({ type: "tableCell", children });
  const header = columns.map((id) => cell(hideHeader ? [] : [{ type: "text", value: definition[id]!.title }]));
  const body = Object.values(records)
    .sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0))
    .map((record) => columns.map((id) => cell(cellContent(record.values[id], fragments))));
  return {
    type: "table",
    align: columns.map((id) => alignOf(definition[id]!)),
    children: [header, ...body].map((cells) => ({ type: "tableRow", children: cells })),
  };
}

// Left is the default alignment, written without a marker.
function alignOf(column: DocumentTableDefinition): Align | null {
  return column.type === "text" && column.textAlignment !== "left" ? column.textAlignment : null;
}

function cellContent(value: DocumentTableRecord["values"][string] | undefined, fragments: Map<string | undefined, DocumentFragment>): PhrasingContent[] {
  const fragment = typeof value === "string" ? fragments.get(value) : undefined;
  if (fragment) {
    // A cell holds one line: its blocks' text joined by line breaks.
    const text = (value: string): InlineNode => ({ object: "text", leaves: [{ object: "leaf", text: value, marks: [] }] });
    const lines = fragment.nodes.map((block) =>
      block.type === "paragraph" || block.type.startsWith("heading-") ? (block as { nodes: InlineNode[] }).nodes : [text(plainText([block]))],
    );
    const inline = lines.flatMap((nodes, i) => (i === 0 ? nodes : [text("\n"), ...nodes]));
    return phrasing(inline, { breaks: "html" });
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return [{ type: "text", value: String(value) }];
  return [];
}
