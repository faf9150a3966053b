import type { Definition, List, Nodes, PhrasingContent, RootContent, Table } from "mdast";
import { parseLinkTarget } from "../content/format/link-targets";
import { isolateTagLines, pairTags, parseDetailsTag, parseTag, type LiquidTag } from "../content/format/liquid-tags";
import { replaceLineBreaks, replaceSpans, trimEndOf } from "../content/format/linear-text";
import { MAX_NESTING } from "../content/format/markdown-limits";
import { capNesting, walkTree } from "../content/format/tree-walk";
import { parseMarkdown } from "../content/format/parse-markdown";
import { COLORS, FONTS, type Doc, type Frame } from "./pdf-style";
import { toWinAnsi } from "./win-ansi";

/**
 * Lays out one page body (GitBook-flavoured markdown) on a pdfkit document, from its syntax tree:
 * headings, paragraphs with bold/italic/code/links, lists and task lists, code blocks, tables,
 * hints and quotes. Images are not embedded: their alt text stands in for them.
 */

type InlineStyle = { bold: boolean; italic: boolean; code: boolean; strike: boolean; size: number; color: string; link: string | null; goTo: string | null };
type Run = { text: string; font: string; size: number; color: string; strike: boolean; link: string | null; goTo: string | null };

export type MarkdownWriterOptions = {
  /** Ids of the pages in this PDF: links to them jump inside the document. */
  pageIds: ReadonlySet<string>;
  /** The named destination of a page's first PDF page. */
  destinationOf: (pageId: string) => string;
};

const BODY_SIZE = 10.5;
const LINE_GAP = 2.5;
const HEADING_SIZES = [17, 14.5, 12.5, 11] as const;
const HINT_LABELS: Record<string, string> = { info: "Note", warning: "Warning", danger: "Danger", success: "Tip" };
const SAFE_LINK = /^(https?:|mailto:)/i;
/** Content is indented no further once this narrow (points): deeper nesting lines up with it. */
const MIN_FRAME_WIDTH = 120;

/** `frame` indented by `left` (and narrowed by `right` more), unless that would leave it too narrow to write in. */
function indented(frame: Frame, left: number, right = 0): Frame {
  return frame.width - left - right < MIN_FRAME_WIDTH ? frame : { left: frame.left + left, width: frame.width - left - right };
}

export class MarkdownWriter {
  private readonly source: string;
  private readonly tree: ReturnType<typeof parseMarkdown>;
  private readonly definitions = new Map<string, Definition>();
  /** Hints being written around the current block; past the nesting limit, hint tags are not paired. */
  private openHints = 0;

  constructor(
    private readonly doc: Doc,
    markdown: string,
    private readonly options: MarkdownWriterOptions,
  ) {
    // Block tags ({% hint %} …) are paragraphs of their own only once isolated, as the format module reads them.
    this.source = isolateTagLines(markdown);
    this.tree = parseMarkdown(this.source);
    // A page stored before nesting was limited is printed with what lies deeper flattened.
    capNesting(this.tree);
    for (const node of walkTree(this.tree)) {
      // The first definition of a label wins, as in CommonMark.
      if (node.type === "definition" && !this.definitions.has(node.identifier)) this.definitions.set(node.identifier, node);
    }
  }

  /** Writes the body in `frame`; a leading `# Title` equal to the page title (already shown) is skipped. */
  write(frame: Frame, pageTitle?: string): void {
    let children = this.tree.children;
    const first = children[0];
    if (first?.type === "heading" && first.depth === 1 && pageTitle !== undefined && plainText(first).trim() === pageTitle.trim()) children = children.slice(1);
    this.blocks(children, frame, false);
  }

  // ---- blocks ----

