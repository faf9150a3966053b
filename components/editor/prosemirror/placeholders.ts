import type { Node } from "prosemirror-model";
import { Plugin } from "prosemirror-state";
import { Decoration, DecorationSet } from "prosemirror-view";
import { schema } from "./schema";

/**
 * Greyed hints in empty places, which are not content: "Type / for blocks" on the empty line the
 * cursor is on, and "Column 1", "Column 2"… in a table's empty column titles.
 */

const { nodes } = schema;
const placeholder = (from: number, to: number, text: string) => Decoration.node(from, to, { class: "pm-placeholder", "data-placeholder": text });

// The column titles' hints change with the document only, not with each move of the cursor.
const titleHints = new WeakMap<Node, Decoration[]>();

function columnTitleHints(doc: Node): Decoration[] {
  let found = titleHints.get(doc);
  if (found) return found;
  found = [];
  const hints = found;
  doc.descendants((node, pos) => {
    if (node.type !== nodes.table) return !node.isTextblock;
    let cell = pos + 2;
    node.firstChild?.forEach((header, _offset, index) => {
      const paragraph = header.firstChild;
      if (header.childCount === 1 && paragraph?.content.size === 0) hints.push(placeholder(cell + 1, cell + 1 + paragraph.nodeSize, `Column ${index + 1}`));
      cell += header.nodeSize;
    });
    return false;
  });
  titleHints.set(doc, found);
  return found;
}

export const placeholders = new Plugin({
  props: {
    decorations(state) {
      const { $from, empty } = state.selection;
      const decorations = [...columnTitleHints(state.doc)];
      const line = $from.parent;
      let inCell = false;
      for (let depth = $from.depth; depth > 0; depth--) inCell ||= !!$from.node(depth).type.spec.tableRole;
      if (empty && line.type === nodes.paragraph && line.content.size === 0 && !inCell && $from.depth >= 1) {
        decorations.push(placeholder($from.before(), $from.after(), "Type / for blocks"));
      }
      return DecorationSet.create(state.doc, decorations);
    },
  },
});
