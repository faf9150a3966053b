import { baseKeymap, chainCommands, setBlockType, toggleMark } from "prosemirror-commands";
import { dropCursor } from "prosemirror-dropcursor";
import { gapCursor } from "prosemirror-gapcursor";
import { history, redo, undo } from "prosemirror-history";
import { InputRule, inputRules, textblockTypeInputRule, undoInputRule, wrappingInputRule } from "prosemirror-inputrules";
import { keymap } from "prosemirror-keymap";
import type { Attrs, MarkType, Node } from "prosemirror-model";
import { liftListItem, sinkListItem, splitListItem } from "prosemirror-schema-list";
import { Plugin, Selection, type Command } from "prosemirror-state";
import { goToNextCell, tableEditing } from "prosemirror-tables";
import { addRowAtEnd, codeFenceOnEnter, enterInCode, enterInTableCell, exitCodeBlock, leaveContainer } from "./block-keys";
import { placeholders } from "./placeholders";
import { schema } from "./schema";
import { keepStorable } from "./storable";
import { tabsPlugin } from "./tabs";

const { nodes } = schema;

/**
 * Keys identify blocks, so no two nodes may share one: a block split in two, or copied and
 * pasted, keeps its key on the first copy only, and the others are new blocks (no key). The
 * same holds for a table's record and fragment names.
 */
export const uniqueKeys = new Plugin({
  appendTransaction(transactions, _old, state) {
    if (!transactions.some((tr) => tr.docChanged)) return null;
    const seen = new Set<string>();
    const fixes: { pos: number; attrs: Record<string, unknown> }[] = [];
    state.doc.descendants((node, pos) => {
      const reset: Record<string, unknown> = {};
      for (const [attr, scope] of [["key", "key"], ["fragmentKey", "key"], ["fragment", "fragment"], ["record", "record"]] as const) {
        const value = node.attrs[attr];
        if (typeof value !== "string") continue;
        const id = `${scope}:${value}`;
        if (seen.has(id)) reset[attr] = null;
        else seen.add(id);
      }
      if (Object.keys(reset).length > 0) fixes.push({ pos, attrs: { ...node.attrs, ...reset } });
      return !node.isTextblock;
    });
    if (fixes.length === 0) return null;
    const tr = state.tr;
    for (const { pos, attrs } of fixes) tr.setNodeMarkup(pos, undefined, attrs);
    return tr.setMeta("addToHistory", false);
  },
});

/**
 * An input rule that replaces the paragraph it was typed in (holding nothing but the trigger)
 * with `make(match)`, the cursor `cursorAt` positions into the new blocks.
 */
function replaceParagraph(regexp: RegExp, make: (match: RegExpMatchArray) => Node[], cursorAt: number): InputRule {
  return new InputRule(regexp, (state, match, start, end) => {
    const $start = state.doc.resolve(start);
    if ($start.parent.type !== nodes.paragraph || $start.parent.content.size !== end - $start.start()) return null;
    const from = $start.before();
    const tr = state.tr.replaceWith(from, $start.after(), make(match));
    return tr.setSelection(Selection.near(tr.doc.resolve(from + cursorAt))).scrollIntoView();
  });
}

const emptyParagraph = () => nodes.paragraph!.create();

/**
 * A mark typed as markdown: when the closing delimiter is typed, the delimiters go and the text
 * between them takes the mark (keeping any it had). `open` and `close` are the delimiters' lengths.
 */
function markRule(pattern: RegExp, type: MarkType, open: number, close: (match: RegExpMatchArray) => number, attrs?: (match: RegExpMatchArray) => Attrs): InputRule {
  return new InputRule(pattern, (state, match, start, end) => {
    // The last character of the closing delimiter is being typed: it is not in the document.
    const closeStart = end - (close(match) - 1);
    const tr = state.tr.delete(closeStart, end);
    tr.addMark(start + open, closeStart, type.create(attrs?.(match)));
    tr.delete(start, start + open);
    return tr.removeStoredMark(type);
  });
}

// Inner text neither starts nor ends with a space, as markdown's emphasis requires; no word
// character before the opening delimiter, so that snake_case and 2*3*4 stay as typed.
const inner = (delimiter: string) => `([^${delimiter}\\s](?:[^${delimiter}]*[^${delimiter}\\s])?)`;

