import MarkdownIt, { type MarkdownIt as Parser, type StateBlock, type StateInline, type Token } from "markdown-it";
import { parseBlockTagLine } from "./liquid-tags";
import { MAX_NESTING } from "./markdown-limits";
import { MappedText, OffsetMap } from "./source-offsets";

/**
 * The markdown-it parser page bodies are read with: CommonMark and GitHub's tables, strikethrough
 * and task lists (GitBook's dialect: bare addresses stay text), plus GitBook's math (`$$…$$`). It stays linear on any input, where
 * micromark rebuilt its event list as each quote or list item closed (seconds for a few thousand).
 *
 * Beyond markdown-it's own tokens, it records what the page's readers need of the source:
 * - every block token's first offset (`meta.start`) and the offset its last line ends at (`meta.end`);
 * - every inline token's map from its content to the source (`meta.offsets`, see source-offsets.ts);
 * - the span of each link, image, code span, autolink and inline HTML in its inline content
 *   (`meta.span`), and the span of a link's, image's or definition's destination (`meta.destination`);
 * - definitions kept as `reference_definition` tokens.
 * Offsets are in the text markdown-it reads (line endings made `\n`).
 */

export type SourceSpan = [start: number, end: number];

/**
 * Container tokens (quotes, lists and their items) nest at most this deep: a page stored before
 * nesting was limited is read with what lies deeper flattened into the container at this depth,
 * where markdown-it would drop it (its `maxNesting`) or recursion exhaust the stack. A list item
 * is two levels (list and item), so no page within MAX_NESTING reaches it.
 */
const CONTAINER_LEVELS = 2 * MAX_NESTING + 2;

/** Block rules whose inline content is mapped back to the source. */
const INLINE_RULES = new Set(["paragraph", "heading", "lheading", "table"]);

/** A link's destination that markdown-it would refuse (`javascript:`) is still the document's url; renderers sanitize. */
const keepUrl = (url: string) => url;

export function createMarkdownParser(): Parser {
  // No linkify: GitBook does not link bare addresses (`www.example.com`, `https://…` in text).
  const md = new MarkdownIt({ html: true, linkify: false, typographer: false, maxNesting: 4 * CONTAINER_LEVELS });
  md.normalizeLink = keepUrl;
  md.normalizeLinkText = keepUrl;
  md.validateLink = () => true;
  // Definitions stay in the token stream: link rewriting needs where their destinations are.
  md.core.ruler.disable("strip_references");

  md.block.ruler.before("table", "flatten_deep", flattenDeep);
  md.block.ruler.after("code", "block_tag", blockTag, { alt: ["paragraph", "reference", "blockquote", "list"] });
  md.block.ruler.before("fence", "math_block", mathBlock, { alt: ["paragraph", "reference", "blockquote", "list"] });
  md.inline.ruler.before("escape", "math_inline", mathInline);
  md.core.ruler.after("block", "task_lists", taskLists);

  const parseLinkDestination = md.helpers.parseLinkDestination;
  md.helpers = {
    ...md.helpers,
    parseLinkDestination(str, start, max) {
      const result = parseLinkDestination(str, start, max);
      if (result.ok) destinationCapture = rawDestination(str, start, result.pos);
      return result;
    },
  };

  for (const rule of md.block.ruler.__rules__) {
    const original = rule.fn;
    const bounded = rule.name === "blockquote" || rule.name === "list";
    const definition = rule.name === "reference";
    const mapsInline = INLINE_RULES.has(rule.name);
    md.block.ruler.at(rule.name, (state, startLine, endLine, silent) => {
      if (bounded && state.level >= CONTAINER_LEVELS) return false;
      const begin = state.bMarks[startLine]! + state.tShift[startLine]!;
      // GitHub's footnote definitions (`[^1]: …`) are not link definitions.
      if (definition && state.src.startsWith("[^", begin)) return false;
      const first = state.tokens.length;
      if (definition) destinationCapture = null;
      const ok = original(state, startLine, endLine, silent);
      if (!ok || silent || state.tokens.length === first) return ok;
      const opening = state.tokens[first]!;
      opening.meta = { ...opening.meta, start: begin, end: lastLineEnd(state, startLine) };
      if (definition && destinationCapture) opening.meta.destination = destinationCapture;
      if (rule.name === "html_block") endHtmlAtTag(state, startLine, opening);
      if (mapsInline) mapInlineContent(state, first, rule.name);
      return ok;
    }, { alt: rule.alt });
  }

  const spanned: Record<string, string> = { link: "link_open", image: "image", backticks: "code_inline", autolink: "link_open", html_inline: "html_inline", math_inline: "math_inline" };
  for (const rule of md.inline.ruler.__rules__) {
    const type = spanned[rule.name];
    if (!type) continue;
    const original = rule.fn;
    md.inline.ruler.at(rule.name, (state, silent) => {
      const start = state.pos;
      const first = state.tokens.length;
      const ok = original(state, silent);
      if (!ok || silent) return ok;
      const token = findToken(state.tokens, first, type);
      if (!token) return ok;
      token.meta = { ...token.meta, span: [start, state.pos] satisfies SourceSpan };
      if ((rule.name === "link" || rule.name === "image") && !token.meta.label) {
        const destination = inlineDestination(state, rule.name === "image" ? start + 1 : start, parseLinkDestination);
        if (destination) token.meta.destination = destination;
      }
      return ok;
    }, { alt: rule.alt });
  }
  return md;
}

