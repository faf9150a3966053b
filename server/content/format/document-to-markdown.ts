import type { DocumentBlock, DocumentBlockCode, DocumentBlockExpandable, DocumentBlockImage, DocumentBlockTabs, JSONDocument } from "@gitbook/api";
import type { BlockContent, Html, List, ListItem, Paragraph, RootContent } from "mdast";
import { gfmToMarkdown } from "mdast-util-gfm";
import { toMarkdown, type Join } from "mdast-util-to-markdown";
import { badRequest } from "../../errors";
import type { DocumentBlockFileWithCaption } from "./document-blocks";
import { plainText } from "./document-text";
import { phrasing } from "./inline-to-markdown";
import { urlOfRef } from "./link-targets";
import { escapeHtmlText, formatTag } from "./liquid-tags";
import { MAX_NESTING } from "./markdown-limits";
import { tableToMarkdown } from "./tables";

/**
 * How deeply a document's nodes may nest (blocks, inlines and fragments within one another): four
 * levels for each level of markdown nesting, more than a document of any accepted markdown has.
 * Deeper input is refused before the recursive conversion could exhaust the stack.
 */
export const MAX_DOCUMENT_DEPTH = 4 * MAX_NESTING;

/** Canonical markdown for a document: the inverse of markdownToDocument. */
export function documentToMarkdown(document: JSONDocument): string {
  if (nodesDepth(document, MAX_DOCUMENT_DEPTH) > MAX_DOCUMENT_DEPTH) throw badRequest(`document: nested deeper than ${MAX_DOCUMENT_DEPTH} levels`);
  return toMarkdown(
    { type: "root", children: flow(document.nodes) },
    { extensions: [gfmToMarkdown({ tablePipeAlign: false })], bullet: "-", rule: "-", listItemIndent: "one", fences: true, join: [tagsHugContent] },
  );
}

/** How deeply `nodes` and `fragments` nest in a document, counted iteratively; counting stops past `above`. */
function nodesDepth(document: JSONDocument, above: number): number {
  let deepest = 0;
  const pending: { value: unknown; depth: number }[] = [{ value: document, depth: 0 }];
  for (let item = pending.pop(); item && deepest <= above; item = pending.pop()) {
    deepest = Math.max(deepest, item.depth);
    const { nodes, fragments } = item.value as { nodes?: unknown; fragments?: unknown };
    for (const children of [nodes, fragments]) {
      if (Array.isArray(children)) for (const child of children) if (child && typeof child === "object") pending.push({ value: child, depth: item.depth + 1 });
    }
  }
  return deepest;
}

