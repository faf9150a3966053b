import { expressionMarkup } from "./variables";

/** Plain text of document nodes: leaves' text, expressions as written, buttons' labels, formulas, and the text inside inlines. */
export function plainText(nodes: readonly unknown[]): string {
  return nodes
    .map((node) => {
      const value = node as { type?: string; leaves?: { text: string }[]; nodes?: unknown[]; data?: { expression?: string; label?: string; formula?: string } };
      if (value.leaves) return value.leaves.map((leaf) => leaf.text).join("");
      if (value.type === "expression" && value.data?.expression) return expressionMarkup(value.data.expression);
      if (value.type === "button") return value.data?.label ?? "";
      if (value.type === "inline-math" || value.type === "math") return value.data?.formula ?? "";
      return value.nodes ? plainText(value.nodes) : "";
    })
    .join("");
}
