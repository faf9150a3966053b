import type { JSONDocument } from "@gitbook/api";
import { splitBlock } from "prosemirror-commands";
import { EditorState, TextSelection, type Transaction } from "prosemirror-state";
import { describe, expect, it } from "vitest";
import { documentToProseMirror, proseMirrorToDocument } from "@/components/editor/prosemirror/document-conversion";
import { insertBlocks, BLOCK_CHOICES } from "@/components/editor/prosemirror/insert-blocks";
import { moveBlock, uniqueKeys } from "@/components/editor/prosemirror/plugins";
import { markdownToDocument } from "@/server/content/format";

const keysOf = (document: JSONDocument) => (document.nodes as { key?: string }[]).map((block) => block.key ?? null);

function stateOf(markdown: string) {
  return EditorState.create({ doc: documentToProseMirror(markdownToDocument(markdown)), plugins: [uniqueKeys] });
}

function run(state: EditorState, command: (state: EditorState, dispatch: (tr: Transaction) => void) => boolean): EditorState {
  let next = state;
  expect(command(state, (tr) => (next = state.apply(tr)))).toBe(true);
  return next;
}

describe("block keys in the editor", () => {
  it("a block split in two keeps its key on the first half; the second is a new block", () => {
    const state = stateOf("First paragraph\n\nSecond\n");
    const inside = state.apply(state.tr.setSelection(TextSelection.create(state.doc, 6)));
    const split = run(inside, splitBlock);
    expect(keysOf(proseMirrorToDocument(split.doc))).toEqual(["0", null, "1"]);
  });

  it("a pasted copy of a block is a new block", () => {
    const state = stateOf("One\n\nTwo\n");
    const copy = state.doc.slice(0, state.doc.child(0).nodeSize);
    const pasted = state.apply(state.tr.insert(state.doc.content.size, copy.content));
    expect(keysOf(proseMirrorToDocument(pasted.doc))).toEqual(["0", "1", null]);
  });

  it("a moved block keeps its key (Alt+↑/↓), and blocks inserted from the slash menu have none", () => {
    const state = stateOf("One\n\nTwo\n\nThree\n");
    const atThree = state.apply(state.tr.setSelection(TextSelection.create(state.doc, state.doc.content.size - 2)));
    const moved = run(atThree, moveBlock(-1));
    expect(keysOf(proseMirrorToDocument(moved.doc))).toEqual(["0", "2", "1"]);
    const table = BLOCK_CHOICES.find((choice) => choice.id === "table")!;
    const inserted = moved.apply(insertBlocks(moved, table.make(), table.cursor));
    const document = proseMirrorToDocument(inserted.doc);
    expect((document.nodes as { type: string; key?: string }[]).map((block) => [block.type, block.key ?? null])).toEqual([
      ["paragraph", "0"],
      ["paragraph", "2"],
      ["table", null],
      ["paragraph", "1"],
    ]);
  });
});
