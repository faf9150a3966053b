import type {
  DocumentBlock,
  DocumentBlockCode,
  DocumentBlockContentRef,
  DocumentBlockExpandable,
  DocumentBlockHeading,
  DocumentBlockParagraph,
  DocumentBlockOpenAPI,
  DocumentBlockTable,
  DocumentInline,
  DocumentText,
  JSONDocument,
} from "@gitbook/api";
import type { BlockContent, List, ListItem, PhrasingContent, RootContent } from "mdast";
import { gfmStrikethroughToMarkdown } from "mdast-util-gfm-strikethrough";
import { gfmTableToMarkdown } from "mdast-util-gfm-table";
import { gfmTaskListItemToMarkdown } from "mdast-util-gfm-task-list-item";
import { toMarkdown, type Options as ToMarkdownOptions } from "mdast-util-to-markdown";
import { fieldError } from "../../errors";
import { dateText, defaultSchemasTitle, lengthText } from "./block-tags";
import type { DocumentBlockEmbedWithCaption, DocumentBlockFileWithCaption } from "./document-blocks";
import { plainText } from "./document-text";
import { codeHtml, isHtmlCode } from "./html-code";
import { alignedTextHtml, drawingHtml, imagesHtml } from "./html-figures";
import { isMarkdownTable, tableHtml } from "./html-tables";
import { phrasing, type PhrasingOptions } from "./inline-to-markdown";
import { urlOfRef } from "./link-targets";
import { trimEndOf } from "./linear-text";
import { formatTag } from "./liquid-tags";
import { inlineHtml } from "./html-inline";
import { toHtml } from "hast-util-to-html";
import { MAX_NESTING } from "./markdown-limits";
import type { DocumentSource, SourceSpan } from "./markdown-to-document";
import { tableToMarkdown } from "./tables";

/**
 * How deeply a document's nodes may nest (blocks, inlines and fragments within one another): four
 * levels for each level of markdown nesting, more than a document of any accepted markdown has.
 * Deeper input is refused before the recursive conversion could exhaust the stack.
 */
export const MAX_DOCUMENT_DEPTH = 4 * MAX_NESTING;

export type DocumentToMarkdownOptions = {
  /**
   * The markdown the document was read from, as `readMarkdown` read it: each block whose content
   * is unchanged is written back as it was written there, byte for byte, and so is the space
   * between two such blocks that were neighbours.
   */
  base?: { document: JSONDocument; source: DocumentSource };
};

/**
 * Markdown for a document, as GitBook writes it (the inverse of markdownToDocument): `*` bullets,
 * `_` emphasis, `***` rules, padded tables, block tags written against their content, images as
 * `<figure>`. With a base, unchanged blocks keep their source.
 */
