import type { Element, ElementContent, Root, RootContent } from "hast";

/** The item's own text, without the lists nested in it. */
function textOf(node: ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type !== "element" || node.tagName === "ul" || node.tagName === "ol") return "";
  return node.children.map(textOf).join("");
}

function checkboxOf(item: Element): Element | undefined {
  // A tight list puts the checkbox first in the item, a loose one first in its paragraph.
  const first = item.children.find((child) => child.type === "element");
  const candidates = first?.tagName === "p" ? first.children : item.children;
  return candidates.find((child): child is Element => child.type === "element" && child.tagName === "input" && child.properties.type === "checkbox");
}

/**
 * Rehype plugin: a task-list checkbox is named by its item's text, so that it is read out as
 * "Write the guide, checkbox, checked" rather than as an unlabelled control.
 */
export function rehypeTaskListLabels() {
  return (tree: Root) => {
    const visit = (node: Root | RootContent) => {
      if (node.type !== "root" && node.type !== "element") return;
      if (node.type === "element" && node.tagName === "li") {
        const checkbox = checkboxOf(node);
        if (checkbox) checkbox.properties.ariaLabel = node.children.map(textOf).join("").trim() || "Task";
      }
      node.children.forEach(visit);
    };
    visit(tree);
  };
}
