import type { Token } from "markdown-it";
import type { AlignType, List, ListItem, Parent, PhrasingContent, Root, RootContent, Table } from "mdast";
import type { Position } from "unist";
import { createMarkdownParser, type SourceSpan } from "./markdown-it-parser";
import { SourcePoints, type OffsetMap } from "./source-offsets";

/**
 * A page body's markdown syntax tree (mdast, as the rest of the format reads it): CommonMark with
 * GitHub's tables, strikethrough and task lists, GitBook's block tags (`blockTag`
 * nodes: each tag line as written) and formulas (`math` and `inlineMath` nodes). Parsed by markdown-it (markdown-it-parser.ts), in time linear in the input.
 *
 * Blocks, links, images, code spans and inline HTML have positions in the page (offsets count
 * UTF-16 units, as JavaScript strings do). Links carry their resolved url (reference links
 * included: no `linkReference` nodes); an inline link's and a definition's `data.destination`
 * is where its destination is written, for rewriting it in place.
 */

export type Destination = { start: number; end: number };

declare module "mdast" {
  interface LinkData {
    destination?: Destination;
    /** Written as a reference (`[text][label]`), its target in a definition elsewhere. */
    reference?: boolean;
  }
  interface ImageData {
    destination?: Destination;
    reference?: boolean;
  }
  interface DefinitionData {
    destination?: Destination;
  }
  interface Math extends Literal {
    type: "math";
  }
  interface InlineMath extends Literal {
    type: "inlineMath";
  }
  /** A line holding one of GitBook's block tags or an expandable's HTML line, as written. */
  interface BlockTag extends Literal {
    type: "blockTag";
  }
  interface RootContentMap {
    math: Math;
    inlineMath: InlineMath;
    blockTag: BlockTag;
  }
  interface BlockContentMap {
    math: Math;
    blockTag: BlockTag;
  }
  interface PhrasingContentMap {
    inlineMath: InlineMath;
  }
}

let parser: ReturnType<typeof createMarkdownParser> | undefined;

export function parseMarkdown(markdown: string): Root {
  parser ??= createMarkdownParser();
  const points = new SourcePoints(markdown);
  const tokens = parser.parse(points.normalized(), {});
  return new TreeBuilder(points).build(tokens);
}

/** An open container, or null for a token that opens nothing of mdast's (a table's head and body). */
type Open = Parent | null;

class TreeBuilder {
  constructor(private readonly points: SourcePoints) {}

