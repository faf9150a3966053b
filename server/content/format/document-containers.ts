import type { DocumentBlock, DocumentBlockImages, DocumentBlockParagraph, DocumentInlineLink } from "@gitbook/api";
import { plainText } from "./document-text";
import { emptyText, inlineImage, type InlineNode } from "./inline-to-document";

/**
 * Which blocks the reference lets each container hold (the document itself holds every block
 * built here). Markdown nests anything anywhere, so a
 * block a container cannot hold is either degraded to a paragraph (images, embeds: nothing is
 * lost but layout) or lifted out, splitting the container around it (code in a hint, a table in
 * a quote): content stays whole and in order, only the container boundary moves.
 */
export type Container = "hint" | "blockquote" | "list-item";

const ESSENTIALS = ["paragraph", "heading-1", "heading-2", "heading-3", "list-ordered", "list-unordered", "list-tasks", "divider"];
const ALLOWED: Record<Container, Set<string>> = {
  hint: new Set([...ESSENTIALS, "table", "embed"]),
  blockquote: new Set([...ESSENTIALS, "blockquote"]),
  "list-item": new Set([...ESSENTIALS, "code", "hint", "blockquote", "table"]),
};

export const paragraph = (nodes: InlineNode[]): DocumentBlockParagraph => ({ object: "block", type: "paragraph", data: {}, nodes });

function degrade(block: DocumentBlock, container: Container): DocumentBlock {
  if (ALLOWED[container].has(block.type)) return block;
  if (block.type === "images") return imagesAsParagraph(block);
  if (block.type === "embed") {
    const link: DocumentInlineLink = {
      object: "inline",
      type: "link",
      data: { ref: { kind: "url", url: block.data.url } },
      nodes: [{ object: "text", leaves: [{ object: "leaf", text: block.data.url, marks: [] }] }],
    };
    return paragraph([link]);
  }
  return block;
}

function imagesAsParagraph(block: DocumentBlockImages): DocumentBlockParagraph {
  return paragraph(
    block.nodes.map((image) => inlineImage(urlOf(image.data.ref), image.data.alt, plainText(image.fragments.flatMap((fragment) => fragment.nodes)))),
  );
}

const urlOf = (ref: DocumentBlockImages["nodes"][number]["data"]["ref"]) => (ref.kind === "url" ? ref.url : `/files/${ref.file}`);

/**
 * Places `blocks` in containers made by `make`: runs of blocks the container may hold share one
 * container; the others come out between them, for the enclosing container to place in turn.
 */
export function fitInto(container: Container, blocks: DocumentBlock[], make: (nodes: DocumentBlock[]) => DocumentBlock): DocumentBlock[] {
  // An empty container keeps its place with an empty paragraph, as the editor would.
  if (blocks.length === 0) return [make([paragraph([emptyText()])])];
  const out: DocumentBlock[] = [];
  let run: DocumentBlock[] = [];
  const flush = () => {
    if (run.length > 0) out.push(make(run));
    run = [];
  };
  for (const block of blocks.map((each) => degrade(each, container))) {
    if (ALLOWED[container].has(block.type)) run.push(block);
    else {
      flush();
      out.push(block);
    }
  }
  flush();
  return out;
}

/** Blocks a list item may hold; nothing needs lifting out of one once degraded. */
export function fitIntoListItem(blocks: DocumentBlock[]): DocumentBlock[] {
  const fitted = blocks.map((block) => degrade(block, "list-item"));
  return fitted.length === 0 ? [paragraph([emptyText()])] : fitted;
}
