import type { InputRule } from "prosemirror-inputrules";
import type { Node } from "prosemirror-model";
import { EditorState, TextSelection, type Command, type Transaction } from "prosemirror-state";
import { describe, expect, it } from "vitest";
import { proseMirrorToDocument } from "@/components/editor/prosemirror/document-conversion";
import { addRowAtEnd, codeFenceOnEnter, enterInCode, enterInTableCell, leaveContainer } from "@/components/editor/prosemirror/block-keys";
import { BLOCK_CHOICES, turnInto } from "@/components/editor/prosemirror/insert-blocks";
import { markShortcuts } from "@/components/editor/prosemirror/plugins";
import { schema } from "@/components/editor/prosemirror/schema";
import { keepStorable } from "@/components/editor/prosemirror/storable";
import { tabsPlugin } from "@/components/editor/prosemirror/tabs";
import { documentToMarkdown } from "@/server/content/format";

/** The editor's own keys and shortcuts, on editor states (the browser specs type them for real). */

const { nodes } = schema;
const p = (text = "") => nodes.paragraph!.create(null, text ? schema.text(text) : null);
// As the editor saves it: the empty paragraph a page ends with writes blank lines markdown does not keep.
const markdownOf = (doc: Node) => documentToMarkdown(proseMirrorToDocument(doc)).replace(/\n{2,}$/, "\n");

/** A state of `blocks` with the cursor at the end of the textblock whose text is `at` (or the given position). */
function stateOf(blocks: Node[], at: string | number) {
  const doc = nodes.doc!.create(null, blocks);
  let pos = typeof at === "number" ? at : -1;
  doc.descendants((node, start) => {
    if (pos < 0 && node.isTextblock && node.textContent === at) pos = start + 1 + node.content.size;
    return pos < 0;
  });
  return EditorState.create({ doc, selection: TextSelection.create(doc, pos), plugins: [keepStorable, tabsPlugin] });
}

function press(state: EditorState, command: Command): EditorState {
  let next = state;
  expect(command(state, (tr: Transaction) => (next = state.apply(tr)))).toBe(true);
  return next;
}

/** Types `char` at the cursor as an input rule would see it: the rule's change, or the character. */
function type(state: EditorState, char: string): EditorState {
  const { $from } = state.selection;
  const before = $from.parent.textBetween(0, $from.parentOffset, undefined, "\ufffc") + char;
  for (const rule of markShortcuts() as (InputRule & { match: RegExp; handler: (state: EditorState, match: RegExpMatchArray, start: number, end: number) => Transaction | null })[]) {
    const match = rule.match.exec(before);
    const tr = match && rule.handler(state, match, $from.pos - (match[0].length - char.length), $from.pos);
    if (tr) return state.apply(tr);
  }
  return state.apply(state.tr.insertText(char));
}

const typed = (text: string) => [...text].reduce(type, stateOf([p()], 1));

describe("inline markdown while typing", () => {
  it("turns **bold**, *em*, _em_, `code`, ~~strike~~ and [text](url) into marks", () => {
    expect(markdownOf(typed("A **bold** word").doc)).toBe("A **bold** word\n");
    expect(markdownOf(typed("An *em* and _em_").doc)).toBe("An _em_ and _em_\n");
    expect(markdownOf(typed("Run `npm test` now").doc)).toBe("Run `npm test` now\n");
    expect(markdownOf(typed("~~gone~~").doc)).toBe("~~gone~~\n");
    expect(markdownOf(typed("See [the guide](https://example.com/guide).").doc)).toBe("See [the guide](https://example.com/guide).\n");
  });

  it("leaves snake_case, 2*3*4, spaced stars and images as typed", () => {
    for (const text of ["snake_case_name", "2*3*4", "a * b * c", "![alt](x.png)"]) {
      expect(typed(text).doc.textContent).toBe(text);
    }
  });
});