  private blocks(nodes: RootContent[], frame: Frame, tight: boolean): void {
    let first = true;
    let codeTitle: string | undefined;
    const before = (node: RootContent | "block") => {
      if (!first) this.gap(node !== "block" && node.type === "heading" ? [16, 14, 10, 8][Math.min(node.depth, 4) - 1]! : tight ? 3 : 8);
      first = false;
    };
    const tags = nodes.map((node) => this.tagOf(node));
    const closing = this.openHints < MAX_NESTING ? pairTags(tags, ["hint"]) : null;
    for (let index = 0; index < nodes.length; index++) {
      const node = nodes[index]!;
      const tag = tags[index];
      if (tag) {
        if (tag.closing) continue;
        if (tag.name === "hint" && closing) {
          // A hint never closed runs to the end of its siblings.
          const end = closing.get(index) ?? nodes.length;
          before("block");
          const style = tag.attributes.style ?? "info";
          this.openHints++;
          this.boxed(frame, { bar: COLORS.hint[style] ?? COLORS.link, tint: true, label: HINT_LABELS[style] ?? "Note" }, (inner) => this.blocks(nodes.slice(index + 1, end), inner, false));
          this.openHints--;
          index = end;
        } else if (tag.name === "code") {
          codeTitle = tag.attributes.title;
        } else {
          this.tagLine(tag, frame, () => before("block"));
        }
        continue;
      }
      if (node.type === "definition" || node.type === "yaml") continue;
      before(node);
      if (node.type === "code") {
        this.code(node.value, codeTitle ?? metaTitle(node.meta), frame);
        codeTitle = undefined;
      } else {
        this.block(node, frame, tight);
      }
    }
  }

  private block(node: RootContent, frame: Frame, tight: boolean): void {
    switch (node.type) {
      case "paragraph":
        return this.paragraph(this.inline(node.children, baseStyle()), frame);
      case "heading": {
        const size = HEADING_SIZES[Math.min(node.depth, 4) - 1]!;
        this.ensureSpace(size * 3.5);
        this.paragraph(this.inline(node.children, { ...baseStyle(), bold: true, size, color: COLORS.heading }), frame, 1);
        this.doc.y += 2;
        return;
      }
      case "thematicBreak":
        this.ensureSpace(14);
        this.rule(frame, this.doc.y + 5);
        this.doc.y += 10;
        return;
      case "blockquote":
        return this.boxed(frame, { bar: COLORS.rule, tint: false }, (inner) => this.blocks(node.children, inner, tight));
      case "list":
        return this.list(node, frame, 0);
      case "table":
        return this.table(node, frame);
      case "html": {
        const text = htmlText(node.value);
        if (text) this.paragraph([this.run(text, { ...baseStyle(), color: COLORS.muted })], frame);
        return;
      }
      case "footnoteDefinition":
        return this.marked(frame, 18, (top) => this.label(`[${node.label ?? node.identifier}]`, frame.left, top, 9, COLORS.muted), (inner) => this.blocks(node.children, inner, true));
      default:
        if ("children" in node) return this.blocks(node.children as RootContent[], frame, tight);
    }
  }

  /**
   * A tag line that is neither a hint nor a code title: embeds become links, files a label before
   * their caption; tabs, expandables' summaries, steps and the like show their title.
   */
  private tagLine(tag: LiquidTag, frame: Frame, before: () => void): void {
    const { url, title } = tag.attributes;
    if (tag.name === "file") {
      before();
      this.paragraph([this.run("Attached file", { ...baseStyle(), italic: true, color: COLORS.muted })], frame);
    } else if (tag.name === "embed" && url) {
      before();
      this.paragraph([this.run("Embedded content: ", { ...baseStyle(), color: COLORS.muted }), this.run(url, this.linked(baseStyle(), url))], frame);
    } else if (title) {
      before();
      this.paragraph([this.run(title, { ...baseStyle(), bold: true })], frame);
    } else if (url) {
      before();
      this.paragraph([this.run(url, this.linked(baseStyle(), url))], frame);
    }
  }

