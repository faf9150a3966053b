import type { DocumentInline, DocumentText, DocumentTextLeaf, DocumentTextMark } from "@gitbook/api";
import { canonicalJson } from "../store/hash";
import { mergeTokens, wordTokens } from "./text-merge";

/**
 * The word-level merge of a block's text: its inline content (texts with marks, links and other
 * inlines) becomes a sequence of tokens, each word or space carrying its marks and the inlines it
 * is in, and void inlines (variables, emoji, inline images…) one token each. Merged with diff3
 * (text-merge.ts), the tokens are grouped back into leaves and inlines, so that formatting is
 * correct by construction: a word keeps the marks its side gave it, and no merge can leave a mark
 * opened and not closed (as merging markdown source could). A word whose marks changed on one side
 * and whose text changed on the other was changed on both: a conflict.
 */

type InlineNode = DocumentText | DocumentInline;
/** An inline that holds text (a link, an annotation): its fields but its content. */
type Wrapper = Omit<DocumentInline, "nodes" | "key">;

type Token = { wrappers: Wrapper[]; marks: DocumentTextMark[]; text: string } | { wrappers: Wrapper[]; atom: DocumentInline };

/** Tokens of the three versions by their encoding: equal encodings are equal tokens. */
type TokenTable = Map<string, Token>;

const SEPARATOR = "\u0000";

function encode(token: Token, table: TokenTable): string {
  const context = token.wrappers.map((wrapper) => canonicalJson(wrapper)).join(SEPARATOR);
  const content = "atom" in token ? `a${canonicalJson(token.atom)}` : `t${canonicalJson(token.marks)}${SEPARATOR}${token.text}`;
  const encoded = `${token.wrappers.length}${SEPARATOR}${context}${SEPARATOR}${content}`;
  if (!table.has(encoded)) table.set(encoded, token);
  return encoded;
}

/** The tokens of inline content, encoded into `table`. */
function tokensOf(nodes: readonly InlineNode[], table: TokenTable): string[] {
  const out: string[] = [];
  const visit = (list: readonly InlineNode[], wrappers: Wrapper[]) => {
    for (const node of list) {
      if (node.object === "text") {
        for (const leaf of node.leaves) {
          const marks = [...leaf.marks].sort((a, b) => (canonicalJson(a) < canonicalJson(b) ? -1 : 1));
          for (const text of wordTokens(leaf.text)) out.push(encode({ wrappers, marks, text }, table));
        }
      } else if ("nodes" in node && Array.isArray(node.nodes) && !node.isVoid) {
        const { nodes: inner, key: _key, ...wrapper } = node as DocumentInline & { nodes: InlineNode[] };
        visit(inner, [...wrappers, wrapper as Wrapper]);
      } else {
        const { key: _key, ...atom } = node as DocumentInline & { key?: string };
        out.push(encode({ wrappers, atom: atom as DocumentInline }, table));
      }
    }
  };
  visit(nodes, []);
  return out;
}

const emptyText = (): DocumentText => ({ object: "text", leaves: [{ object: "leaf", text: "", marks: [] }] });

/** Inline content from tokens: runs in one inline become that inline, runs of equal marks one leaf. */
function nodesOf(tokens: Token[], depth = 0): InlineNode[] {
  const out: InlineNode[] = [];
  for (let i = 0; i < tokens.length; ) {
    const token = tokens[i]!;
    if (token.wrappers.length > depth) {
      const wrapper = token.wrappers[depth]!;
      const id = canonicalJson(wrapper);
      let end = i + 1;
      while (end < tokens.length && tokens[end]!.wrappers.length > depth && canonicalJson(tokens[end]!.wrappers[depth]) === id) end++;
      out.push({ ...wrapper, nodes: nodesOf(tokens.slice(i, end), depth + 1) } as DocumentInline);
      i = end;
      continue;
    }
    if ("atom" in token) out.push(token.atom);
    else {
      const last = out.at(-1);
      const lastLeaf = last?.object === "text" ? last.leaves.at(-1) : undefined;
      if (lastLeaf && canonicalJson(lastLeaf.marks) === canonicalJson(token.marks)) lastLeaf.text += token.text;
      else if (last?.object === "text") last.leaves.push(leafOf(token.text, token.marks));
      else out.push({ object: "text", leaves: [leafOf(token.text, token.marks)] });
    }
    i++;
  }
  return out;
}

const leafOf = (text: string, marks: DocumentTextMark[]): DocumentTextLeaf => ({ object: "leaf", text, marks: [...marks] });

/** The merge of three versions of a block's inline content, or null where both sides changed the same words. */
export function mergeInlines(base: readonly InlineNode[], ours: readonly InlineNode[], theirs: readonly InlineNode[]): InlineNode[] | null {
  const table: TokenTable = new Map();
  const merged = mergeTokens(tokensOf(base, table), tokensOf(ours, table), tokensOf(theirs, table));
  if (!merged.ok) return null;
  const nodes = nodesOf(merged.tokens.map((encoded) => table.get(encoded)!));
  return nodes.length > 0 ? nodes : [emptyText()];
}

/** Whether a list of nodes is inline content (texts and inlines), which merges word by word. */
export function isInlineContent(nodes: readonly unknown[]): boolean {
  return nodes.every((node) => {
    const object = (node as { object?: unknown } | null)?.object;
    return object === "text" || object === "inline";
  });
}
