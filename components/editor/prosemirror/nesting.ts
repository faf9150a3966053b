import { Fragment, type Node, type ResolvedPos } from "prosemirror-model";
import { canonicalDoc } from "./paste";
import { schema } from "./schema";

/**
 * Whether blocks put where the cursor is would be kept by a save. A page is stored as markdown,
 * which cannot nest every block in every other (a table in a quote, code in a hint, tabs in a list
 * are read back beside their container, or flattened): rather than a table of what nests where,
 * kept apart from the format and drifting from it, the editor asks the format itself — a small
 * page holding the same containers and the blocks goes through markdown and back, and must come
 * back the same. Answers are remembered: one probe per kind of place and block.
 */

const { nodes } = schema;
const answers = new Map<string, boolean>();

const filler = () => nodes.paragraph!.create(null, schema.text("x"));

/** Every empty textblock given a character, so that the probe keeps what an empty block would lose. */
function filled(node: Node): Node {
  if (node.isTextblock) return node.content.size > 0 ? node : node.type.create(node.attrs, schema.text("x"));
  if (node.isLeaf) return node;
  const children: Node[] = [];
  node.forEach((child) => children.push(filled(child)));
  return node.copy(Fragment.from(children));
}

const shape = (node: Node): string => {
  if (node.isTextblock || node.isLeaf) return node.type.name;
  const children: string[] = [];
  node.forEach((child) => children.push(shape(child)));
  return `${node.type.name}(${children.join(",")})`;
};

/** Whether `blocks`, in place of the textblock at `$pos`, would be saved as they are. */
export function keptWhere($pos: ResolvedPos, blocks: Node[]): boolean {
  // At the top level every block is kept; in a table cell only text is.
  if ($pos.depth <= 1) return true;
  const containers: Node[] = [];
  for (let depth = $pos.depth - 1; depth >= 1; depth--) containers.push($pos.node(depth));
  if (containers.some((node) => node.type.spec.tableRole)) return false;
  const key = `${containers.map((node) => node.type.name).join("<")}:${blocks.map(shape).join(",")}`;
  let kept = answers.get(key);
  if (kept === undefined) {
    kept = probe(containers, blocks);
    answers.set(key, kept);
  }
  return kept;
}

function probe(containers: Node[], blocks: Node[]): boolean {
  try {
    let inner: Node[] = [filler(), ...blocks.map(filled)];
    for (const container of containers) {
      const wrapped = container.type.createAndFill(container.attrs, inner);
      if (!wrapped) return false;
      inner = [filled(wrapped)];
    }
    const doc = nodes.doc!.create(null, [...inner, filler()]);
    return shape(canonicalDoc(doc)) === shape(doc);
  } catch {
    return false;
  }
}
