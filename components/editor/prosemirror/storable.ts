import { Fragment, type Attrs, type Node } from "prosemirror-model";
import { Plugin } from "prosemirror-state";
import { Transform } from "prosemirror-transform";
import { blockText } from "./document-conversion";
import { schema } from "./schema";

/**
 * The editor's document kept to what a page's markdown holds, so that what it shows is what is
 * saved and read back: a table is a grid without merged cells whose first row holds the column
 * titles (plain text) and whose cells hold one paragraph; a heading and a code line have no line
 * breaks; an image has a source; and the page ends with a paragraph, so that a block at its end
 * (a table, code, a hint) can always be left.
 */

const { nodes } = schema;

type Fix = { from: number; to: number; content: Node[] };

/** The changes that make `doc` storable, in document order and not overlapping. */
function storableFixes(doc: Node): Fix[] {
  const fixes: Fix[] = [];
  doc.descendants((node, pos) => {
    const replace = (content: Node[] | null) => {
      if (content) fixes.push({ from: pos, to: pos + node.nodeSize, content });
      return false;
    };
    switch (node.type) {
      case nodes.table:
        return replace(storableTable(node));
      case nodes.heading:
        return replace(headingWithoutBreaks(node));
      case nodes.code_block:
        return replace(codeWithoutNewlines(node));
      case nodes.images:
        return replace(imagesWithSources(node));
      default:
        return !node.isTextblock;
    }
  });
  return fixes;
}

function applyFixes(tr: Transform, fixes: Fix[]): void {
  // From the end, so that positions before each fix stay as found.
  for (const fix of [...fixes].reverse()) tr.replaceWith(fix.from, fix.to, fix.content);
}

/** `doc` made storable (what a paste becomes before it is written). */
export function storableDoc(doc: Node): Node {
  const tr = new Transform(doc);
  applyFixes(tr, storableFixes(doc));
  return tr.doc;
}

/** `doc` ending with a paragraph. */
export function withTrailingParagraph(doc: Node): Node {
  return doc.lastChild?.type === nodes.paragraph ? doc : doc.copy(doc.content.addToEnd(nodes.paragraph!.create()));
}

/** Keeps the document storable after every change, whatever made it (typing, paste, drop, a command). */
export const keepStorable = new Plugin({
  appendTransaction(transactions, _old, state) {
    if (!transactions.some((tr) => tr.docChanged)) return null;
    const tr = state.tr;
    applyFixes(tr, storableFixes(state.doc));
    if (tr.doc.lastChild?.type !== nodes.paragraph) tr.insert(tr.doc.content.size, nodes.paragraph!.create());
    return tr.docChanged ? tr : null;
  },
});

// ---- Tables

const SPAN_ATTRS = { colspan: 1, rowspan: 1, colwidth: null };

/** The table as a storable grid; null when it already is one; [] (removed) when it has no cells. */
function storableTable(table: Node): Node[] | null {
  // The grid of cells, each at its top-left place; null where a merged cell reached.
  const grid: (Node | null)[][] = Array.from({ length: table.childCount }, () => []);
  let merged = false;
  table.forEach((row, _offset, r) => {
    let c = 0;
    row.forEach((cell) => {
      while (grid[r]![c] !== undefined) c++;
      const colspan = Math.max(1, Number(cell.attrs.colspan) || 1);
      const rowspan = Math.max(1, Number(cell.attrs.rowspan) || 1);
      if (colspan > 1 || rowspan > 1) merged = true;
      for (let dr = 0; dr < rowspan && r + dr < grid.length; dr++) for (let dc = 0; dc < colspan; dc++) grid[r + dr]![c + dc] = dr === 0 && dc === 0 ? cell : null;
      c += colspan;
    });
  });
  const width = Math.max(0, ...grid.map((cells) => cells.length));
  if (width === 0) return [];
  const storable =
    !merged &&
    grid.every((cells, r) => cells.length === width && cells.every((cell) => cell !== null && (r === 0 ? isColumnTitle(cell) : isPlainCell(cell))));
  if (storable) return null;
  const cellAt = (r: number, c: number) => grid[r]![c] ?? null;
  const rows = grid.map((_, r) => {
    const cells = Array.from({ length: width }, (_, c) => {
      const cell = cellAt(r, c);
      const attrs: Attrs = cell ? { ...cell.attrs, ...SPAN_ATTRS } : {};
      return r === 0
        ? nodes.table_header!.create(attrs, nodes.paragraph!.create(null, titleOf(cell) ? schema.text(titleOf(cell)) : null))
        : nodes.table_cell!.create(attrs, cell ? cellParagraph(cell) : nodes.paragraph!.create());
    });
    return nodes.table_row!.create(table.child(r).attrs, cells);
  });
  return [table.type.create(table.attrs, rows)];
}

