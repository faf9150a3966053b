"use client";

import { useLayoutEffect, useRef } from "react";
import { wordDiff, type WordPart } from "./diff-model";

/** The CSS highlights (`::highlight(…)` in diff.css) every edited block adds its ranges to. */
const HIGHLIGHTS = { added: "quire-word-added", removed: "quire-word-removed" } as const;

type TextMap = { text: string; nodes: { node: Text; start: number }[] };

/** The rendered text of an element, with where each of its text nodes starts in it. */
function textMap(element: HTMLElement): TextMap {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT, {
    // Text for assistive technology only ("Before: ") is not the block's.
    acceptNode: (node) => (node.parentElement?.closest(".sr-only") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const nodes: TextMap["nodes"] = [];
  let text = "";
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push({ node: node as Text, start: text.length });
    text += (node as Text).data;
  }
  return { text, nodes };
}

/** The node and offset at a position of the mapped text. */
function pointAt(map: TextMap, position: number): [Text, number] {
  let index = map.nodes.length - 1;
  while (index > 0 && map.nodes[index]!.start > position) index--;
  const { node, start } = map.nodes[index]!;
  return [node, Math.min(position - start, node.data.length)];
}

/** Ranges over the runs of `kind`, leaving out runs of blanks only. */
function rangesOf(map: TextMap, parts: WordPart[], kind: WordPart["kind"]): Range[] {
  const ranges: Range[] = [];
  let offset = 0;
  for (const part of parts) {
    if (part.kind === kind && part.text.trim() !== "" && map.nodes.length > 0) {
      const range = new Range();
      range.setStart(...pointAt(map, offset));
      range.setEnd(...pointAt(map, offset + part.text.length));
      ranges.push(range);
    }
    offset += part.text.length;
  }
  return ranges;
}

/**
 * Highlights the words an edited block's two rendered versions have each alone, by comparing their
 * rendered text word by word (`wordDiff`) and laying CSS highlights over it: the rendered markdown
 * is left as React made it. Where the browser has no CSS highlights, the block shows unmarked.
 */
export function useWordHighlights(before: string, after: string, rendering: unknown) {
  const beforeRef = useRef<HTMLDivElement>(null);
  const afterRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!beforeRef.current || !afterRef.current || typeof CSS === "undefined" || !("highlights" in CSS)) return;
    const beforeMap = textMap(beforeRef.current);
    const afterMap = textMap(afterRef.current);
    const words = wordDiff(beforeMap.text, afterMap.text);
    if (!words) return;
    const added = rangesOf(afterMap, words.after, "added");
    const removed = rangesOf(beforeMap, words.before, "removed");
    const highlight = (name: string) => {
      const existing = CSS.highlights.get(name);
      if (existing) return existing;
      const created = new Highlight();
      CSS.highlights.set(name, created);
      return created;
    };
    for (const range of added) highlight(HIGHLIGHTS.added).add(range);
    for (const range of removed) highlight(HIGHLIGHTS.removed).add(range);
    return () => {
      for (const range of added) CSS.highlights.get(HIGHLIGHTS.added)?.delete(range);
      for (const range of removed) CSS.highlights.get(HIGHLIGHTS.removed)?.delete(range);
    };
    // `rendering`: what else shapes the rendered text (links resolved later), from the caller.
  }, [before, after, rendering]);
  return { beforeRef, afterRef };
}
