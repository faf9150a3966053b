import { expressionMarkup } from "./variables";

/** Plain text of document nodes: leaves' text, expressions as written, and the text inside inlines. */
export function plainText(nodes: readonly unknown[]): string {
  return nodes
    .map((node) => {
      const value = node as { type?: string; leaves?: { text: string }[]; nodes?: unknown[]; data?: { expression?: string } };
      if (value.leaves) return value.leaves.map((leaf) => leaf.text).join("");
      if (value.type === "expression" && value.data?.expression) return expressionMarkup(value.data.expression);
      return value.nodes ? plainText(value.nodes) : "";
    })
    .join("");
}