  private list(node: List, frame: Frame, depth: number): void {
    const start = node.start ?? 1;
    this.doc.font(FONTS.regular).fontSize(BODY_SIZE);
    const indent = node.ordered ? this.doc.widthOfString(`${start + node.children.length - 1}.`) + 8 : 14;
    node.children.forEach((item, index) => {
      if (index > 0) this.gap(node.spread ? 6 : 3);
      this.marked(
        frame,
        indent,
        (top) => {
          const baseline = top + 0.718 * BODY_SIZE;
          if (typeof item.checked === "boolean") return this.checkbox(frame.left, baseline, item.checked);
          if (node.ordered) {
            const marker = `${start + index}.`;
            this.doc.font(FONTS.regular).fontSize(BODY_SIZE);
            return this.label(marker, frame.left + indent - 5 - this.doc.widthOfString(marker), top, BODY_SIZE, COLORS.text);
          }
          const center = { x: frame.left + 4, y: baseline - 0.26 * BODY_SIZE };
          this.doc.save().lineWidth(0.8).circle(center.x, center.y, 1.9);
          if (depth % 2 === 0) this.doc.fill(COLORS.text);
          else this.doc.stroke(COLORS.text);
          this.doc.restore();
        },
        (inner) =>
          this.blocksOfItem(item.children, inner, !node.spread, depth),
      );
    });
  }

  private blocksOfItem(children: RootContent[], frame: Frame, tight: boolean, depth: number): void {
    // Nested lists alternate their bullets, so they are written here rather than by `blocks`.
    let first = true;
    for (const child of children) {
      if (!first) this.gap(tight ? 3 : 6);
      first = false;
      if (child.type === "list") this.list(child, frame, depth + 1);
      else this.blocks([child], frame, tight);
    }
  }

  /** Content with a marker (bullet, number, footnote label) hanging in an `indent` wide gutter. */
  private marked(frame: Frame, indent: number, marker: (top: number) => void, body: (inner: Frame) => void): void {
    this.ensureSpace(BODY_SIZE * 2);
    const top = this.doc.y;
    marker(top);
    this.doc.x = frame.left + indent;
    this.doc.y = top;
    body(indented(frame, indent));
    if (this.doc.y === top) this.doc.y += this.doc.currentLineHeight(true) + LINE_GAP;
    this.doc.x = frame.left;
  }

  private checkbox(x: number, baseline: number, checked: boolean): void {
    const size = 7.5;
    const top = baseline - size + 0.5;
    this.doc.save().lineWidth(0.8).roundedRect(x, top, size, size, 1.2).stroke(checked ? COLORS.link : COLORS.muted);
    if (checked) {
      this.doc.lineWidth(1.3).moveTo(x + 1.6, top + 3.9).lineTo(x + 3.1, top + 5.6).lineTo(x + 6, top + 1.8).stroke(COLORS.link);
    }
    this.doc.restore();
  }

  /**
   * A hint (tinted, with a coloured bar and a label) or a quote (bar only). The box is painted
   * after its content, once its height is known, page by page when it spans several; the tint
   * is translucent so the text stays legible beneath it.
   */
  private boxed(frame: Frame, style: { bar: string; tint: boolean; label?: string }, body: (inner: Frame) => void): void {
    const padding = style.tint ? 8 : 2;
    this.ensureSpace(44);
    const startPage = this.pageIndex();
    const startY = this.doc.y;
    this.doc.y += padding;
    const inner = indented(frame, 14, style.tint ? 10 : 0);
    if (style.label) {
      this.doc.font(FONTS.bold).fontSize(7.5).fillColor(style.bar).text(style.label.toUpperCase(), inner.left, this.doc.y, { width: inner.width, characterSpacing: 0.8 });
      this.doc.y += 3;
    }
    body(inner);
    this.doc.y += padding;
    const endPage = this.pageIndex();
    const endY = this.doc.y;
    for (let page = startPage; page <= endPage; page++) {
      this.doc.switchToPage(page);
      const top = page === startPage ? startY : this.doc.page.margins.top;
      const bottom = page === endPage ? endY : this.doc.page.height - this.doc.page.margins.bottom;
      if (style.tint) this.doc.save().fillOpacity(0.07).rect(frame.left, top, frame.width, bottom - top).fill(style.bar).restore();
      this.doc.save().rect(frame.left, top, 3, bottom - top).fill(style.bar).restore();
    }
    this.doc.x = frame.left;
    this.doc.y = endY;
  }

