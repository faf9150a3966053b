import type { ResolvedPos } from "prosemirror-model";
import { Selection, TextSelection, type Command, type Transaction } from "prosemirror-state";
import { addRowAfter, goToNextCell, isInTable } from "prosemirror-tables";
import { schema } from "./schema";

/**
 * Enter and Tab where a block needs its own: a code fence typed alone becomes a code block; code
 * splits into lines; a table cell takes a line break; and every block can be left as in Notion —
 * Enter on an empty line at the end of code, a hint, a quote, a tab or an expandable (Enter
 * twice), or after a line break at the end of a table cell, goes on below the block.
 */

const { nodes } = schema;

/** Puts the cursor at `pos`, the end of a left block: in the empty paragraph there, or in a new one. */
function continueAt(tr: Transaction, pos: number): Transaction {
  const next = tr.doc.nodeAt(pos);
  if (!(next && next.type === nodes.paragraph && next.content.size === 0)) tr.insert(pos, nodes.paragraph!.create());
  return tr.setSelection(TextSelection.create(tr.doc, pos + 1)).scrollIntoView();
}

/** ```` ```lang ```` alone on a line, then Enter: a code block in that language. */
export const codeFenceOnEnter: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  if (!empty || $from.parent.type !== nodes.paragraph || $from.parentOffset !== $from.parent.content.size) return false;
  const match = /^```([\w+#.-]*)$/.exec($from.parent.textContent);
  if (!match) return false;
  if (dispatch) {
    const code = nodes.code_block!.create({ data: match[1] ? { syntax: match[1] } : {} }, nodes.code_line!.create());
    const tr = state.tr.replaceWith($from.before(), $from.after(), code);
    dispatch(tr.setSelection(TextSelection.create(tr.doc, $from.before() + 2)).scrollIntoView());
  }
  return true;
};

/** Enter in code: a new line; on an empty last line (Enter twice), out of the code, below it. */
export const enterInCode: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  if ($from.parent.type !== nodes.code_line) return false;
  const code = $from.node(-1);
  const lastLine = $from.index(-1) === code.childCount - 1;
  if (empty && lastLine && code.childCount > 1 && $from.parent.content.size === 0) {
    if (dispatch) {
      const tr = state.tr.delete($from.before(), $from.after());
      dispatch(continueAt(tr, tr.mapping.map($from.after(-1))));
    }
    return true;
  }
  if (dispatch) {
    const tr = state.tr.deleteSelection();
    dispatch(tr.split(tr.selection.from, 1, [{ type: nodes.code_line!, attrs: { key: null, data: {} } }]).scrollIntoView());
  }
  return true;
};

/** Leaves a code block at once (Mod-Enter, Shift-Enter): a paragraph after it. */
export const exitCodeBlock: Command = (state, dispatch) => {
  const { $head } = state.selection;
  if ($head.parent.type !== nodes.code_line) return false;
  if (dispatch) dispatch(continueAt(state.tr, $head.after(-1)));
  return true;
};

const cellDepth = ($pos: ResolvedPos) => {
  for (let depth = $pos.depth; depth > 0; depth--) if ($pos.node(depth).type.spec.tableRole === "cell" || $pos.node(depth).type.spec.tableRole === "header_cell") return depth;
  return -1;
};

/**
 * Enter in a table cell: a line break (a cell holds one paragraph). After a line break that ends
 * the cell (Enter twice), the break goes and the cursor moves to the cell below, or below the table.
 */
export const enterInTableCell: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  const depth = cellDepth($from);
  if (depth < 0 || !$from.parent.isTextblock) return false;
  const atEnd = empty && $from.parentOffset === $from.parent.content.size && $from.index() === $from.parent.childCount;
  if (!(atEnd && $from.nodeBefore?.type === nodes.hard_break)) {
    dispatch?.(state.tr.replaceSelectionWith(nodes.hard_break!.create()).scrollIntoView());
    return true;
  }
  if (dispatch) {
    const tr = state.tr.delete($from.pos - 1, $from.pos);
    const table = $from.node(depth - 2);
    const rowIndex = $from.index(depth - 2);
    if (rowIndex < table.childCount - 1) {
      // The end of the same column's cell in the next row.
      const next = table.child(rowIndex + 1);
      const column = Math.min($from.index(depth - 1), next.childCount - 1);
      let pos = tr.mapping.map($from.after(depth - 1)) + 1;
      for (let i = 0; i <= column; i++) pos += next.child(i).nodeSize;
      dispatch(tr.setSelection(Selection.near(tr.doc.resolve(pos - 2), -1)).scrollIntoView());
    } else {
      dispatch(continueAt(tr, tr.mapping.map($from.after(depth - 2))));
    }
  }
  return true;
};

/** The containers a paragraph can be left from, and the block that is left (a tab leaves its tabs). */
const LEFT_BLOCK_DEPTH: Map<unknown, number> = new Map([
  [nodes.blockquote, 0],
  [nodes.hint, 0],
  [nodes.tabs_item, 1],
  [nodes.expandable_body, 1],
]);

/** Enter on an empty paragraph ending a hint, quote, tab or expandable that holds more: out of it, below. */
export const leaveContainer: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  if (!empty || $from.parent.type !== nodes.paragraph || $from.parent.content.size > 0 || $from.depth < 2) return false;
  const container = $from.node(-1);
  const up = LEFT_BLOCK_DEPTH.get(container.type);
  if (up === undefined || container.childCount < 2 || $from.index(-1) !== container.childCount - 1) return false;
  if (dispatch) {
    const tr = state.tr.delete($from.before(), $from.after());
    dispatch(continueAt(tr, tr.mapping.map($from.after(-1 - up))));
  }
  return true;
};

/** Tab in a table's last cell: a new row, the cursor in its first cell. */
export const addRowAtEnd: Command = (state, dispatch) => {
  if (!isInTable(state) || goToNextCell(1)(state)) return false;
  const $from = state.selection.$from;
  const depth = cellDepth($from);
  if (depth < 0) return false;
  const rowEnd = $from.after(depth - 1);
  return addRowAfter(state, (tr) => dispatch?.(tr.setSelection(Selection.near(tr.doc.resolve(rowEnd + 2))).scrollIntoView()));
};