/** Inline markdown while typing: `**bold**`, `*em*` and `_em_`, `` `code` ``, `~~strike~~`, `[text](url)`. */
export function markShortcuts(): InputRule[] {
  const { marks } = schema;
  return [
    markRule(new RegExp(`(?<![\\w*])\\*\\*${inner("*")}\\*\\*$`), marks.bold!, 2, () => 2),
    markRule(new RegExp(`(?<![\\w*])\\*${inner("*")}\\*$`), marks.italic!, 1, () => 1),
    markRule(new RegExp(`(?<![\\w_])_${inner("_")}_$`), marks.italic!, 1, () => 1),
    markRule(new RegExp(`(?<![\\w~])~~${inner("~")}~~$`), marks.strikethrough!, 2, () => 2),
    markRule(/(?<!`)`([^`]+)`$/, marks.code!, 1, () => 1),
    markRule(/(?<!!)\[([^\]]+)\]\(([^()\s]+)\)$/, marks.link!, 1, (match) => match[2]!.length + 3, (match) => ({ ref: { kind: "url", url: match[2] } })),
  ];
}

/** Markdown shortcuts while typing: `# `, `## `, `### `, `- `, `1. `, `[ ] `, `> `, ``` ```lang ``` ```, `---`, and inline marks. */
export function markdownShortcuts(): Plugin {
  return inputRules({
    rules: [
      textblockTypeInputRule(/^(#{1,3})\s$/, nodes.heading!, (match) => ({ level: match[1]!.length, data: {} })),
      wrappingInputRule(/^\s*>\s$/, nodes.blockquote!),
      wrappingInputRule(/^\s*([-+*])\s$/, nodes.list_unordered!),
      wrappingInputRule(
        /^(\d+)\.\s$/,
        nodes.list_ordered!,
        (match) => ({ data: Number(match[1]) !== 1 ? { start: Number(match[1]) } : {} }),
        (match, node) => node.childCount + Number(node.attrs.data.start ?? 1) === Number(match[1]),
      ),
      replaceParagraph(/^\[( |x)?\]\s$/, (match) => [nodes.list_tasks!.create(null, nodes.list_item!.create({ data: { checked: match[1] === "x" } }, emptyParagraph()))], 3),
      replaceParagraph(/^```([\w+#.-]*)\s$/, (match) => [nodes.code_block!.create({ data: match[1] ? { syntax: match[1] } : {} }, nodes.code_line!.create())], 2),
      replaceParagraph(/^(?:---|___|\*\*\*)$/, () => [nodes.divider!.create(), emptyParagraph()], 2),
      ...markShortcuts(),
    ],
  });
}

/** Moves the top-level block holding the selection up or down: the keyboard's way to drag a block. */
export function moveBlock(direction: -1 | 1): Command {
  return (state, dispatch) => {
    const { $from } = state.selection;
    if ($from.depth < 1 && !(state.selection.from < state.doc.content.size)) return false;
    const index = $from.depth >= 1 ? $from.index(0) : state.doc.resolve(state.selection.from).index(0);
    const other = index + direction;
    if (other < 0 || other >= state.doc.childCount) return false;
    if (dispatch) {
      let start = 0;
      for (let i = 0; i < Math.min(index, other); i++) start += state.doc.child(i).nodeSize;
      const first = state.doc.child(Math.min(index, other));
      const second = state.doc.child(Math.max(index, other));
      const offset = state.selection.from - (direction === 1 ? start : start + first.nodeSize);
      const tr = state.tr.replaceWith(start, start + first.nodeSize + second.nodeSize, [second, first]);
      const moved = direction === 1 ? start + second.nodeSize + offset : start + offset;
      dispatch(tr.setSelection(Selection.near(tr.doc.resolve(Math.min(Math.max(moved, 0), tr.doc.content.size)))).scrollIntoView());
    }
    return true;
  };
}

/** Enter in an empty list item leaves the list (or the nesting level). */
const leaveEmptyListItem: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  if (!empty || $from.parent.content.size > 0 || $from.depth < 2 || $from.node(-1).type !== nodes.list_item) return false;
  return liftListItem(nodes.list_item!)(state, dispatch);
};

/** Shift+Enter: a line break, except in code and in headings (markdown's headings are one line). */
const hardBreak: Command = (state, dispatch) => {
  const { parent } = state.selection.$from;
  if (parent.type.spec.code || parent.type === nodes.heading) return false;
  dispatch?.(state.tr.replaceSelectionWith(nodes.hard_break!.create()).scrollIntoView());
  return true;
};

export function editorKeymap(): Plugin {
  return keymap({
    "Mod-z": undo,
    "Shift-Mod-z": redo,
    "Mod-y": redo,
    "Mod-b": toggleMark(schema.marks.bold!),
    "Mod-i": toggleMark(schema.marks.italic!),
    "Mod-e": toggleMark(schema.marks.code!),
    "Shift-Mod-x": toggleMark(schema.marks.strikethrough!),
    "Mod-Alt-0": setBlockType(nodes.paragraph!),
    "Mod-Alt-1": setBlockType(nodes.heading!, { level: 1 }),
    "Mod-Alt-2": setBlockType(nodes.heading!, { level: 2 }),
    "Mod-Alt-3": setBlockType(nodes.heading!, { level: 3 }),
    "Alt-ArrowUp": moveBlock(-1),
    "Alt-ArrowDown": moveBlock(1),
    "Mod-Enter": chainCommands(exitCodeBlock, hardBreak),
    "Shift-Enter": chainCommands(exitCodeBlock, hardBreak),
    Enter: chainCommands(codeFenceOnEnter, enterInCode, enterInTableCell, splitListItem(nodes.list_item!), leaveEmptyListItem, leaveContainer),
    Backspace: undoInputRule,
    Tab: chainCommands(goToNextCell(1), addRowAtEnd, sinkListItem(nodes.list_item!)),
    "Shift-Tab": chainCommands(goToNextCell(-1), liftListItem(nodes.list_item!)),
  });
}

/** Everything the editor runs besides the React-driven menus. */
export function corePlugins(): Plugin[] {
  return [
    markdownShortcuts(),
    editorKeymap(),
    keymap(baseKeymap),
    history(),
    dropCursor({ color: "currentColor", width: 2 }),
    gapCursor(),
    tableEditing(),
    keepStorable,
    uniqueKeys,
    tabsPlugin,
    placeholders,
  ];
}
