import type { DocumentInline, DocumentText, DocumentTextMark } from "@gitbook/api";
import type { ElementContent, Properties } from "hast";
import { buttonHtml } from "./inline-to-markdown";
import { urlOfRef } from "./link-targets";
import { expressionMarkup } from "./variables";

/**
 * Document texts and inlines as the HTML GitBook writes inside its HTML blocks (a figure's
 * caption, a card table's cells): marks as elements (`<strong>`, `<em>`, `<code>`, `<s>`, `<kbd>`,
 * `<sup>`, `<sub>`, `<mark style="…">`), links as `<a href>`, line breaks as `<br>`. Serialized
 * with hast-util-to-html, as GitBook's are (`&` and `<` as `&#x26;` and `&#x3C;`).
 */
export function inlineHtml(nodes: readonly (DocumentText | DocumentInline)[]): ElementContent[] {
  const out: ElementContent[] = [];
  for (const node of nodes) {
    if (node.object === "text") {
      for (const leaf of node.leaves) {
        leaf.text.split("\n").forEach((line, i) => {
          if (i > 0) out.push(element("br", {}));
          if (line !== "") out.push(marked(line, leaf.marks));
        });
      }
      continue;
    }
    switch (node.type) {
      case "link": {
        const url = urlOfRef(node.data.ref);
        const inner = inlineHtml(node.nodes);
        out.push(...(url === undefined ? inner : [element("a", { href: url }, inner)]));
        break;
      }
      case "inline-image": {
        const url = urlOfRef(node.data.ref) ?? "";
        const img = element("img", { src: url, alt: node.data.alt ?? "", ...(node.data.size === "line" ? { dataSize: "line" } : {}) });
        const dark = node.data.refDark ? urlOfRef(node.data.refDark) : undefined;
        out.push(dark === undefined ? img : element("picture", {}, [element("source", { srcSet: dark, media: "(prefers-color-scheme: dark)" }), img]));
        break;
      }
      case "expression":
        out.push({ type: "text", value: expressionMarkup(node.data.expression) });
        break;
      case "inline-math":
        out.push({ type: "text", value: `$$${node.data.formula}$$` });
        break;
      case "icon":
        out.push(element("i", { className: [`fa-${node.data.icon}`] }, [{ type: "text", value: `:${node.data.icon}:` }]));
        break;
      case "button":
        out.push({ type: "raw", value: buttonHtml(node) } as ElementContent);
        break;
      case "emoji": {
        const text: ElementContent = { type: "text", value: String.fromCodePoint(...node.data.code.split("-").map((hex) => Number.parseInt(hex, 16) || 0x3f)) };
        out.push(element("span", { dataGbCustomInline: true, dataTag: "emoji", dataCode: node.data.code }, [text]));
        break;
      }
      default:
        if ("nodes" in node) out.push(...inlineHtml(node.nodes as (DocumentText | DocumentInline)[]));
    }
  }
  return out;
}

const element = (tagName: string, properties: Properties, children: ElementContent[] = []): ElementContent => ({ type: "element", tagName, properties, children });

const MARK_TAGS: Record<string, string> = { bold: "strong", italic: "em", strikethrough: "s", code: "code", keyboard: "kbd", superscript: "sup", subscript: "sub" };
const ORDER = ["color", "bold", "italic", "strikethrough", "keyboard", "superscript", "subscript", "code"];

function marked(text: string, marks: readonly DocumentTextMark[]): ElementContent {
  let node: ElementContent = { type: "text", value: text };
  const sorted = [...marks].sort((a, b) => ORDER.indexOf(b.type) - ORDER.indexOf(a.type));
  for (const mark of sorted) {
    if (mark.type === "color") {
      const { text: color, background } = mark.data;
      const style = `${color !== "default" ? `color:${color};` : ""}${background !== "default" ? `background-color:${background};` : ""}`;
      if (style) node = element("mark", { style }, [node]);
    } else if (MARK_TAGS[mark.type]) {
      node = element(MARK_TAGS[mark.type]!, {}, [node]);
    }
  }
  return node;
}
