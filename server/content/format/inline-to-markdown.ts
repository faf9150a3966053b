import type { DocumentInline, DocumentText } from "@gitbook/api";
import type { PhrasingContent, Text } from "mdast";
import { plainText } from "./document-text";
import { urlOfRef } from "./link-targets";
import { expressionMarkup } from "./variables";

/**
 * Document texts carry flat mark sets per leaf; markdown nests emphasis. Marks are rebuilt as
 * the longest runs first, breaks and void inlines never interrupt a run, and whitespace at the
 * edge of a run moves outside it (`**a **b` would not parse as bold).
 */
type Mark = "bold" | "italic" | "strikethrough" | "code";
type Item =
  | { kind: "leaf"; text: string; marks: Set<Mark> }
  | { kind: "link"; url: string; items: Item[]; marks: Set<Mark> | null }
  | { kind: "neutral"; node: PhrasingContent };

export type PhrasingOptions = { breaks?: "break" | "html" };

const MARKS: Mark[] = ["bold", "italic", "strikethrough", "code"];
const WRAPPERS = { bold: "strong", italic: "emphasis", strikethrough: "delete" } as const;

export function phrasing(nodes: readonly (DocumentText | DocumentInline)[], options: PhrasingOptions = {}): PhrasingContent[] {
  const lineBreak: PhrasingContent = options.breaks === "html" ? { type: "html", value: "<br>" } : { type: "break" };
  const list = items(nodes, lineBreak);
  // A break ending the text has no line to break to: markdown would read its `\` back as a literal backslash.
  while (list.at(-1)?.kind === "neutral" && (list.at(-1) as { node: PhrasingContent }).node === lineBreak) list.pop();
  return hoistWhitespace(build(list, new Set()));
}

const marksOf = (item: Item): Set<Mark> | null => (item.kind === "neutral" ? null : item.marks);

function items(nodes: readonly (DocumentText | DocumentInline)[], lineBreak: PhrasingContent): Item[] {
  const out: Item[] = [];
  for (const node of nodes) {
    if (node.object === "text") {
      for (const leaf of node.leaves) {
        const marks = new Set(leaf.marks.map((mark) => mark.type).filter((type): type is Mark => MARKS.includes(type as Mark)));
        leaf.text.split("\n").forEach((line, i) => {
          if (i > 0) out.push({ kind: "neutral", node: lineBreak });
          if (line !== "") out.push({ kind: "leaf", text: line, marks });
        });
      }
      continue;
    }
    switch (node.type) {
      case "link": {
        const inner = items(node.nodes, lineBreak);
        const url = urlOfRef(node.data.ref);
        if (url === undefined) out.push(...inner);
        else out.push({ kind: "link", url, items: inner, marks: sharedMarks(inner) });
        break;
      }
      case "inline-image": {
        const { ref, alt, caption } = node.data;
        out.push({ kind: "neutral", node: { type: "image", url: urlOfRef(ref) ?? "", alt: alt ?? "", title: caption || null } });
        break;
      }
      case "expression":
        out.push({ kind: "neutral", node: { type: "html", value: expressionMarkup(node.data.expression) } });
        break;
      case "emoji":
        out.push({ kind: "leaf", text: emoji(node.data.code), marks: new Set() });
        break;
      default:
        if ("nodes" in node) out.push({ kind: "leaf", text: plainText(node.nodes), marks: new Set() });
    }
  }
  return out;
}

/** The marks every leaf of a link shares, which may wrap the whole link; null when it has no leaves. */
function sharedMarks(inner: Item[]): Set<Mark> | null {
  const sets = inner.map(marksOf).filter((marks): marks is Set<Mark> => marks !== null);
  if (sets.length === 0) return null;
  return new Set(MARKS.filter((mark) => sets.every((marks) => marks.has(mark))));
}

function emoji(code: string): string {
  const points = code.split("-").map((hex) => Number.parseInt(hex, 16));
  return points.every((point) => Number.isInteger(point) && point >= 0 && point <= 0x10ffff) ? String.fromCodePoint(...points) : code;
}

function runEnd(list: Item[], start: number, mark: Mark): number {
  let end = start;
  while (end < list.length && (marksOf(list[end]!)?.has(mark) ?? true)) end++;
  while (end > start + 1 && marksOf(list[end - 1]!) === null) end--;
  return end;
}

function build(list: Item[], active: Set<Mark>): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let i = 0;
  while (i < list.length) {
    const item = list[i]!;
    const open = MARKS.filter((mark) => mark !== "code" && !active.has(mark) && marksOf(item)?.has(mark));
    if (open.length === 0) {
      out.push(...emit(item, active));
      i++;
      continue;
    }
    let best = open[0]!;
    let bestEnd = runEnd(list, i, best);
    for (const mark of open.slice(1)) {
      const end = runEnd(list, i, mark);
      if (end > bestEnd) [best, bestEnd] = [mark, end];
    }
    const children = build(list.slice(i, bestEnd), new Set([...active, best])) as never[];
    out.push({ type: WRAPPERS[best as keyof typeof WRAPPERS], children });
    i = bestEnd;
  }
  return out;
}

function emit(item: Item, active: Set<Mark>): PhrasingContent[] {
  switch (item.kind) {
    case "neutral":
      return [item.node];
    case "leaf":
      return [item.marks.has("code") ? { type: "inlineCode", value: item.text } : { type: "text", value: item.text }];
    case "link":
      return [{ type: "link", url: item.url, title: null, children: build(item.items, active) as never[] }];
  }
}

function hoistWhitespace(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    if (!("children" in node)) {
      out.push(node);
      continue;
    }
    node.children = hoistWhitespace(node.children) as never[];
    if (node.type === "link") {
      out.push(node);
      continue;
    }
    const first = node.children[0];
    const last = node.children.at(-1);
    const lead = first?.type === "text" ? first.value.slice(0, first.value.length - first.value.trimStart().length) : "";
    if (lead) (first as Text).value = (first as Text).value.slice(lead.length);
    // trimEnd rather than /\s*$/, which is quadratic on a long run of blanks before other text.
    const trail = last?.type === "text" ? last.value.slice(last.value.trimEnd().length) : "";
    if (trail) (last as Text).value = (last as Text).value.slice(0, -trail.length);
    node.children = node.children.filter((child) => child.type !== "text" || child.value !== "") as never[];
    if (lead) out.push({ type: "text", value: lead });
    if (node.children.length > 0) out.push(node);
    if (trail) out.push({ type: "text", value: trail });
  }
  return mergeSiblings(out);
}

function mergeSiblings(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    const last = out.at(-1);
    // Adjacent code spans are one span: written apart, their backticks would run together.
    if ((node.type === "text" && last?.type === "text") || (node.type === "inlineCode" && last?.type === "inlineCode")) last.value += node.value;
    else out.push(node);
  }
  return out;
}