export function documentToMarkdown(document: JSONDocument, options: DocumentToMarkdownOptions = {}): string {
  if (nodesDepth(document, MAX_DOCUMENT_DEPTH) > MAX_DOCUMENT_DEPTH) throw fieldError("document", `Nested deeper than ${MAX_DOCUMENT_DEPTH} levels`);
  return new MarkdownWriter(options.base).document(document.nodes as DocumentBlock[]);
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

/**
 * GitBook's markdown: GitHub's tables, strikethrough and task lists, not its autolinking of bare
 * addresses (GitBook neither links nor escapes `www.example.com` in text); links always `[text](url)`.
 */
const MARKDOWN: ToMarkdownOptions = {
  extensions: [gfmStrikethroughToMarkdown(), gfmTableToMarkdown(), gfmTaskListItemToMarkdown()],
  resourceLink: true,
  bullet: "*",
  bulletOther: "-",
  bulletOrdered: ".",
  emphasis: "_",
  strong: "*",
  rule: "*",
  ruleRepetition: 3,
  ruleSpaces: false,
  listItemIndent: "one",
  fences: true,
  fence: "`",
  // GitBook's formulas are `$$…$$`: a `$$` of text is escaped,
  // and GitBook's tags `{%…%}`: a `{%` of text is escaped, so that it never reads back as a tag.
  unsafe: [
    { character: "$", after: "\\$", inConstruct: "phrasing" },
    { character: "{", after: "%", inConstruct: "phrasing" },
  ],
  // In a tight list item a table after a block would be read as that block's lazy continuation: a blank line before it.
  join: [(left, right, parent) => (parent.type === "listItem" && right.type === "table" && left.type !== "table" ? 1 : undefined)],
};

/** Blocks markdown itself writes; every other block is written as GitBook's tags or HTML. */
const MARKDOWN_BLOCKS = new Set(["paragraph", "heading-1", "heading-2", "heading-3", "divider", "blockquote", "list-ordered", "list-unordered", "list-tasks"]);

/** A base block that can stand for an unchanged one: its source and where it was. */
type Reusable = SourceSpan & { text: string; used: boolean };

/** Which lists would run together when written one after the other: bullets (tasks are bullets) or numbers. */
const listFamily = (block: DocumentBlock | undefined) =>
  block?.type === "list-ordered" ? "ordered" : block?.type === "list-unordered" || block?.type === "list-tasks" ? "bullet" : undefined;

class MarkdownWriter {
  /** The canonical markdown of blocks, by block: how a block is recognised among the base's. */
  private readonly canonical: WeakMap<object, string>;
  /** The writer of canonical markdown (this one, when there is no base). */
  private readonly plain: MarkdownWriter;
  private readonly pool = new Map<string, Reusable[]>();
  private readonly reused = new Map<DocumentBlock, Reusable>();
  private readonly linkTexts: Map<string, string>;
  private readonly phrasingOptions: PhrasingOptions;

  constructor(
    private readonly base?: { document: JSONDocument; source: DocumentSource },
    canonical?: WeakMap<object, string>,
  ) {
    this.canonical = canonical ?? new WeakMap();
    this.plain = base ? new MarkdownWriter(undefined, this.canonical) : this;
    this.linkTexts = base?.source.linkTexts ?? new Map();
    this.phrasingOptions = { mentionText: (_ref, url) => this.linkText(url) };
    if (!base) return;
    const spans = [...base.source.blocks].sort(([, a], [, b]) => a.start - b.start);
    for (const [block, span] of spans) {
      const key = this.plain.write(block);
      const list = this.pool.get(key) ?? [];
      list.push({ ...span, text: base.source.markdown.slice(span.start, span.end), used: false });
      this.pool.set(key, list);
    }
  }

  private linkText(url: string): string {
    const known = this.linkTexts.get(url);
    if (known !== undefined) return known;
    // A web address reads as itself, an anchor as itself, a path as its last part (GitBook writes a page's file name).
    if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
    const hash = url.indexOf("#");
    if (hash >= 0 && hash < url.length - 1) return url.slice(hash);
    const path = url.replace(/[?#].*$/, "").replace(/\/+$/, "");
    return path.slice(path.lastIndexOf("/") + 1) || url;
  }

  document(blocks: DocumentBlock[]): string {
    const baseNodes = this.base?.document.nodes as DocumentBlock[] | undefined;
    // Nothing changed: the base as it was, whatever it held besides blocks.
    if (baseNodes && baseNodes.length === blocks.length && blocks.every((block, i) => this.plain.write(block) === this.plain.write(baseNodes[i]!))) {
      return this.base!.source.markdown;
    }
    const body = this.flow(blocks);
    const first = blocks[0] && this.reused.get(blocks[0]);
    const last = blocks.at(-1) && this.reused.get(blocks.at(-1)!);
    const baseFirst = baseNodes?.[0] && this.base!.source.blocks.get(baseNodes[0]);
    const baseLast = baseNodes?.length ? this.base!.source.blocks.get(baseNodes.at(-1)!) : undefined;
    const markdown = this.base?.source.markdown ?? "";
    // What the base had before its first block and after its last (blank lines, definitions) stays with them.
    const prefix = first && baseFirst && first.start === baseFirst.start && markdown.slice(0, first.start).trim() === "" ? markdown.slice(0, first.start) : "";
    const keptEnd = last && baseLast && last.start === baseLast.start;
    const suffix = keptEnd ? markdown.slice(last.end) : "\n";
    // Empty paragraphs at the end (the editor's last line) write nothing; a page of one is an empty page.
    const written = keptEnd ? body : trimEndOf(body, "\n");
    return written === "" && !prefix ? "" : `${prefix}${written}${suffix}`;
  }

  /** Blocks written one after the other at the page's own level, GitBook's blank line between them. */
  private flow(blocks: readonly DocumentBlock[]): string {
    let out = "";
    let previous: { block: DocumentBlock; reused?: Reusable; bullet?: string } | undefined;
    blocks.forEach((block, index) => {
      const family = listFamily(block);
      // Two lists of one kind side by side need different markers, or they read as one.
      const besideList = family !== undefined && (listFamily(previous?.block) === family || listFamily(blocks[index + 1]) === family);
      const reused = besideList ? undefined : this.take(block);
      const bullet = family && previous && listFamily(previous.block) === family ? otherBullet(family, previous.bullet) : undefined;
      let text = reused ? reused.text : this.write(block, bullet);
      // A list whose items hold a `***` rule takes the other bullet, which may be its neighbour's: then the third one.
      if (family === "bullet" && previous?.bullet !== undefined && bulletOf(family, text) === previous.bullet) text = this.write(block, "+");
      if (previous) out += previous.reused && reused && this.gap(previous.reused, reused) !== undefined ? this.gap(previous.reused, reused) : "\n\n";
      out += text;
      previous = { block, reused, bullet: family ? bulletOf(family, text) : undefined };
    });
    return out;
  }

  /** The base block that can stand for `block` (same canonical markdown), if one is left. */
  private take(block: DocumentBlock): Reusable | undefined {
    if (this.pool.size === 0) return undefined;
    const found = this.pool.get(this.plain.write(block))?.find((candidate) => !candidate.used);
    if (!found) return undefined;
    found.used = true;
    this.reused.set(block, found);
    return found;
  }

  /** The base's text between two blocks that followed one another there, when it is only blank. */
  private gap(before: Reusable, after: Reusable): string | undefined {
    if (after.start < before.end) return undefined;
    const between = this.base!.source.markdown.slice(before.end, after.start);
    return between.includes("\n") && between.trim() === "" ? between : undefined;
  }

  /** One block's markdown (a list with `bullet`, when not the default): canonical markdown is kept by block. */
  write(block: DocumentBlock, bullet?: string): string {
    if (this.plain !== this || bullet !== undefined) return this.blockText(block, bullet);
    const known = this.canonical.get(block);
    if (known !== undefined) return known;
    const text = this.blockText(block);
    this.canonical.set(block, text);
    return text;
  }

  private blockText(block: DocumentBlock, bullet?: string): string {
    if (isAligned(block)) return alignedTextHtml(block);
    if (block.type === "code" && isHtmlCode(block)) return codeHtml(block);
    if (MARKDOWN_BLOCKS.has(block.type) || isFencedCode(block) || (block.type === "table" && isMarkdownTable(block))) {
      return this.markdownOf(this.mdast(block), bullet);
    }
    switch (block.type) {
      case "code":
        return `${codeTag(block)}\n${this.markdownOf(this.mdast(block))}\n{% endcode %}`;
      case "hint":
        return this.container(formatTag("hint", { style: block.data.style, icon: block.data.icon }), block.nodes as DocumentBlock[], "{% endhint %}");
      case "tabs":
        return this.items("{% tabs %}", block.nodes, "{% endtabs %}");
      case "tabs-item":
        return this.container(formatTag("tab", { title: block.data.title?.replaceAll("\n", " "), icon: block.data.icon }), block.nodes as DocumentBlock[], "{% endtab %}");
      case "stepper":
        return this.items("{% stepper %}", block.nodes, "{% endstepper %}");
      case "stepper-step":
        return this.container(formatTag("step", { icon: block.data.icon }), block.nodes as DocumentBlock[], "{% endstep %}");
      case "columns":
        return this.items("{% columns %}", block.nodes, "{% endcolumns %}");
      case "column":
        return this.container(formatTag("column", { width: block.data.width === undefined ? undefined : lengthText(block.data.width) }), block.nodes as DocumentBlock[], "{% endcolumn %}");
      case "updates":
        return this.items(formatTag("updates", { format: block.data.format }), block.nodes, "{% endupdates %}");
      case "update": {
        const tags = block.data.tags?.map((tag) => tag.tag).join(",");
        return this.container(formatTag("update", { date: dateText(block.data.date), tags: tags || undefined }), block.nodes as DocumentBlock[], "{% endupdate %}");
      }
      case "if":
        return this.container(`{% if ${block.data.expression} %}`, block.nodes as DocumentBlock[], "{% endif %}");
      case "prompt": {
        const { description, icon, openInAIProviders, defaultExpanded } = block.data;
        const tag = formatTag("prompt", { description, icon, openInAIProviders: openInAIProviders === undefined ? undefined : String(openInAIProviders), defaultExpanded });
        return this.container(tag, block.nodes as DocumentBlock[], "{% endprompt %}");
      }
      case "expandable":
        return this.expandable(block);
      case "file":
        return this.file(block as DocumentBlockFileWithCaption);
      case "embed": {
        const tag = formatTag("embed", { url: block.data.url, fullWidth: block.data.fullWidth === undefined ? undefined : String(block.data.fullWidth) });
        const caption = (block as DocumentBlockEmbedWithCaption).fragments?.find((fragment) => fragment.fragment === "caption")?.nodes ?? [];
        return caption.length === 0 ? tag : `${tag}\n${this.flow(caption)}\n{% endembed %}`;
      }
      case "content-ref":
        return this.contentRef(block);
      case "reusable-content":
        return `{% include "${block.data.ref.reusableContent}" %}`;
      case "swagger":
        return this.openapi(block);
      case "openapi-operation": {
        const { ref, path, method } = block.data;
        return `${formatTag("openapi-operation", { spec: ref.spec, path, method })}\n{% endopenapi-operation %}`;
      }
      case "openapi-webhook": {
        const { ref, name, method } = block.data;
        return `${formatTag("openapi-webhook", { spec: ref.spec, name, method })}\n{% endopenapi-webhook %}`;
      }
      case "openapi-schemas": {
        const { ref, schemas, grouped, title } = block.data;
        const tag = formatTag("openapi-schemas", { spec: ref.spec, schemas: schemas.join(","), grouped: grouped === undefined ? undefined : String(grouped) });
        return `${tag}\n${this.inlineLine(title ?? defaultSchemasTitle(schemas))}\n{% endopenapi-schemas %}`;
      }
      case "images":
        return imagesHtml(block);
      case "image":
        return imagesHtml({ object: "block", type: "images", isVoid: false, data: {}, nodes: [block] });
      case "drawing":
        return drawingHtml(block);
      case "math":
        return `$$\n${block.data.formula}\n$$`;
      case "table":
        return tableHtml(block, (url) => this.linkText(url));
      default:
        // Blocks markdown has no syntax for keep their content, if they hold any.
        return "nodes" in block && Array.isArray(block.nodes) ? this.flow(block.nodes as DocumentBlock[]) : "";
    }
  }

  /** A tag pair written against its content (GitBook writes no blank line inside). */
  private container(open: string, blocks: DocumentBlock[], close: string): string {
    return `${open}\n${this.flow(blocks)}\n${close}`;
  }

  /** A container of items (tabs, steps, columns, updates): a blank line between items. */
  private items(open: string, items: readonly DocumentBlock[], close: string): string {
    return items.length === 0 ? `${open}\n${close}` : `${open}\n${this.flow(items)}\n${close}`;
  }

  // GitBook's form: `<details>` (`<details open>`), `<summary>`, the body and `</details>`, each a block of its own.
  private expandable(block: DocumentBlockExpandable): string {
    const fragment = (name: string) => block.fragments.find((each) => each.fragment === name)?.nodes ?? [];
    const [title] = fragment("expandable-title");
    const titleHtml = title && "nodes" in title ? toHtml(inlineHtml(title.nodes as never), { allowDangerousHtml: true }).replaceAll("<br>", " ") : "";
    const open = block.data.defaultExpanded ? "<details open>" : "<details>";
    return `${open}\n\n<summary>${titleHtml}</summary>\n\n${this.flow(fragment("expandable-body") as DocumentBlock[])}\n\n</details>`;
  }

  /** A file; its caption inside (GitBook writes no closing tag for a file without one). */
  private file(block: DocumentBlockFileWithCaption): string {
    const caption = (block.fragments ?? []).find((fragment) => fragment.fragment === "caption")?.nodes ?? [];
    const tag = formatTag("file", { src: urlOfRef(block.data.ref) });
    return caption.length === 0 ? tag : `${tag}\n${this.flow(caption)}\n{% endfile %}`;
  }

  /** A page link: its tag pair around a link to the page, reading its name. */
  private contentRef(block: DocumentBlockContentRef): string {
    const url = urlOfRef(block.data.ref) ?? "";
    return `${formatTag("content-ref", { url })}\n${this.linkLine(url)}\n{% endcontent-ref %}`;
  }

  private openapi(block: DocumentBlockOpenAPI): string {
    const url = urlOfRef(block.data.ref) ?? "";
    const { path, method, expanded } = block.data;
    const tag = formatTag("openapi", { src: url, path, method, expanded: expanded === undefined ? undefined : String(expanded) });
    return `${tag}\n${this.linkLine(url)}\n{% endopenapi %}`;
  }

  private linkLine(url: string): string {
    return this.markdownOf([{ type: "paragraph", children: [{ type: "link", url, title: null, children: [{ type: "text", value: this.linkText(url) }] }] }]);
  }

  private inlineLine(text: string): string {
    return this.markdownOf([{ type: "paragraph", children: [{ type: "text", value: text }] }]);
  }

  private markdownOf(nodes: RootContent[], bullet?: string): string {
    const options: ToMarkdownOptions =
      bullet === "-" || bullet === "+" ? { ...MARKDOWN, bullet, bulletOther: "*" } : bullet === ")" ? { ...MARKDOWN, bulletOrdered: ")" } : MARKDOWN;
    const markdown = toMarkdown({ type: "root", children: nodes }, options);
    return markdown.endsWith("\n") ? markdown.slice(0, -1) : markdown;
  }

  // ---- Blocks inside quotes and list items, as markdown's syntax tree

  /** The syntax tree of a block markdown writes; inside it, other blocks are their markdown, written as is. */
  private mdast(block: DocumentBlock): RootContent[] {
    switch (block.type) {
      case "paragraph":
        return [{ type: "paragraph", children: phrasing(block.nodes, imagesOnly(block.nodes) ? { ...this.phrasingOptions, imagesAsHtml: true } : this.phrasingOptions) }];
      case "heading-1":
      case "heading-2":
      case "heading-3":
        return [{ type: "heading", depth: Number(block.type.slice(-1)) as 1 | 2 | 3, children: [...phrasing(block.nodes, this.phrasingOptions), ...headingAnchor(block.data.id)] }];
      case "divider":
        return [{ type: "thematicBreak" }];
      case "blockquote":
        return [{ type: "blockquote", children: this.nestedFlow(block.nodes as DocumentBlock[]) as BlockContent[] }];
      case "list-ordered":
      case "list-unordered":
      case "list-tasks":
        return [this.list(block.type, block.nodes, block.type === "list-ordered" ? block.data.start : undefined)];
      case "code":
        return [codeNode(block)];
      case "table":
        return [tableToMarkdown(block as DocumentBlockTable)];
      default:
        return [];
    }
  }

  private nestedFlow(blocks: readonly DocumentBlock[]): RootContent[] {
    return blocks.flatMap((block): RootContent[] => {
      if ((MARKDOWN_BLOCKS.has(block.type) && !isAligned(block)) || isFencedCode(block) || (block.type === "table" && isMarkdownTable(block))) return this.mdast(block);
      // A hint, a formula, an HTML table in a list item or quote: GitBook's form, indented with it.
      return [{ type: "html", value: this.write(block) }];
    });
  }

  private list(type: "list-ordered" | "list-unordered" | "list-tasks", items: readonly DocumentBlock[], start: number | undefined): List {
    const children = items.map(
      (item): ListItem => ({
        type: "listItem",
        spread: false,
        checked: type === "list-tasks" ? item.data !== undefined && "checked" in item.data && item.data.checked === true : null,
        children: "nodes" in item ? (this.nestedFlow(item.nodes as DocumentBlock[]) as BlockContent[]) : [],
      }),
    );
    return { type: "list", ordered: type === "list-ordered", start: start ?? null, spread: false, children };
  }
}

/** The marker a written list uses (not always the one asked for: a bullet item holding a `***` rule takes the other bullet). */
const bulletOf = (family: "bullet" | "ordered", text: string) => (family === "bullet" ? text[0] : /^\d+([.)])/.exec(text)?.[1]);
const otherBullet = (family: "bullet" | "ordered", previous: string | undefined) =>
  family === "bullet" ? (previous === "-" ? "*" : "-") : previous === ")" ? "." : ")";

/** A paragraph or heading aligned otherwise than to the start: GitBook writes it as HTML. */
function isAligned(block: DocumentBlock): block is DocumentBlockParagraph | DocumentBlockHeading {
  const align = (block.type === "paragraph" || block.type.startsWith("heading-")) && "data" in block ? (block.data as { align?: string } | undefined)?.align : undefined;
  return align !== undefined && align !== "start";
}

/** A heading's own anchor, as GitBook writes it after the heading's text. */
function headingAnchor(id: string | undefined): PhrasingContent[] {
  return id ? [{ type: "text", value: " " }, { type: "html", value: `<a href="#${id}" id="${id}"></a>` }] : [];
}

/** Inline content of nothing but images (and blanks between them). */
function imagesOnly(nodes: readonly (DocumentText | DocumentInline)[]): boolean {
  let found = false;
  for (const node of nodes) {
    if (node.object === "inline" && node.type === "inline-image") found = true;
    else if (node.object !== "text" || node.leaves.some((leaf) => leaf.text.trim() !== "")) return false;
  }
  return found;
}

/** A code block markdown's fence writes: no GitBook options, no highlighted line. */
const isFencedCode = (block: DocumentBlock): boolean => block.type === "code" && !hasCodeTag(block) && !isHtmlCode(block);

function hasCodeTag(block: DocumentBlockCode): boolean {
  const { title, overflow, lineNumbers, fullWidth, expandable } = block.data;
  return Boolean(title) || overflow === "wrap" || lineNumbers !== undefined || fullWidth !== undefined || expandable !== undefined;
}

function codeTag(block: DocumentBlockCode): string {
  const { title, overflow, lineNumbers, fullWidth, expandable } = block.data;
  return formatTag("code", {
    title: title || undefined,
    overflow: overflow === "wrap" ? overflow : undefined,
    lineNumbers: lineNumbers === undefined ? undefined : String(lineNumbers),
    fullWidth: fullWidth === undefined ? undefined : String(fullWidth),
    expandable: expandable === undefined ? undefined : String(expandable),
  });
}

function codeNode(block: DocumentBlockCode): RootContent {
  const value = block.nodes.map((line) => plainText(line.nodes as DocumentText[])).join("\n");
  return { type: "code", lang: block.data.syntax || null, meta: null, value };
}
