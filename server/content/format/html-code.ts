import type { DocumentBlockCode, DocumentBlockCodeLine } from "@gitbook/api";
import type { Element, ElementContent } from "hast";
import { toHtml } from "hast-util-to-html";
import { plainText } from "./document-text";
import { htmlTokens } from "./html-fragment";

/**
 * GitBook writes a code block with highlighted lines as HTML, each highlighted line (its line
 * ending included) in `<strong>`, and the code block's options as data attributes:
 * `<pre class="language-yaml" data-title="openapi.yaml"><code class="lang-yaml">paths:
 * <strong>  /pet:
 * </strong></code></pre>`.
 */

const OPTIONS = { "data-title": "title", "data-overflow": "overflow", "data-line-numbers": "lineNumbers", "data-full-width": "fullWidth", "data-expandable": "expandable" } as const;

/** A code block from GitBook's `<pre>` HTML; undefined when the HTML is something else. */
export function htmlCode(html: string): DocumentBlockCode | undefined {
  const tokens = htmlTokens(html.trim());
  const [pre, code] = tokens;
  const [closeCode, closePre] = tokens.slice(-2);
  if (pre?.kind !== "open" || pre.name !== "pre" || code?.kind !== "open" || code.name !== "code") return undefined;
  if (closeCode?.kind !== "close" || closeCode.name !== "code" || closePre?.kind !== "close" || closePre.name !== "pre") return undefined;
  const lines: { text: string; highlighted: boolean }[] = [{ text: "", highlighted: false }];
  let highlighted = false;
  for (const token of tokens.slice(2, -2)) {
    if (token.kind === "text") {
      token.text.split("\n").forEach((piece, i) => {
        if (i > 0) lines.push({ text: "", highlighted: false });
        const line = lines.at(-1)!;
        line.text += piece;
        if (piece !== "" && highlighted) line.highlighted = true;
      });
    } else if (token.name === "strong") {
      highlighted = token.kind === "open";
      if (highlighted) lines.at(-1)!.highlighted = true;
    } else {
      return undefined;
    }
  }
  // The code ends with a line ending, as every highlighted line does.
  if (lines.length > 1 && lines.at(-1)!.text === "") lines.pop();
  const data: DocumentBlockCode["data"] = {};
  const syntax = [...(pre.attributes.get("class") ?? "").split(/\s+/)].find((name) => name.startsWith("language-"))?.slice("language-".length);
  if (syntax) data.syntax = syntax;
  for (const [attribute, option] of Object.entries(OPTIONS)) {
    const value = pre.attributes.get(attribute);
    if (value === undefined) continue;
    if (option === "title") data.title = value;
    else if (option === "overflow") {
      if (value === "wrap" || value === "scroll") data.overflow = value;
    } else data[option] = value === "true";
  }
  const nodes = lines.map(
    (line): DocumentBlockCodeLine => ({
      object: "block",
      type: "code-line",
      data: line.highlighted ? { highlighted: true } : {},
      nodes: [{ object: "text", leaves: [{ object: "leaf", text: line.text, marks: [] }] }],
    }),
  );
  return { object: "block", type: "code", data, nodes };
}

/** Whether GitBook writes this code block as HTML: when a line of it is highlighted. */
export const isHtmlCode = (block: DocumentBlockCode) => block.nodes.some((line) => line.data.highlighted);

/** A code block as GitBook writes it in HTML. */
export function codeHtml(block: DocumentBlockCode): string {
  const { syntax, title, overflow, lineNumbers, fullWidth, expandable } = block.data;
  const children: ElementContent[] = block.nodes.map((line) => {
    const text: ElementContent = { type: "text", value: `${plainText(line.nodes)}\n` };
    return line.data.highlighted ? { type: "element", tagName: "strong", properties: {}, children: [text] } : text;
  });
  const code: Element = { type: "element", tagName: "code", properties: syntax ? { className: [`lang-${syntax}`] } : {}, children };
  const properties = {
    ...(syntax ? { className: [`language-${syntax}`] } : {}),
    ...(title ? { dataTitle: title } : {}),
    ...(overflow === "wrap" ? { dataOverflow: overflow } : {}),
    ...(lineNumbers !== undefined ? { dataLineNumbers: String(lineNumbers) } : {}),
    ...(fullWidth !== undefined ? { dataFullWidth: String(fullWidth) } : {}),
    ...(expandable !== undefined ? { dataExpandable: String(expandable) } : {}),
  };
  return toHtml({ type: "element", tagName: "pre", properties, children: [code] });
}
