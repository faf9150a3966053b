import type { Root } from "mdast";

/**
 * Numbers the page's top-level blocks (`data-block-index` on the element each renders), in the
 * order of the document's top-level blocks, so that comments can be anchored to them by key.
 * Link definitions render nothing and are not blocks of the document: they are skipped.
 */
export function remarkBlockIndexes() {
  return (tree: Root) => {
    let index = 0;
    for (const node of tree.children) {
      if (node.type === "definition") continue;
      const data = (node.data ??= {}) as { hProperties?: Record<string, unknown> };
      data.hProperties = { ...data.hProperties, "data-block-index": index++ };
    }
  };
}
