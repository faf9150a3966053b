import type { Node } from "prosemirror-model";
import { Selection, TextSelection, type EditorState, type Transaction } from "prosemirror-state";
import { schema } from "./schema";

const { nodes } = schema;
const paragraph = (text = "") => nodes.paragraph!.create(null, text ? schema.text(text) : null);

/** What the slash menu offers, in its order. `make` builds the block; `cursor` is where typing goes on, inside it. */
export type BlockChoice = { id: string; label: string; keywords: string; make: () => Node[]; cursor: number };

const HINTS = [
  ["info", "Info hint"],
  ["success", "Success hint"],
  ["warning", "Warning hint"],
  ["danger", "Danger hint"],
] as const;

function table(): Node {
  const header = nodes.table_row!.create(null, [1, 2, 3].map((n) => nodes.table_header!.create(null, paragraph(`Column ${n}`))));
  const row = () => nodes.table_row!.create(null, [1, 2, 3].map(() => nodes.table_cell!.create(null, paragraph())));
  return nodes.table!.create({ data: null }, [header, row(), row()]);
}

export const BLOCK_CHOICES: BlockChoice[] = [
  { id: "paragraph", label: "Text", keywords: "paragraph plain", make: () => [paragraph()], cursor: 1 },
  { id: "heading-1", label: "Heading 1", keywords: "title h1", make: () => [nodes.heading!.create({ level: 1 })], cursor: 1 },
  { id: "heading-2", label: "Heading 2", keywords: "section h2", make: () => [nodes.heading!.create({ level: 2 })], cursor: 1 },
  { id: "heading-3", label: "Heading 3", keywords: "subsection h3", make: () => [nodes.heading!.create({ level: 3 })], cursor: 1 },
  { id: "list-unordered", label: "Bulleted list", keywords: "bullet unordered ul", make: () => [nodes.list_unordered!.create(null, nodes.list_item!.create(null, paragraph()))], cursor: 3 },
  { id: "list-ordered", label: "Numbered list", keywords: "ordered ol", make: () => [nodes.list_ordered!.create(null, nodes.list_item!.create(null, paragraph()))], cursor: 3 },
  { id: "list-tasks", label: "Task list", keywords: "todo checkbox", make: () => [nodes.list_tasks!.create(null, nodes.list_item!.create({ data: { checked: false } }, paragraph()))], cursor: 3 },
  { id: "table", label: "Table", keywords: "grid columns rows", make: () => [table()], cursor: 4 },
  ...HINTS.map(([style, label]): BlockChoice => ({ id: `hint-${style}`, label, keywords: "hint callout note", make: () => [nodes.hint!.create({ data: { style } }, paragraph())], cursor: 2 })),
  { id: "code", label: "Code block", keywords: "code snippet pre", make: () => [nodes.code_block!.create(null, nodes.code_line!.create())], cursor: 2 },
  { id: "quote", label: "Quote", keywords: "blockquote", make: () => [nodes.blockquote!.create(null, paragraph())], cursor: 2 },
  { id: "divider", label: "Divider", keywords: "hr rule separator", make: () => [nodes.divider!.create(), paragraph()], cursor: 2 },
  {
    id: "tabs",
    label: "Tabs",
    keywords: "tabbed",
    make: () => [nodes.tabs!.create(null, [1, 2].map((n) => nodes.tabs_item!.create({ data: { title: `Tab ${n}` } }, paragraph())))],
    cursor: 3,
  },
  {
    id: "expandable",
    label: "Expandable",
    keywords: "details collapse toggle",
    make: () => [nodes.expandable!.create(null, [nodes.expandable_title!.create({ fragment: "expandable-title", type: "expandable-title" }, paragraph("Details")), nodes.expandable_body!.create({ fragment: "expandable-body", type: "expandable-body" }, paragraph())])],
    cursor: 3,
  },
];

/**
 * Puts `blocks` where the cursor is: in place of the paragraph around it when that is empty,
 * after the top-level block holding it otherwise; the cursor goes `cursor` positions into them.
 */
export function insertBlocks(state: EditorState, blocks: Node[], cursor: number): Transaction {
  const { $from } = state.selection;
  const tr = state.tr;
  let at: number;
  if ($from.parent.type === nodes.paragraph && $from.parent.content.size === 0 && $from.depth >= 1) {
    at = $from.before();
    tr.replaceWith(at, $from.after(), blocks);
  } else {
    at = $from.depth >= 1 ? $from.after(1) : state.selection.to;
    tr.insert(at, blocks);
  }
  // Writing goes on below a block (a table, a hint…) inserted last: a paragraph follows it.
  if (!tr.doc.lastChild?.isTextblock) tr.insert(tr.doc.content.size, paragraph());
  const target = Math.min(at + cursor, tr.doc.content.size);
  const $target = tr.doc.resolve(target);
  return tr.setSelection($target.parent.inlineContent ? TextSelection.create(tr.doc, target) : Selection.near($target)).scrollIntoView();
}

/** An image block (several images side by side) of uploaded files, or a file block for other files. */
export function uploadedBlocks(files: { id: string; name: string; contentType: string }[]): Node[] {
  const images = files.filter((file) => file.contentType.startsWith("image/"));
  const others = files.filter((file) => !file.contentType.startsWith("image/"));
  const blocks: Node[] = [];
  if (images.length > 0) {
    blocks.push(nodes.images!.create(null, images.map((file) => nodes.image!.create({ data: { ref: { kind: "file", file: file.id }, alt: file.name.replace(/\.[^.]+$/, "") } }))));
  }
  for (const file of others) blocks.push(nodes.file!.create({ data: { ref: { kind: "file", file: file.id } } }));
  return blocks;
}

/** A variable's expression, as issue 3 writes it: `space.vars.NAME` or `page.vars.NAME`. */
export function expressionNode(scope: "space" | "page", name: string): Node {
  return nodes.expression!.create({ data: { expression: `${scope}.vars.${name}` } });
}
