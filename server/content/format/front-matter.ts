import { dump } from "js-yaml";
import { trimEndOf } from "./linear-text";

/**
 * GitBook's page front matter: the YAML block it writes at the top of a page file
 * (`description`, `icon`, `hidden`, `cover`, `layout`…). Read by hand, line by line, for the few
 * shapes GitBook writes (scalars, quoted or folded, and nested mappings): linear whatever the
 * input, where a YAML parser is not bounded on hostile input. Written with js-yaml, as GitBook
 * writes it (a long description folded with `>-` at 80 columns).
 */
export type FrontMatterValue = string | number | boolean | FrontMatter;
export type FrontMatter = { [key: string]: FrontMatterValue };

/** Lines a YAML front matter block is made of; a block with any other line is a thematic break and text. */
export const YAML_LINE = /^(?:[A-Za-z_][\w-]*[ \t]*:.*|[ \t].*|#.*|-[ \t].*|)$/;
const KEY = /^[A-Za-z_][\w-]*/;
/** Characters a pattern's `.` does not match: a line holding one is not read as a field. */
const LINE_TERMINATOR = /[\r\u2028\u2029]/;

type Line = { indent: number; text: string };

/** The mapping of front matter lines (those between the `---` lines). Sequences and what else YAML allows are left out. */
export function parseFrontMatter(lines: readonly string[]): FrontMatter {
  const parsed: Line[] = lines.map((line) => {
    let indent = 0;
    while (line[indent] === " ") indent++;
    return { indent, text: trimEndOf(line.slice(indent), " \t") };
  });
  const root: FrontMatter = {};
  // Open mappings, innermost last, with the indentation of their keys (-1: not known yet).
  const stack: { map: FrontMatter; indent: number }[] = [{ map: root, indent: 0 }];
  for (let i = 0; i < parsed.length; i++) {
    const { indent, text } = parsed[i]!;
    if (text === "" || text.startsWith("#")) continue;
    // A mapping's keys are indented alike; a line indented less is a key of an enclosing one.
    for (;;) {
      const open = stack.at(-1)!;
      if (stack.length === 1) break;
      if (open.indent < 0) {
        if (indent > stack.at(-2)!.indent) open.indent = indent;
        else {
          stack.pop();
          continue;
        }
      }
      if (indent >= open.indent) break;
      stack.pop();
    }
    const top = stack.at(-1)!;
    const field = keyValue(text);
    if (!field || indent !== top.indent) continue;
    const { key, value } = field;
    if (value === "") {
      const child: FrontMatter = {};
      top.map[key] = child;
      stack.push({ map: child, indent: -1 });
    } else if (value === ">-" || value === ">" || value === "|" || value === "|-") {
      // A block scalar: the lines indented past the key; folded (>) joins them with spaces.
      const body: string[] = [];
      while (i + 1 < parsed.length && (parsed[i + 1]!.indent > indent || parsed[i + 1]!.text === "")) body.push(parsed[++i]!.text);
      while (body.length > 0 && body.at(-1) === "") body.pop();
      top.map[key] = value.startsWith(">") ? foldLines(body) : body.join("\n");
    } else {
      // A plain scalar may go on over more indented lines, folded.
      const more: string[] = [];
      while (!/^["']/.test(value) && i + 1 < parsed.length && parsed[i + 1]!.indent > indent && parsed[i + 1]!.text !== "" && !keyValue(parsed[i + 1]!.text)) more.push(parsed[++i]!.text);
      top.map[key] = scalar(more.length > 0 ? [value, ...more].join(" ") : value);
    }
  }
  return root;
}

function keyValue(text: string): { key: string; value: string } | undefined {
  const key = KEY.exec(text)?.[0];
  if (!key) return undefined;
  let at = key.length;
  while (text[at] === " " || text[at] === "\t") at++;
  if (text[at] !== ":" || (text[at + 1] !== undefined && text[at + 1] !== " " && text[at + 1] !== "\t")) return undefined;
  at++;
  while (text[at] === " " || text[at] === "\t") at++;
  const value = text.slice(at);
  return LINE_TERMINATOR.test(value) ? undefined : { key, value };
}

function foldLines(lines: string[]): string {
  let out = "";
  for (const [i, line] of lines.entries()) {
    if (i === 0) out = line;
    else if (line === "") out += "\n";
    else out += out.endsWith("\n") || out === "" ? line : ` ${line}`;
  }
  return out;
}

/** A scalar's value: quoted strings unquoted, `true`/`false` booleans, decimal numbers, else the text. */
function scalar(text: string): string | number | boolean {
  const unquoted = unquote(text);
  if (unquoted !== text) return unquoted;
  if (text === "true" || text === "false") return text === "true";
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  // A comment after a plain value is not part of it.
  const comment = text.indexOf(" #");
  return comment >= 0 ? trimEndOf(text.slice(0, comment), " \t") : text;
}

export function unquote(value: string): string {
  const last = value.length - 1;
  if (last < 1 || value[0] !== value[last] || (value[0] !== '"' && value[0] !== "'")) return value;
  const inner = value.slice(1, last);
  if (value[0] === '"') {
    // Each backslash escapes the next character (not a line break); a bare quote ends the value early.
    for (let i = 0; i < inner.length; i++) {
      if (inner[i] === '"') return value;
      if (inner[i] === "\\") {
        if (i === inner.length - 1 || "\n\r\u2028\u2029".includes(inner[i + 1]!)) return value;
        i++;
      }
    }
    return inner.replace(/\\(.)/g, "$1");
  }
  // In single quotes, a quote is written twice.
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] !== "'") continue;
    if (inner[i + 1] !== "'") return value;
    i++;
  }
  return inner.replaceAll("''", "'");
}

/** Front matter as GitBook writes it, its keys in the order given; empty when there is nothing to write. */
export function formatFrontMatter(fields: FrontMatter): string {
  if (Object.keys(fields).length === 0) return "";
  return `---\n${dump(fields, { lineWidth: 80 })}---\n`;
}
