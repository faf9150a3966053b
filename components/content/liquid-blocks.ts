import type { BlockContent, DefinitionContent, Paragraph, PhrasingContent, Root, RootContent } from "mdast";
import { isolateTagLines as isolateTags, parseTag, type LiquidTag } from "@/server/content/format/liquid-tags";

/**
 * GitBook's block tags in page markdown: `{% hint style="info" %}` … `{% endhint %}`,
 * `{% code title="x" %}` … `{% endcode %}`, `{% tabs %}` / `{% tab title="x" %}` and
 * `{% embed url="…" %}`. Markdown has no syntax for them: `isolateTagLines` makes each tag line
 * its own paragraph, then `remarkLiquidBlocks` wraps what lies between a pair into an element
 * (hints become `<aside>` callouts). A tag without its pair stays visible as written.
 */

export type HintStyle = "info" | "success" | "warning" | "danger";

const PAIRED_TAGS = ["hint", "code", "tabs", "tab", "embed"];

/** Puts blank lines around the lines of the tags the reader renders, outside fenced code. */
export const isolateTagLines = (markdown: string) => isolateTags(markdown, PAIRED_TAGS);

function tagOf(node: RootContent): LiquidTag | undefined {
  if (node.type !== "paragraph" || !node.children.every((child) => child.type === "text")) return undefined;
  const tag = parseTag(node.children.map((child) => (child as { value: string }).value).join(""));
  return tag && PAIRED_TAGS.includes(tag.name) ? tag : undefined;
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

function build(tag: LiquidTag, inner: RootContent[]): RootContent[] {
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

function embed(tag: LiquidTag, caption: Block[]): RootContent[] {
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