const tag = (value: string): Html => ({ type: "html", value });
const OPENING_TAG = /^\{% (hint|code|tabs|tab|file)\b/;
const CLOSING_TAG = /^\{% end(hint|code|tabs|tab|file) %\}$/;

// GitBook writes block tags right against their content, with no blank line.
const tagsHugContent: Join = (left, right) => {
  if ((left.type === "html" && OPENING_TAG.test(left.value)) || (right.type === "html" && CLOSING_TAG.test(right.value))) return 0;
  return undefined;
};

function flow(blocks: readonly DocumentBlock[]): RootContent[] {
  return blocks.flatMap((block) => flowOf(block));
}

function flowOf(block: DocumentBlock): RootContent[] {
  switch (block.type) {
    case "paragraph":
      return [{ type: "paragraph", children: phrasing(block.nodes) }];
    case "heading-1":
    case "heading-2":
    case "heading-3":
      return [{ type: "heading", depth: Number(block.type.slice(-1)) as 1 | 2 | 3, children: phrasing(block.nodes) }];
    case "divider":
      return [{ type: "thematicBreak" }];
    case "blockquote":
      return [{ type: "blockquote", children: flow(block.nodes) as BlockContent[] }];
    case "hint":
      return [tag(formatTag("hint", { style: block.data.style })), ...flow(block.nodes), tag("{% endhint %}")];
    case "code":
      return code(block);
    case "list-ordered":
    case "list-unordered":
    case "list-tasks":
      return [list(block.type, block.nodes, block.type === "list-ordered" ? block.data.start : undefined)];
    case "images":
      return [images(block.nodes)];
    case "image":
      return [images([block])];
    case "table":
      return [tableToMarkdown(block)];
    case "embed":
      return [tag(formatTag("embed", { url: block.data.url }))];
    case "tabs":
      return tabs(block);
    case "expandable":
      return expandable(block);
    case "file":
      return file(block);
    default:
      // Blocks markdown has no syntax for keep their content, if they hold any.
      return "nodes" in block && Array.isArray(block.nodes) ? flow(block.nodes as DocumentBlock[]) : [];
  }
}

// GitBook writes a blank line between tabs, none around the tags otherwise.
function tabs(block: DocumentBlockTabs): RootContent[] {
  const items = block.nodes.flatMap((item) => [tag(formatTag("tab", { title: item.data.title?.replaceAll("\n", " ") })), ...flow(item.nodes), tag("{% endtab %}")]);
  return [tag("{% tabs %}"), ...items, tag("{% endtabs %}")];
}

// GitBook's form: `<details>` (`<details open>`), `<summary>`, the body and `</details>`, each a block of its own.
function expandable(block: DocumentBlockExpandable): RootContent[] {
  const fragment = (name: string) => block.fragments.find((each) => each.fragment === name)?.nodes ?? [];
  const title = plainText(fragment("expandable-title")).replaceAll("\n", " ");
  return [
    tag(block.data.defaultExpanded ? "<details open>" : "<details>"),
    tag(`<summary>${escapeHtmlText(title)}</summary>`),
    ...flow(fragment("expandable-body") as DocumentBlock[]),
    tag("</details>"),
  ];
}

function file(block: DocumentBlockFileWithCaption): RootContent[] {
  const caption = (block.fragments ?? []).find((fragment) => fragment.fragment === "caption")?.nodes ?? [];
  return [tag(formatTag("file", { src: urlOfRef(block.data.ref) })), ...flow(caption), tag("{% endfile %}")];
}

function code(block: DocumentBlockCode): RootContent[] {
  const { syntax, title, overflow, lineNumbers, fullWidth, expandable } = block.data;
  const value = block.nodes.map((line) => plainText(line.nodes)).join("\n");
  const node: RootContent = { type: "code", lang: syntax || null, meta: null, value };
  const attributes = {
    title: title || undefined,
    overflow: overflow === "wrap" ? overflow : undefined,
    lineNumbers: lineNumbers === undefined ? undefined : String(lineNumbers),
    fullWidth: fullWidth === undefined ? undefined : String(fullWidth),
    expandable: expandable === undefined ? undefined : String(expandable),
  };
  if (Object.values(attributes).every((attribute) => attribute === undefined)) return [node];
  return [tag(formatTag("code", attributes)), node, tag("{% endcode %}")];
}

function list(type: "list-ordered" | "list-unordered" | "list-tasks", items: readonly DocumentBlock[], start: number | undefined): List {
  const children = items.map(
    (item): ListItem => ({
      type: "listItem",
      spread: false,
      checked: type === "list-tasks" ? item.data !== undefined && "checked" in item.data && item.data.checked === true : null,
      children: "nodes" in item ? (flow(item.nodes as DocumentBlock[]) as BlockContent[]) : [],
    }),
  );
  return { type: "list", ordered: type === "list-ordered", start: start ?? null, spread: false, children };
}

function images(nodes: readonly DocumentBlockImage[]): Paragraph {
  const children: Paragraph["children"] = [];
  for (const image of nodes) {
    if (children.length > 0) children.push({ type: "text", value: " " });
    const caption = plainText(image.fragments.flatMap((fragment) => fragment.nodes));
    children.push({ type: "image", url: urlOfRef(image.data.ref) ?? "", alt: image.data.alt ?? "", title: caption || null });
  }
  return { type: "paragraph", children };
}
