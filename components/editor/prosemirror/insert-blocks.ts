import { Fragment, type Node } from "prosemirror-model";
import { Selection, TextSelection, type EditorState, type Transaction } from "prosemirror-state";
import { schema } from "./schema";
import { newTabs } from "./tabs";

const { nodes } = schema;
const paragraph = (text = "") => nodes.paragraph!.create(null, text ? schema.text(text) : null);

/**
 * What the slash menu offers, in its order. `make` builds the block (around `content`, the text
 * of a line turned into it, when it can hold text); `cursor` is where typing goes on, inside it.
 */
export type BlockChoice = { id: string; label: string; description: string; keywords: string; make: (content?: Fragment) => Node[]; cursor: number; turnsInto?: boolean };

const HINTS = [
  ["info", "Info hint", "A note for the reader"],
  ["success", "Success hint", "A tip or a good outcome"],
  ["warning", "Warning hint", "Something to be careful about"],
  ["danger", "Danger hint", "Something that can break"],
] as const;

/** A table of three columns and two rows, all empty (the column titles show placeholders). */
function table(): Node {
  const header = nodes.table_row!.create(null, [1, 2, 3].map(() => nodes.table_header!.create(null, paragraph())));
  const row = () => nodes.table_row!.create(null, [1, 2, 3].map(() => nodes.table_cell!.create(null, paragraph())));
  return nodes.table!.create(null, [header, row(), row()]);
}

const textOf = (content?: Fragment) => nodes.paragraph!.create(null, content);

/** Lines of text as code lines: a line break starts a new one. */
function codeLines(content?: Fragment): Node[] {
  const lines: Node[][] = [[]];
  content?.forEach((node) => {
    if (node.type === nodes.hard_break) lines.push([]);
    else if (node.isText) lines.at(-1)!.push(schema.text(node.text!));
  });
  return lines.map((line) => nodes.code_line!.create(null, line));
}

export const BLOCK_CHOICES: BlockChoice[] = [
  { id: "paragraph", label: "Text", description: "Plain writing", keywords: "paragraph plain", make: (content) => [textOf(content)], cursor: 1, turnsInto: true },
  ...([1, 2, 3] as const).map(
    (level): BlockChoice => ({
      id: `heading-${level}`,
      label: `Heading ${level}`,
      description: ["A page's main section", "A section", "A subsection"][level - 1]!,
      keywords: `title section h${level}`,
      make: (content) => [nodes.heading!.create({ level }, content)],
      cursor: 1,
      turnsInto: true,
    }),
  ),
  { id: "list-unordered", label: "Bulleted list", description: "Items in no order", keywords: "bullet unordered ul", make: (content) => [nodes.list_unordered!.create(null, nodes.list_item!.create(null, textOf(content)))], cursor: 3, turnsInto: true },
  { id: "list-ordered", label: "Numbered list", description: "Steps in order", keywords: "ordered ol steps", make: (content) => [nodes.list_ordered!.create(null, nodes.list_item!.create(null, textOf(content)))], cursor: 3, turnsInto: true },
  { id: "list-tasks", label: "Task list", description: "Items to tick off", keywords: "todo checkbox", make: (content) => [nodes.list_tasks!.create(null, nodes.list_item!.create({ data: { checked: false } }, textOf(content)))], cursor: 3, turnsInto: true },
  { id: "table", label: "Table", description: "Rows and columns", keywords: "grid columns rows", make: () => [table()], cursor: 4 },
  ...HINTS.map(([style, label, description]): BlockChoice => ({ id: `hint-${style}`, label, description, keywords: "hint callout note", make: (content) => [nodes.hint!.create({ data: { style } }, textOf(content))], cursor: 2, turnsInto: true })),
  { id: "code", label: "Code block", description: "Code with its language", keywords: "code snippet pre", make: (content) => [nodes.code_block!.create(null, codeLines(content))], cursor: 2, turnsInto: true },
  { id: "quote", label: "Quote", description: "Words from someone", keywords: "blockquote citation", make: (content) => [nodes.blockquote!.create(null, textOf(content))], cursor: 2, turnsInto: true },
  { id: "divider", label: "Divider", description: "A line between parts", keywords: "hr rule separator", make: () => [nodes.divider!.create(), paragraph()], cursor: 2 },
  { id: "tabs", label: "Tabs", description: "Alternatives side by side", keywords: "tabbed", make: () => [newTabs()], cursor: 3 },
  {
    id: "expandable",
    label: "Expandable",
    description: "Details shown on demand",
    keywords: "details collapse toggle",
    make: () => [nodes.expandable!.create(null, [nodes.expandable_title!.create({ fragment: "expandable-title", type: "expandable-title" }, paragraph("Details")), nodes.expandable_body!.create({ fragment: "expandable-body", type: "expandable-body" }, paragraph())])],
    cursor: 3,
  },
];

/**
 * The textblock holding the cursor turned into `choice`'s block, keeping its text (and its
 * formatting, where the new block keeps formatting); the cursor stays where it was in the text.
 */
export function turnInto(state: EditorState, choice: BlockChoice): Transaction {
  const { $from } = state.selection;
  const offset = $from.parentOffset;
  const blocks = choice.make($from.parent.content);
  const tr = state.tr.replaceWith($from.before(), $from.after(), blocks);
  const target = Math.min($from.before() + choice.cursor + offset, tr.doc.content.size);
  return tr.setSelection(Selection.near(tr.doc.resolve(target))).scrollIntoView();
}

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