  /** A code block on a grey ground, split across pages between lines when it does not fit. */
  private code(value: string, title: string | undefined, frame: Frame): void {
    const size = 8.5;
    const pad = 8;
    const textWidth = frame.width - 2 * pad;
    const lines = toWinAnsi(value.replace(/\n$/, "")).split("\n");
    const doc = this.doc;
    doc.font(FONTS.mono).fontSize(size);
    const lineHeight = doc.currentLineHeight(true) + 1;
    this.ensureSpace(lineHeight * Math.min(lines.length, 3) + 2 * pad + (title ? 18 : 0));
    if (title) {
      const top = doc.y;
      doc.save().rect(frame.left, top, frame.width, 18).fill(COLORS.codeTitle).restore();
      doc.font(FONTS.bold).fontSize(8).fillColor(COLORS.muted).text(toWinAnsi(title), frame.left + pad, top + 5, { width: textWidth, lineBreak: false });
      doc.y = top + 18;
    }
    let next = 0;
    while (next < lines.length) {
      const available = doc.page.height - doc.page.margins.bottom - doc.y - 2 * pad;
      if (available < lineHeight) {
        doc.addPage();
        continue;
      }
      doc.font(FONTS.mono).fontSize(size);
      const chunk: string[] = [];
      let height = 0;
      while (next < lines.length) {
        const lineHeightOf = doc.heightOfString(lines[next] || " ", { width: textWidth, lineGap: 1 });
        if (chunk.length > 0 && height + lineHeightOf > available) break;
        chunk.push(lines[next]!);
        height += lineHeightOf;
        next++;
      }
      const top = doc.y;
      doc.save().rect(frame.left, top, frame.width, height + 2 * pad).fill(COLORS.codeBackground).restore();
      doc.font(FONTS.mono).fontSize(size).fillColor(COLORS.codeText).text(chunk.map((line) => line || " ").join("\n"), frame.left + pad, top + pad, { width: textWidth, lineGap: 1 });
      doc.y = top + height + 2 * pad;
      if (next < lines.length) doc.addPage();
    }
    doc.x = frame.left;
  }

  /** A table as rows of wrapped cells; a row never splits, and the header row repeats on each new page. */
  private table(node: Table, frame: Frame): void {
    const doc = this.doc;
    const rows = node.children.map((row) => row.children.map((cell) => toWinAnsi(this.plainInline(cell.children))));
    // Loops rather than Math.max(...list): spreading a long list overflows the stack.
    const columns = rows.reduce((most, row) => Math.max(most, row.length), 0);
    if (columns === 0) return;
    // Columns share the width by how much text they hold, within bounds, so no column starves.
    const weights = Array.from({ length: columns }, (_, column) => Math.min(40, rows.reduce((most, row) => Math.max(most, (row[column] ?? "").length), 6)));
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const widths = weights.map((weight) => (frame.width * weight) / total);
    const size = 9;
    const pad = 4;
    const drawRow = (cells: string[], header: boolean) => {
      const font = header ? FONTS.bold : FONTS.regular;
      doc.font(font).fontSize(size);
      const height = widths.reduce((most, width, column) => Math.max(most, doc.heightOfString(cells[column] || " ", { width: width - 2 * pad, lineGap: 1 })), 0) + 2 * pad;
      const maxY = doc.page.height - doc.page.margins.bottom;
      if (doc.y + height > maxY) {
        doc.addPage();
        if (!header) drawRow(rows[0]!, true);
        doc.font(font).fontSize(size);
      }
      const top = doc.y;
      const clipped = Math.min(height, doc.page.height - doc.page.margins.bottom - top);
      if (header) doc.save().rect(frame.left, top, frame.width, clipped).fill(COLORS.codeBackground).restore();
      let x = frame.left;
      widths.forEach((width, column) => {
        const align = node.align?.[column] ?? "left";
        doc.fillColor(COLORS.text).text(cells[column] ?? "", x + pad, top + pad, { width: width - 2 * pad, height: clipped - 2 * pad, ellipsis: true, lineGap: 1, align });
        x += width;
      });
      doc.save().lineWidth(0.6).moveTo(frame.left, top + clipped).lineTo(frame.left + frame.width, top + clipped).stroke(header ? COLORS.muted : COLORS.rule).restore();
      doc.x = frame.left;
      doc.y = top + clipped;
    };
    this.ensureSpace(40);
    rows.forEach((row, index) => drawRow(row, index === 0));
  }