  build(tokens: Token[]): Root {
    const root: Root = { type: "root", children: [] };
    const stack: Open[] = [root];
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (token.nesting === -1) {
        const closed = stack.pop();
        if (closed?.type === "table") {
          const table = closed as Table;
          table.align = (table.children[0]?.children ?? []).map((cell) => (cell.data as { align?: AlignType } | undefined)?.align ?? null);
        }
        continue;
      }
      const node = this.blockNode(token, tokens[i + 1]);
      const parent = stack.findLast((open) => open !== null)!;
      if (node) (parent.children as RootContent[]).push(node);
      if (token.nesting === 1) stack.push(node as Parent | null);
      if (node?.type === "paragraph" && parent.type === "listItem" && !token.hidden) {
        // markdown-it shows a list's paragraphs when it is loose: mdast calls that spread.
        (parent as ListItem).spread = true;
        const list = stack.at(-3);
        if (list?.type === "list") (list as List).spread = true;
      }
      // A paragraph's, heading's or cell's inline token is read with it.
      if (node?.type === "paragraph" || node?.type === "heading" || node?.type === "tableCell") i++;
    }
    return root;
  }

  private blockNode(token: Token, next: Token | undefined): RootContent | null {
    const position = this.blockPosition(token);
    const inline = () => (next?.type === "inline" ? this.phrasing(next) : []);
    switch (token.type) {
      case "paragraph_open":
        return { type: "paragraph", children: inline(), position };
      case "heading_open":
        return { type: "heading", depth: Number(token.tag.slice(1)) as 1, children: inline(), position };
      case "hr":
        return { type: "thematicBreak", position };
      case "blockquote_open":
        return { type: "blockquote", children: [], position };
      case "bullet_list_open":
      case "ordered_list_open": {
        const ordered = token.type === "ordered_list_open";
        const start = ordered ? Number(token.attrGet("start") ?? 1) : null;
        return { type: "list", ordered, start, spread: false, children: [], position, data: { marker: token.markup } } as RootContent;
      }
      case "list_item_open": {
        const checked = token.meta?.checked;
        return { type: "listItem", spread: false, checked: typeof checked === "boolean" ? checked : null, children: [] };
      }
      case "fence":
      case "code_block": {
        const info = token.type === "fence" ? token.info.trim() : "";
        const space = info.search(/[ \t]/);
        const lang = info === "" ? null : space < 0 ? info : info.slice(0, space);
        const meta = space < 0 ? null : info.slice(space).trim() || null;
        return { type: "code", lang, meta, value: withoutFinalNewline(token.content), position };
      }
      case "math_block":
        return { type: "math", value: withoutFinalNewline(token.content), position };
      case "block_tag":
        return { type: "blockTag", value: token.content, position };
      case "html_block":
        return { type: "html", value: withoutFinalNewline(token.content), position };
      case "reference_definition":
        return {
          type: "definition",
          identifier: String(token.meta?.label ?? "").toLowerCase(),
          label: String(token.meta?.label ?? ""),
          url: "",
          title: null,
          position,
          data: token.meta?.destination ? { destination: this.span(token.meta.destination as SourceSpan) } : {},
        };
      case "table_open":
        return { type: "table", align: [], children: [], position };
      case "tr_open":
        return { type: "tableRow", children: [] };
      case "th_open":
      case "td_open": {
        const style = String(token.attrGet("style") ?? "");
        const align = /text-align:(left|center|right)/.exec(style)?.[1] ?? null;
        return { type: "tableCell", children: inline(), data: { align } } as RootContent;
      }
      default:
        return null;
    }
  }

  private blockPosition(token: Token): Position | undefined {
    const { start, end } = token.meta ?? {};
    if (typeof start !== "number" || typeof end !== "number") return undefined;
    return { start: this.points.point(this.points.offset(start)), end: this.points.point(this.points.offset(Math.max(start, end))) };
  }

  private span([start, end]: SourceSpan): { start: number; end: number } {
    return { start: this.points.offset(start), end: this.points.offset(end) };
  }

  /** The phrasing content of an inline token, built from its children with an explicit stack. */
  private phrasing(inline: Token): PhrasingContent[] {
    const offsets = inline.meta?.offsets as OffsetMap | undefined;
    const position = (span: unknown): Position | undefined => {
      if (!offsets || !Array.isArray(span)) return undefined;
      const [start, end] = span as SourceSpan;
      return { start: this.points.point(this.points.offset(offsets.toSource(start))), end: this.points.point(this.points.offset(offsets.toSource(end))) };
    };
    const destination = (span: unknown) => {
      if (!offsets || !Array.isArray(span)) return undefined;
      const [start, end] = span as SourceSpan;
      return { start: this.points.offset(offsets.toSource(start)), end: this.points.offset(offsets.toSource(end)) };
    };
    const root: Frame = { children: [] };
    const stack: Frame[] = [root];
    const append = (node: PhrasingContent) => {
      const children = stack.at(-1)!.children;
      const last = children.at(-1);
      if (node.type === "text" && last?.type === "text") last.value += node.value;
      else children.push(node);
    };
    const open = (node: PhrasingContent & { children: PhrasingContent[] }) => {
      stack.at(-1)!.children.push(node);
      stack.push(node);
    };
    const children = inline.children ?? [];
    for (let i = 0; i < children.length; i++) {
      const token = children[i]!;
      switch (token.type) {
        case "text":
          append({ type: "text", value: token.content });
          break;
        case "softbreak":
          append({ type: "text", value: "\n" });
          break;
        case "hardbreak":
          stack.at(-1)!.children.push({ type: "break" });
          break;
        case "code_inline":
          stack.at(-1)!.children.push({ type: "inlineCode", value: token.content, position: position(token.meta?.span) });
          break;
        case "math_inline":
          stack.at(-1)!.children.push({ type: "inlineMath", value: token.content });
          break;
        case "html_inline":
          stack.at(-1)!.children.push({ type: "html", value: token.content, position: position(token.meta?.span) });
          break;
        case "em_open":
          open({ type: "emphasis", children: [] });
          break;
        case "strong_open":
          open({ type: "strong", children: [] });
          break;
        case "s_open":
          open({ type: "delete", children: [] });
          break;
        case "link_open": {
          const url = String(token.attrGet("href") ?? "");
          const title = token.attrGet("title");
          const target = destination(token.meta?.destination);
          const data = target ? { destination: target } : token.meta?.label ? { reference: true } : undefined;
          open({ type: "link", url, title: title === null ? null : String(title), children: [], position: position(token.meta?.span), ...(data ? { data } : {}) });
          break;
        }
        case "image": {
          const title = token.attrGet("title");
          const target = destination(token.meta?.destination);
          const data = target ? { destination: target } : token.meta?.label ? { reference: true } : undefined;
          stack.at(-1)!.children.push({
            type: "image",
            url: String(token.attrGet("src") ?? ""),
            alt: plainText(token.children ?? []),
            title: title === null ? null : String(title),
            position: position(token.meta?.span),
            ...(data ? { data } : {}),
          });
          break;
        }
        case "em_close":
        case "strong_close":
        case "s_close":
          stack.pop();
          break;
        case "link_close":
          stack.pop();
          break;
      }
    }
    return root.children;
  }
}

/** Phrasing being built: a node's children. */
type Frame = { children: PhrasingContent[] };

const withoutFinalNewline = (value: string) => (value.endsWith("\n") ? value.slice(0, -1) : value);

/** An image's alt text: the text of its label's tokens, as markdown-it's renderer writes it. */
function plainText(tokens: Token[]): string {
  let out = "";
  for (const token of tokens) {
    if (token.type === "text" || token.type === "code_inline" || token.type === "math_inline") out += token.content;
    else if (token.type === "image") out += plainText(token.children ?? []);
    else if (token.type === "softbreak" || token.type === "hardbreak") out += "\n";
  }
  return out;
}