/** The span of the last destination markdown-it's helper parsed (a definition's, while its rule runs). */
let destinationCapture: SourceSpan | null = null;

/** A destination's own characters: without the angle brackets of `<…>`. */
function rawDestination(str: string, start: number, end: number): SourceSpan {
  return str.charCodeAt(start) === 0x3c ? [start + 1, end - 1] : [start, end];
}

function findToken(tokens: Token[], from: number, type: string): Token | undefined {
  for (let i = from; i < tokens.length; i++) if (tokens[i]!.type === type) return tokens[i];
  return undefined;
}

/** Where the destination of the inline link whose label opens at `labelAt` lies in the inline content. */
function inlineDestination(state: StateInline, labelAt: number, parseDestination: Parser["helpers"]["parseLinkDestination"]): SourceSpan | undefined {
  const labelEnd = state.md.helpers.parseLinkLabel(state, labelAt, true);
  if (labelEnd < 0 || state.src.charCodeAt(labelEnd + 1) !== 0x28) return undefined;
  let pos = labelEnd + 2;
  while (pos < state.posMax && /[ \t\n]/.test(state.src[pos]!)) pos++;
  const result = parseDestination(state.src, pos, state.posMax);
  return result.ok ? rawDestination(state.src, pos, result.pos) : undefined;
}

/** Where the last non-blank line of a block that began at `startLine` (and ended before `state.line`) ends. */
function lastLineEnd(state: StateBlock, startLine: number): number {
  let last = Math.max(startLine, state.line - 1);
  while (last > startLine && state.isEmpty(last)) last--;
  return state.eMarks[last]!;
}

// ---- Inline content's offsets

/** Gives each inline token a block rule pushed its content's map to the source. */
function mapInlineContent(state: StateBlock, first: number, rule: string): void {
  if (rule === "table") return mapTableCells(state, first);
  for (let i = first; i < state.tokens.length; i++) {
    const token = state.tokens[i]!;
    if (token.type !== "inline" || !token.map || token.meta?.offsets) continue;
    const [begin, end] = token.map;
    if (rule === "heading") {
      const lineStart = state.bMarks[begin]! + state.tShift[begin]!;
      const at = state.src.indexOf(token.content, lineStart);
      if (at >= 0 && at < state.eMarks[begin]!) token.meta = { ...token.meta, offsets: OffsetMap.identity(at) };
      continue;
    }
    const { text, map } = mappedLines(state, begin, end, state.blkIndent).trimmed();
    if (text === token.content) token.meta = { ...token.meta, offsets: map };
  }
}