  // ---- inline content ----

  private paragraph(runs: Run[], frame: Frame, lineGap = LINE_GAP): void {
    // pdfkit drops a line break that ends a `continued` run, but keeps one that starts a run.
    const moved = runs.map((run) => ({ ...run }));
    moved.forEach((run, index) => {
      const kept = trimEndOf(run.text, "\n");
      const next = moved[index + 1];
      if (kept === run.text || !next) return;
      next.text = run.text.slice(kept.length) + next.text;
      run.text = kept;
    });
    const visible = moved.filter((run) => run.text !== "");
    while (visible.length > 0 && visible[visible.length - 1]!.text.trim() === "") visible.pop();
    if (visible.length === 0) return;
    const doc = this.doc;
    visible.forEach((run, index) => {
      doc.font(run.font).fontSize(run.size).fillColor(run.color);
      // Every option is given on every run: pdfkit carries an option over between `continued` calls
      // unless it is given, and only null clears a link (its types leave null out).
      const options = { width: frame.width, continued: index < visible.length - 1, lineGap, link: run.link, goTo: run.goTo as string | undefined, underline: false, strike: run.strike };
      if (index === 0) doc.text(run.text, frame.left, doc.y, options);
      else doc.text(run.text, options);
    });
    doc.x = frame.left;
  }

  private inline(nodes: PhrasingContent[], style: InlineStyle): Run[] {
    return nodes.flatMap((node): Run[] => {
      switch (node.type) {
        case "text":
          // A line break inside a paragraph's source is a space (a soft break).
          return [this.run(replaceLineBreaks(node.value, " "), style)];
        case "strong":
          return this.inline(node.children, { ...style, bold: true });
        case "emphasis":
          return this.inline(node.children, { ...style, italic: true });
        case "delete":
          return this.inline(node.children, { ...style, strike: true });
        case "inlineCode":
          return [this.run(node.value, { ...style, code: true })];
        case "break":
          return [this.run("\n", style)];
        case "link":
          return this.inline(node.children, this.linked(style, node.url));
        case "linkReference": {
          const definition = this.definitions.get(node.identifier);
          return this.inline(node.children, definition ? this.linked(style, definition.url) : style);
        }
        case "image":
        case "imageReference":
          return [this.run(imageText(node.alt), { ...style, italic: true, color: COLORS.muted })];
        case "html": {
          const text = htmlText(node.value);
          return text ? [this.run(text, style)] : [];
        }
        case "footnoteReference":
          return [this.run(`[${node.label ?? node.identifier}]`, { ...style, size: style.size * 0.8, color: COLORS.muted })];
        default: {
          // Phrasing from syntax extensions this writer does not know: its text, if any.
          const other = node as Nodes;
          return "children" in other ? this.inline(other.children as PhrasingContent[], style) : "value" in other ? [this.run(String(other.value), style)] : [];
        }
      }
    });
  }