/** A column title: one paragraph of unformatted text. */
function isColumnTitle(cell: Node): boolean {
  if (cell.type !== nodes.table_header || cell.childCount !== 1 || cell.firstChild!.type !== nodes.paragraph) return false;
  let plain = true;
  cell.firstChild!.forEach((child) => (plain &&= child.isText && child.marks.length === 0));
  return plain;
}

const isPlainCell = (cell: Node) => cell.type === nodes.table_cell && cell.childCount === 1 && cell.firstChild!.type === nodes.paragraph;

function titleOf(cell: Node | null): string {
  if (!cell) return "";
  const paragraph = cellParagraph(cell);
  return paragraph.textBetween(0, paragraph.content.size, undefined, (leaf) => (leaf.type === nodes.hard_break ? " " : "")).trim();
}

/**
 * A cell's content as one paragraph, as markdown writes a cell: paragraphs and headings keep
 * their text and formatting, other blocks their plain text, each on a line of its own.
 */
function cellParagraph(cell: Node): Node {
  if (cell.childCount === 1 && cell.firstChild!.type === nodes.paragraph) return cell.firstChild!;
  const lines: Fragment[] = [];
  cell.forEach((block) => {
    if (block.type === nodes.paragraph || block.type === nodes.heading) lines.push(block.content);
    else lines.push(Fragment.from(textWithBreaks(blockText(block))));
  });
  const content: Node[] = [];
  lines.forEach((line, i) => {
    if (i > 0) content.push(nodes.hard_break!.create());
    line.forEach((node) => content.push(node));
  });
  const first = cell.firstChild;
  return nodes.paragraph!.create(first && first.type === nodes.paragraph ? first.attrs : null, content);
}

function textWithBreaks(text: string): Node[] {
  return text.split("\n").flatMap((line, i) => [...(i > 0 ? [nodes.hard_break!.create()] : []), ...(line ? [schema.text(line)] : [])]);
}

// ---- Headings, code, images

function headingWithoutBreaks(heading: Node): Node[] | null {
  let breaks = false;
  heading.forEach((child) => (breaks ||= child.type === nodes.hard_break));
  if (!breaks) return null;
  const content: Node[] = [];
  heading.forEach((child) => content.push(child.type === nodes.hard_break ? schema.text(" ", child.marks) : child));
  return [heading.copy(Fragment.from(content))];
}

/** Code whose lines hold line breaks (pasted or typed text) split into one line each. */
function codeWithoutNewlines(code: Node): Node[] | null {
  if (!code.textContent.includes("\n")) return null;
  const lines: Node[] = [];
  code.forEach((line) => {
    let current: Node[] = [];
    let attrs: Attrs | null = line.attrs;
    const close = () => {
      lines.push(nodes.code_line!.create(attrs, current));
      current = [];
      attrs = null;
    };
    line.forEach((child) => {
      if (!child.isText) return void current.push(child);
      child.text!.split("\n").forEach((part, i) => {
        if (i > 0) close();
        if (part) current.push(schema.text(part, child.marks));
      });
    });
    close();
  });
  return [code.copy(Fragment.from(lines))];
}

const hasSource = (image: Node) => {
  const ref = (image.attrs.data as { ref?: { kind?: string; url?: string; file?: string } } | null)?.ref;
  return ref?.kind === "file" ? !!ref.file : ref?.kind === "url" ? !!ref.url : false;
};

/** An images block without the images that have no source; removed when none has one. */
function imagesWithSources(images: Node): Node[] | null {
  const kept: Node[] = [];
  images.forEach((image) => void (hasSource(image) && kept.push(image)));
  if (kept.length === images.childCount && kept.length > 0) return null;
  return kept.length > 0 ? [images.copy(Fragment.from(kept))] : [];
}