/** `state.getLines(begin, end, indent, false)`, with where each line's piece comes from. */
function mappedLines(state: StateBlock, begin: number, end: number, indent: number): MappedText {
  const out = new MappedText();
  for (let line = begin; line < end; line++) {
    let lineIndent = 0;
    const lineStart = state.bMarks[line]!;
    let first = lineStart;
    const last = line + 1 < end ? state.eMarks[line]! + 1 : state.eMarks[line]!;
    while (first < last && lineIndent < indent) {
      const code = state.src.charCodeAt(first);
      if (code === 0x20 || code === 0x09) lineIndent += code === 0x09 ? 4 - ((lineIndent + state.bsCount[line]!) % 4) : 1;
      else if (first - lineStart < state.tShift[line]!) lineIndent++;
      else break;
      first++;
    }
    if (lineIndent > indent) out.append(" ".repeat(lineIndent - indent), -1);
    out.append(state.src.slice(first, last), first);
  }
  return out;
}

/** Table rows' cells, split as markdown-it splits them (an escaped pipe loses its backslash). */
function mapTableCells(state: StateBlock, first: number): void {
  let row: { cells: { text: string; map: OffsetMap }[]; next: number } | undefined;
  for (let i = first; i < state.tokens.length; i++) {
    const token = state.tokens[i]!;
    if (token.type === "tr_open" && token.map) row = { cells: splitRow(state, token.map[0]), next: 0 };
    if (token.type !== "inline" || !row) continue;
    const cell = row.cells[row.next++];
    if (cell && cell.text === token.content) token.meta = { ...token.meta, offsets: cell.map };
  }
}

function splitRow(state: StateBlock, line: number): { text: string; map: OffsetMap }[] {
  const start = state.bMarks[line]! + state.tShift[line]!;
  const text = state.src.slice(start, state.eMarks[line]!);
  const cells: MappedText[] = [];
  let current = new MappedText();
  let pieceStart = 0;
  let escaped = false;
  for (let pos = 0; pos < text.length; pos++) {
    const code = text.charCodeAt(pos);
    if (code === 0x7c) {
      if (!escaped) {
        current.append(text.slice(pieceStart, pos), start + pieceStart);
        cells.push(current);
        current = new MappedText();
        pieceStart = pos + 1;
      } else {
        current.append(text.slice(pieceStart, pos - 1), start + pieceStart);
        pieceStart = pos;
      }
    }
    escaped = code === 0x5c;
  }
  current.append(text.slice(pieceStart), start + pieceStart);
  cells.push(current);
  // As markdown-it: a leading and a trailing pipe do not open empty cells.
  if (cells.length > 0 && cells[0]!.text.trim() === "") cells.shift();
  if (cells.length > 0 && cells.at(-1)!.text.trim() === "") cells.pop();
  return cells.map((cell) => cell.trimmed());
}

// ---- Nesting past the bound

/**
 * Inside a container at the bound, the lines of that container lose the quote and list markers
 * (and indentation) they start with, once: what they hold is read as blocks of this container.
 */
function flattenDeep(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (silent || state.level < CONTAINER_LEVELS) return false;
  const flattened = (state.env.flattenedUntil as number | undefined) ?? -1;
  if (startLine < flattened) return false;
  for (let line = startLine; line < endLine; line++) {
    const end = state.eMarks[line]!;
    let pos = state.bMarks[line]!;
    for (let marker = containerMarker(state.src, pos, end); marker > pos; marker = containerMarker(state.src, pos, end)) pos = marker;
    state.bMarks[line] = pos;
    state.tShift[line] = 0;
    state.sCount[line] = state.blkIndent;
    state.bsCount[line] = 0;
  }
  state.env.flattenedUntil = endLine;
  return false;
}

/** Past the blanks and one quote or list marker at `pos` (and the blanks after it), or `pos` when there is none. */
function containerMarker(src: string, pos: number, end: number): number {
  let at = pos;
  while (at < end && (src[at] === " " || src[at] === "\t")) at++;
  if (src[at] === ">") at++;
  else if ((src[at] === "-" || src[at] === "*" || src[at] === "+") && (at + 1 === end || src[at + 1] === " " || src[at + 1] === "\t")) at++;
  else {
    let digits = at;
    while (digits < end && digits - at < 9 && src[digits]! >= "0" && src[digits]! <= "9") digits++;
    if (digits === at || (src[digits] !== "." && src[digits] !== ")") || (digits + 1 < end && src[digits + 1] !== " " && src[digits + 1] !== "\t")) return at;
    at = digits + 1;
  }
  while (at < end && (src[at] === " " || src[at] === "\t")) at++;
  return at;
}

