import rehypeHighlight from "rehype-highlight";

/*
 * rehype-highlight's attacher makes a highlighter of its own, registering every common language;
 * each language's grammar is then compiled on its first use by that highlighter. Attached per
 * render (react-markdown builds its processor on every render), that cost more than the rest of a
 * page's markdown: the transform is made once per process instead, and the grammars compiled once.
 */
const highlightCode = rehypeHighlight({ detect: false });

/** Rehype plugin: fenced code with a language, highlighted (`hljs` classes), with one highlighter per process. */
export function rehypeCodeHighlight() {
  return highlightCode;
}