describe("Enter and Tab", () => {
  it("```js then Enter makes a code block in that language", () => {
    const state = press(stateOf([p("```js")], "```js"), codeFenceOnEnter);
    expect(state.doc.firstChild!.type).toBe(nodes.code_block);
    expect(state.doc.firstChild!.attrs.data).toEqual({ syntax: "js" });
    expect(state.selection.$from.parent.type).toBe(nodes.code_line);
  });

  it("Enter in code makes lines; Enter on an empty last line leaves the code, below it", () => {
    const code = nodes.code_block!.create(null, nodes.code_line!.create(null, schema.text("npm start")));
    let state = press(stateOf([code, p()], "npm start"), enterInCode);
    expect(state.doc.firstChild!.childCount).toBe(2);
    state = press(state, enterInCode);
    expect(state.doc.firstChild!.childCount).toBe(1);
    expect(state.selection.$from.parent.type).toBe(nodes.paragraph);
    expect(state.selection.$from.index(0)).toBe(1);
  });

  it("Enter on an empty last line of a hint, a quote, a tab or an expandable goes on below the block", () => {
    const containers = {
      hint: (inner: Node[]) => nodes.hint!.create({ data: { style: "info" } }, inner),
      quote: (inner: Node[]) => nodes.blockquote!.create(null, inner),
      tabs: (inner: Node[]) => nodes.tabs!.create(null, nodes.tabs_item!.create({ data: { title: "A" } }, inner)),
      expandable: (inner: Node[]) => nodes.expandable!.create(null, [nodes.expandable_title!.create(null, p("More")), nodes.expandable_body!.create(null, inner)]),
    };
    for (const [name, make] of Object.entries(containers)) {
      const start = stateOf([make([p("Inside"), p()])], "Inside");
      // The empty paragraph after "Inside".
      const onEmpty = start.apply(start.tr.setSelection(TextSelection.create(start.doc, start.selection.from + 2)));
      const left = press(onEmpty, leaveContainer);
      expect(left.doc.childCount, name).toBe(2);
      expect(left.doc.firstChild!.textContent, name).toContain("Inside");
      expect(left.selection.$from.depth, name).toBe(1);
    }
  });

  it("Enter in a table cell breaks the line; twice, it moves to the cell below, and from the last row below the table", () => {
    const table = nodes.table!.create(null, [
      nodes.table_row!.create(null, [nodes.table_header!.create(null, p("A"))]),
      nodes.table_row!.create(null, [nodes.table_cell!.create(null, p("one"))]),
      nodes.table_row!.create(null, [nodes.table_cell!.create(null, p("two"))]),
    ]);
    let state = press(stateOf([table, p()], "one"), enterInTableCell);
    expect(state.doc.firstChild!.child(1).textContent).toBe("one");
    expect(state.selection.$from.nodeBefore?.type).toBe(nodes.hard_break);
    state = press(state, enterInTableCell);
    expect(state.selection.$from.parent.textContent).toBe("two");
    expect(markdownOf(state.doc)).toContain("| one |");
    state = press(press(state, enterInTableCell), enterInTableCell);
    expect(state.selection.$from.depth).toBe(1);
    expect(state.selection.$from.index(0)).toBe(1);
  });

  it("Tab in the last cell adds a row and goes into it", () => {
    const table = nodes.table!.create(null, [
      nodes.table_row!.create(null, [nodes.table_header!.create(null, p("A")), nodes.table_header!.create(null, p("B"))]),
      nodes.table_row!.create(null, [nodes.table_cell!.create(null, p("1")), nodes.table_cell!.create(null, p("2"))]),
    ]);
    const state = press(stateOf([table, p()], "2"), addRowAtEnd);
    expect(state.doc.firstChild!.childCount).toBe(3);
    expect(state.selection.$from.node(-2)).toBe(state.doc.firstChild!.child(2));
    expect(state.selection.$from.index(-2)).toBe(0);
  });

  it("a document always ends with a paragraph, so that a block at its end can be left", () => {
    const state = stateOf([p("x")], "x");
    const code = nodes.code_block!.create(null, nodes.code_line!.create(null, schema.text("y")));
    const next = state.apply(state.tr.replaceWith(0, state.doc.content.size, code));
    expect(next.doc.lastChild!.type).toBe(nodes.paragraph);
  });
});

describe("the slash menu's turn into", () => {
  it("keeps the line's text and formatting", () => {
    const line = nodes.paragraph!.create(null, [schema.text("Install "), schema.text("now", [schema.marks.bold!.create()])]);
    for (const [id, markdown] of [
      ["heading-2", "## Install **now**\n"],
      ["list-tasks", "* [ ] Install **now**\n"],
      ["hint-warning", '{% hint style="warning" %}\nInstall **now**\n{% endhint %}\n'],
      ["code", "```\nInstall now\n```\n"],
    ] as const) {
      const state = stateOf([line], "Install now");
      const next = state.apply(turnInto(state, BLOCK_CHOICES.find((choice) => choice.id === id)!));
      expect(markdownOf(next.doc), id).toBe(markdown);
    }
  });
});

describe("tabs", () => {
  it("show the tab the cursor is in", () => {
    const tabs = nodes.tabs!.create(null, [nodes.tabs_item!.create({ data: { title: "A" } }, p("first")), nodes.tabs_item!.create({ data: { title: "B" } }, p("second"))]);
    const state = stateOf([tabs, p()], "second");
    const decorations = tabsPlugin.getState(state)!.decorations.find();
    expect(decorations.map((decoration) => decoration.spec.activeTab).filter((index) => index !== undefined)).toEqual([1]);
  });
});
