import type { BlockContent, DefinitionContent, Paragraph, PhrasingContent, Root, RootContent } from "mdast";

/**
 * GitBook's block tags in page markdown: `{% hint style="info" %}` … `{% endhint %}`,
 * `{% code title="x" %}` … `{% endcode %}`, `{% tabs %}` / `{% tab title="x" %}` and
 * `{% embed url="…" %}`. Markdown has no syntax for them: `isolateTagLines` makes each tag line
 * its own paragraph, then `remarkLiquidBlocks` wraps what lies between a pair into an element
 * (hints become `<aside>` callouts). A tag without its pair stays visible as written.
 */

export type HintStyle = "info" | "success" | "warning" | "danger";

const TAG = /^\{%\s*(end)?([a-z][a-z-]*)((?:\s+[A-Za-z]+="[^"]*")*)\s*%\}$/;
const ATTRIBUTE = /([A-Za-z]+)="([^"]*)"/g;
const TAG_LINE = /^([ \t>]*)\{%\s*(?:end)?[a-z][a-z-]*\b.*%\}\s*$/;
const FENCE = /^[ \t>]*(`{3,}|~{3,})/;
const PAIRED = new Set(["hint", "code", "tabs", "tab", "embed"]);

type Tag = { name: string; closing: boolean; attributes: Record<string, string> };

/** Puts blank lines (with the line's blockquote prefix) around tag lines outside fenced code. */
export function isolateTagLines(markdown: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split("\n")) {
    const marker = FENCE.exec(line)?.[1];
    if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) fence = fence ? undefined : marker;
    const tag = fence || marker ? undefined : TAG_LINE.exec(line);
    if (!tag) {
      out.push(line);
      continue;
    }
    const prefix = tag[1]!.trimEnd();
    out.push(prefix, line, prefix);
  }
  return out.join("\n");
}

function tagOf(node: RootContent): Tag | undefined {
  if (node.type !== "paragraph" || !node.children.every((child) => child.type === "text")) return undefined;
  const match = TAG.exec(node.children.map((child) => (child as { value: string }).value).join("").trim());
  if (!match || !PAIRED.has(match[2]!)) return undefined;
  const attributes: Record<string, string> = {};
  for (const [, key, value] of (match[3] ?? "").matchAll(ATTRIBUTE)) attributes[key!] = value!;
  return { name: match[2]!, closing: match[1] !== undefined, attributes };
}

const hintStyles: HintStyle[] = ["info", "success", "warning", "danger"];

export function hintStyleOf(className: string | undefined): HintStyle | undefined {
  const match = /\bhint-(info|success|warning|danger)\b/.exec(className ?? "");
  return match ? (match[1] as HintStyle) : undefined;
}

type Block = BlockContent | DefinitionContent;

const element = (hName: string, hProperties: Record<string, unknown>, children: Block[]): Block => ({
  type: "blockquote",
  children: children as BlockContent[],
  data: { hName, hProperties } as Record<string, unknown>,
});

const captionParagraph = (hName: string, text: string, hProperties: Record<string, unknown> = {}): Paragraph => ({
  type: "paragraph",
  children: [{ type: "text", value: text }],
  data: { hName, hProperties } as Record<string, unknown>,
});

function build(tag: Tag, inner: RootContent[]): RootContent[] {
  const children = inner as Block[];
  switch (tag.name) {
    case "hint": {
      const style = hintStyles.find((each) => each === tag.attributes.style) ?? "info";
      return [element("aside", { className: ["hint", `hint-${style}`] }, children)];
    }
    case "code": {
      const title = tag.attributes.title;
      return [element("figure", { className: ["code-block"] }, [...(title ? [captionParagraph("figcaption", title)] : []), ...children])];
    }
    case "tabs":
      return [element("div", { className: ["tabs"] }, children)];
    case "tab":
      return [element("section", { className: ["tab"] }, [captionParagraph("p", tag.attributes.title ?? "Tab", { className: ["tab-title"] }), ...children])];
    case "embed":
      return embed(tag, children);
    default:
      return inner;
  }
}

function embed(tag: Tag, caption: Block[]): RootContent[] {
  const url = tag.attributes.url ?? "";
  const link: PhrasingContent = { type: "link", url, children: [{ type: "text", value: url }] };
  return [element("div", { className: ["embed"] }, [{ type: "paragraph", children: [link] }, ...caption])];
}

/** Index of the tag closing the one opened at `start` (same name, nesting counted), or -1. */
function closingIndex(children: RootContent[], start: number, name: string): number {
  let depth = 0;
  for (let index = start + 1; index < children.length; index++) {
    const tag = tagOf(children[index]!);
    if (!tag || tag.name !== name) continue;
    if (!tag.closing) depth++;
    else if (depth === 0) return index;
    else depth--;
  }
  return -1;
}

function wrap(children: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!;
    const tag = tagOf(child);
    if (tag && !tag.closing) {
      const end = closingIndex(children, index, tag.name);
      if (end >= 0) {
        out.push(...build(tag, wrap(children.slice(index + 1, end))));
        index = end;
        continue;
      }
      // An embed needs no closing tag.
      if (tag.name === "embed") {
        out.push(...build(tag, []));
        continue;
      }
    }
    if ("children" in child && child.type !== "paragraph" && child.type !== "heading" && child.type !== "tableCell") {
      (child as { children: RootContent[] }).children = wrap((child as { children: RootContent[] }).children);
    }
    out.push(child);
  }
  return out;
}

/** The remark plugin: pairs tags at every level (document, blockquotes, list items). */
export function remarkLiquidBlocks() {
  return (tree: Root) => {
    tree.children = wrap(tree.children);
  };
}