// ---- GitBook's block tags

/**
 * A line holding one of GitBook's block tags (`{% hint style="info" %}`, `{% endhint %}`) or an
 * expandable's HTML line (`<details>`, `<summary>…</summary>`): a block of its own, which ends a
 * paragraph, list or quote written right against it (GitBook writes tags against their content).
 */
function blockTag(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  const first = state.src.charCodeAt(start);
  if (first !== 0x7b && first !== 0x3c) return false;
  const line = state.src.slice(start, state.eMarks[startLine]!).trimEnd();
  if (!parseBlockTagLine(line)) return false;
  if (silent) return true;
  const token = state.push("block_tag", "", 0);
  token.content = line;
  token.map = [startLine, startLine + 1];
  state.line = startLine + 1;
  return true;
}

/**
 * An HTML block ends at a block tag line: GitBook writes a figure right against the tag that
 * closes its container (`…</figure>` then `{% endcolumn %}`), where markdown's HTML block would
 * run on to the next blank line.
 */
function endHtmlAtTag(state: StateBlock, startLine: number, token: Token): void {
  for (let line = startLine + 1; line < state.line; line++) {
    const text = state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]!).trimEnd();
    if (!text.startsWith("{%") && !text.startsWith("<") ) continue;
    if (!parseBlockTagLine(text)) continue;
    token.content = state.getLines(startLine, line, state.blkIndent, true);
    token.map = [startLine, line];
    state.line = line;
    token.meta = { ...token.meta, end: lastLineEnd(state, startLine) };
    return;
  }
}

// ---- Task lists

const TASK_MARKER = /^\[([ xX])\][ \t]+(?=[^ \t\n])/;

/** GitHub's task list items: `[ ]` or `[x]`, then blanks and text, opening an item's first paragraph. */
function taskLists(state: { tokens: Token[] }): void {
  const tokens = state.tokens;
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (tokens[i]!.type !== "list_item_open" || tokens[i + 1]!.type !== "paragraph_open") continue;
    const inline = tokens[i + 2]!;
    const match = TASK_MARKER.exec(inline.content);
    if (!match) continue;
    tokens[i]!.meta = { ...tokens[i]!.meta, checked: match[1] !== " " };
    const offsets = inline.meta?.offsets as OffsetMap | undefined;
    inline.content = inline.content.slice(match[0].length);
    if (offsets) inline.meta = { ...inline.meta, offsets: offsets.shifted(match[0].length) };
  }
}

// ---- Math

/** GitBook's block formula: a `$$` line, the formula, a `$$` line. */
function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4 || !isFence(state, startLine)) return false;
  let line = startLine + 1;
  for (; line < endLine; line++) {
    if (state.sCount[line]! < state.blkIndent && !state.isEmpty(line)) return false;
    if (isFence(state, line)) break;
  }
  if (line >= endLine) return false;
  if (silent) return true;
  const token = state.push("math_block", "math", 0);
  token.content = state.getLines(startLine + 1, line, state.sCount[startLine]!, false);
  token.map = [startLine, line + 1];
  token.markup = "$$";
  state.line = line + 1;
  return true;
}

function isFence(state: StateBlock, line: number): boolean {
  const start = state.bMarks[line]! + state.tShift[line]!;
  return state.src.slice(start, state.eMarks[line]!).trimEnd() === "$$";
}

/** GitBook's inline formula: `$$…$$` within a line of text (a blank one is text: `$$ $$`). */
function mathInline(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  if (state.src.charCodeAt(start) !== 0x24 || state.src.charCodeAt(start + 1) !== 0x24) return false;
  const close = state.src.indexOf("$$", start + 2);
  if (close < 0 || close >= state.posMax) return false;
  const formula = state.src.slice(start + 2, close);
  if (formula.trim() === "" || formula.includes("\n")) return false;
  if (!silent) {
    const token = state.push("math_inline", "math", 0);
    token.content = formula;
    token.markup = "$$";
  }
  state.pos = close + 2;
  return true;
}
