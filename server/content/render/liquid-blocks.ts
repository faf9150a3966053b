import type { BlockContent, DefinitionContent, Paragraph, PhrasingContent, Root, RootContent } from "mdast";
import { fileSource, isolateTagLines as isolateTags, pairTags, parseDetailsTag, parseTag, type LiquidTag } from "../format/liquid-tags";
import { MAX_NESTING } from "../format/markdown-limits";

/**
 * GitBook's block tags in page markdown: `{% hint style="info" %}` … `{% endhint %}`,
 * `{% code title="x" %}` … `{% endcode %}`, `{% tabs %}` / `{% tab title="x" %}`,
 * `{% file src="…" %}` … `{% endfile %}`, `{% embed url="…" %}`, and expandables written as
 * `<details>`, `<summary>…</summary>`, `</details>`. Markdown has no syntax for them:
 * `isolateTagLines` makes each tag line its own block, then `remarkLiquidBlocks` wraps what lies
 * between a pair into an element (hints become `<aside>` callouts, tabs a tab list, expandables
 * `<details>`, files a download card). A tag without its pair stays visible as written.
 */

export type HintStyle = "info" | "success" | "warning" | "danger";

const TAG_NAMES = ["hint", "code", "tabs", "tab", "embed", "file"];
const PAIRED_TAGS = [...TAG_NAMES, "details"];

/** Puts blank lines around the lines of the tags the reader renders, outside fenced code. */
export const isolateTagLines = (markdown: string) => isolateTags(markdown, TAG_NAMES);

/** A tag line's text: GFM turns a URL in it (`{% embed url="https://…" %}`) into a link, whose text is the URL as written. */
function literalText(child: PhrasingContent): string | undefined {
  if (child.type === "text") return child.value;
  const only = child.type === "link" && child.children.length === 1 ? child.children[0] : undefined;
  return only?.type === "text" && child.type === "link" && child.url.endsWith(only.value) ? only.value : undefined;
}

function tagOf(node: RootContent): LiquidTag | undefined {
  if (node.type === "html") return parseDetailsTag(node.value);
  if (node.type !== "paragraph") return undefined;
  const parts = node.children.map(literalText);
  if (parts.some((part) => part === undefined)) return undefined;
  const tag = parseTag(parts.join(""));
  return tag && TAG_NAMES.includes(tag.name) ? tag : undefined;
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

const captionParagraph = (hName: string, text: string): Paragraph => ({
  type: "paragraph",
  children: [{ type: "text", value: text }],
  data: { hName } as Record<string, unknown>,
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
      return [element("section", { className: ["tab"], dataTitle: tag.attributes.title ?? "" }, children)];
    case "details": {
      // The title is on the `<details>` line or on a `<summary>` line right after it.
      const summary = tag.attributes.title === undefined && inner[0] ? tagOf(inner[0]) : undefined;
      const title = summary?.name === "summary" ? summary.attributes.title! : (tag.attributes.title ?? "");
      const body = summary?.name === "summary" ? children.slice(1) : children;
      return [element("details", { open: tag.attributes.open === "true" }, [captionParagraph("summary", title), ...body])];
    }
    case "file":
      return file(tag, children);
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

/** A file and its caption; the view shows it as a download card (its name and size when known). */
function file(tag: LiquidTag, caption: Block[]): RootContent[] {
  return [element("figure", { className: ["file-card"], dataSrc: fileSource(tag) }, caption.length > 0 ? [element("figcaption", {}, caption)] : [])];
}

/** Wraps paired tags at every level (document, blockquotes, list items, tags); past the nesting limit, tags stay text. */
function wrap(children: RootContent[], depth: number): RootContent[] {
  const out: RootContent[] = [];
  const tags = children.map(tagOf);
  const closing = depth < MAX_NESTING ? pairTags(tags, PAIRED_TAGS) : new Map<number, number>();
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!;
    const tag = tags[index];
    const end = closing.get(index);
    if (tag && end !== undefined) {
      out.push(...build(tag, wrap(children.slice(index + 1, end), depth + 1)));
      index = end;
      continue;
    }
    // Embeds and files without a caption need no closing tag.
    if (tag && !tag.closing && (tag.name === "embed" || tag.name === "file")) {
      out.push(...build(tag, []));
      continue;
    }
    if ("children" in child && child.type !== "paragraph" && child.type !== "heading" && child.type !== "tableCell") {
      (child as { children: RootContent[] }).children = wrap((child as { children: RootContent[] }).children, depth + 1);
    }
    out.push(child);
  }
  return out;
}

/** The remark plugin: pairs tags at every level (document, blockquotes, list items). */
export function remarkLiquidBlocks() {
  return (tree: Root) => {
    tree.children = wrap(tree.children, 0);
  };
}