  private run(text: string, style: InlineStyle): Run {
    const font = style.code
      ? style.bold
        ? style.italic
          ? FONTS.monoBoldItalic
          : FONTS.monoBold
        : style.italic
          ? FONTS.monoItalic
          : FONTS.mono
      : style.bold
        ? style.italic
          ? FONTS.boldItalic
          : FONTS.bold
        : style.italic
          ? FONTS.italic
          : FONTS.regular;
    const linked = style.link !== null || style.goTo !== null;
    return {
      text: toWinAnsi(text),
      font,
      size: style.code ? style.size * 0.92 : style.size,
      color: linked ? COLORS.link : style.code ? COLORS.inlineCode : style.color,
      strike: style.strike,
      link: style.link,
      goTo: style.goTo,
    };
  }

  /** Links to pages of this PDF jump to them; web and mail links open; others (files, pages left out) stay text. */
  private linked(style: InlineStyle, url: string): InlineStyle {
    const target = parseLinkTarget(url);
    const pageId = target.kind === "page" ? target.page : target.kind === "anchor" ? target.page : undefined;
    if (pageId && this.options.pageIds.has(pageId)) return { ...style, goTo: this.options.destinationOf(pageId) };
    if (target.kind === "url" && SAFE_LINK.test(url)) return { ...style, link: url };
    return style;
  }

  private plainInline(nodes: PhrasingContent[]): string {
    return this.inline(nodes, baseStyle())
      .map((run) => run.text)
      .join("")
      .trim();
  }

  // ---- helpers ----

  private label(text: string, x: number, top: number, size: number, color: string): void {
    this.doc.font(FONTS.regular).fontSize(size).fillColor(color).text(toWinAnsi(text), x, top, { lineBreak: false });
  }

  private rule(frame: Frame, y: number): void {
    this.doc.save().lineWidth(0.7).moveTo(frame.left, y).lineTo(frame.left + frame.width, y).stroke(COLORS.rule).restore();
  }

  private gap(points: number): void {
    // No gap at the top of a page: the margin is there already.
    if (this.doc.y > this.doc.page.margins.top + 0.5) this.doc.y += points;
  }

  private ensureSpace(height: number): void {
    if (this.doc.y + height > this.doc.page.height - this.doc.page.margins.bottom) this.doc.addPage();
  }

  private pageIndex(): number {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count - 1;
  }

  private tagOf(node: RootContent): LiquidTag | undefined {
    // Expandables are HTML lines: their summary prints as a title, the rest as their content.
    if (node.type === "html") return parseDetailsTag(node.value);
    if (node.type !== "paragraph" || node.position?.start.offset === undefined || node.position.end.offset === undefined) return undefined;
    return parseTag(this.source.slice(node.position.start.offset, node.position.end.offset));
  }

}

const baseStyle = (): InlineStyle => ({ bold: false, italic: false, code: false, strike: false, size: BODY_SIZE, color: COLORS.text, link: null, goTo: null });

const imageText = (alt: string | null | undefined) => (alt?.trim() ? `[Image: ${alt.trim()}]` : "[Image]");

function metaTitle(meta: string | null | undefined): string | undefined {
  return meta ? /title="([^"]*)"/.exec(meta)?.[1] : undefined;
}

function plainText(node: Nodes): string {
  const values: string[] = [];
  for (const each of walkTree(node)) if ("value" in each) values.push(String(each.value));
  return values.join("");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** The text of raw HTML in a page: images as their alt text, line-level elements as line breaks. */
function htmlText(html: string): string {
  const tagsAsText = replaceSpans(replaceSpans(html, "<!--", "-->", () => ""), "<", ">", (tag) => {
    if (/^<img\b/i.test(tag)) return `\n${imageText(/\balt="([^"]*)"/i.exec(tag)?.[1])}\n`;
    return /^<br\s*\/?>$/i.test(tag) || /^<\/(p|div|li|tr|h[1-6]|figcaption|summary)>$/i.test(tag) ? "\n" : "";
  });
  return replaceLineBreaks(tagsAsText
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    }), "\n")
    .replace(/\n{2,}/g, "\n")
    .trim();
}
