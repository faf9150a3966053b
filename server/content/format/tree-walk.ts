import type { Nodes, Parent, RootContent } from "mdast";
import { MAX_NESTING } from "./markdown-limits";

const FLOW_CONTAINERS = new Set(["blockquote", "listItem", "footnoteDefinition"]);

/**
 * Caps the nesting of a syntax tree's flow containers at `max`: a container at that depth keeps,
 * in order, the blocks that were nested deeper inside it, no longer nested. Iterative, so that no
 * depth of tree (a page stored before the limit) can exhaust the stack.
 */
export function capNesting(tree: Parent, max = MAX_NESTING): void {
  const pending: { node: Parent; depth: number }[] = [{ node: tree, depth: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const depth = item.depth + (FLOW_CONTAINERS.has(item.node.type) ? 1 : 0);
    if (depth >= max && item.node.type !== "root") {
      item.node.children = leafBlocks(item.node.children as RootContent[]) as never[];
      continue;
    }
    for (const child of item.node.children) if ("children" in child) pending.push({ node: child as Parent, depth });
  }
}

/** The blocks of `nodes` that are not containers, in reading order, taken out of every container. */
function leafBlocks(nodes: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  const pending = [...nodes].reverse();
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (FLOW_CONTAINERS.has(node.type) || node.type === "list") {
      for (let i = (node as Parent).children.length - 1; i >= 0; i--) pending.push((node as Parent).children[i] as RootContent);
    } else {
      out.push(node);
    }
  }
  return out;
}

/** Every node of a tree, parents before their children, in reading order; iterative. */
export function* walkTree(tree: Nodes): Generator<Nodes> {
  const pending: Nodes[] = [tree];
  for (let node = pending.pop(); node; node = pending.pop()) {
    yield node;
    if ("children" in node) for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i]!);
  }
}
