import { diffArrays } from "diff";
import type { Element, ElementContent, Root, RootContent, Text } from "hast";
import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { isolateTagLines } from "@/server/content/render/liquid-blocks";
import { wordTokens } from "@/server/content/merge/text-merge";

/**
 * Word-level highlights on a rendered block: the words of one version that the version it is
 * compared with does not have, marked where the reader's rendering (MarkdownView) shows them.
 * The words are the merge's (text-merge.ts) without the spaces; a block's words are read from
 * its rendered text, those of the version compared with from its markdown's text. Blocks are
 * small, and the diff is bounded: past the bound, nothing is marked.
 */

const DIFF_BOUND = { maxEditLength: 2000 };

const isWord = (token: string) => !/^\s+$/.test(token);

/** The words of a block's markdown text (its text, inline code and code; not its syntax). */
export function markdownWords(markdown: string): string[] {
  const tree = fromMarkdown(isolateTagLines(markdown), { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const words: string[] = [];
  const visit = (node: Nodes) => {
    if (node.type === "text" || node.type === "inlineCode" || node.type === "code") words.push(...wordTokens(node.value).filter(isWord));
    if ("children" in node) node.children.forEach(visit);
  };
  visit(tree);
  return words;
}

/** Rehype plugin: wraps the words of the rendered block that `against` lacks in `<mark>`. */
export function rehypeWordHighlights({ against }: { against: string[] }) {
  return (tree: Root) => {
    const texts: { node: Text; parent: Element | Root; tokens: string[] }[] = [];
    const visit = (node: Root | RootContent) => {
      if (node.type !== "root" && node.type !== "element") return;
      for (const child of node.children) {
        if (child.type === "text") texts.push({ node: child, parent: node, tokens: wordTokens(child.value) });
        else visit(child);
      }
    };
    visit(tree);
    const words = texts.flatMap((text, t) => text.tokens.flatMap((token, i) => (isWord(token) ? [{ token, t, i }] : [])));
    const changes = diffArrays(
      words.map((word) => word.token),
      against,
      DIFF_BOUND,
    );
    if (!changes) return;
    const marked = new Set<string>();
    let position = 0;
    for (const change of changes) {
      if (change.added) continue;
      if (change.removed) for (let i = position; i < position + change.count; i++) marked.add(`${words[i]!.t}:${words[i]!.i}`);
      position += change.count;
    }
    if (marked.size === 0) return;
    texts.forEach((text, t) => {
      if (!text.tokens.some((_, i) => marked.has(`${t}:${i}`))) return;
      const pieces: ElementContent[] = [];
      let run: { marked: boolean; value: string } | null = null;
      const flush = () => {
        if (!run) return;
        pieces.push(run.marked ? mark(run.value) : { type: "text", value: run.value });
        run = null;
      };
      text.tokens.forEach((token, i) => {
        // Spaces between two marked words are marked with them: one highlight per changed phrase.
        const isMarked = marked.has(`${t}:${i}`) || (!isWord(token) && run?.marked === true && marked.has(`${t}:${nextWord(text.tokens, i)}`));
        if (run && run.marked !== isMarked) flush();
        run = { marked: isMarked, value: (run?.value ?? "") + token };
      });
      flush();
      const siblings = text.parent.children as ElementContent[];
      siblings.splice(siblings.indexOf(text.node), 1, ...pieces);
    });
  };
}

const nextWord = (tokens: string[], from: number) => {
  for (let i = from + 1; i < tokens.length; i++) if (isWord(tokens[i]!)) return i;
  return -1;
};

const mark = (value: string): Element => ({
  type: "element",
  tagName: "mark",
  properties: { className: ["rounded-sm", "bg-amber-200", "px-0.5", "text-inherit"] },
  children: [{ type: "text", value }],
});
