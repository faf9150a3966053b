import type { DocumentBlock, DocumentBlockImages, DocumentBlockParagraph, DocumentInlineLink } from "@gitbook/api";
import type { DocumentBlockFileWithCaption } from "./document-blocks";
import { plainText } from "./document-text";
import { emptyText, inlineImage, type InlineNode } from "./inline-to-document";
import { urlOfRef } from "./link-targets";

/**
 * Which blocks the reference lets each container hold (the document itself holds every block
 * built here). Markdown nests anything anywhere, so a block a container cannot hold is either
 * degraded to a paragraph (images, embeds, files, page links: nothing is lost but layout), opened
 * (a quote in a hint: its blocks stay in the hint) or lifted out, splitting the container around
 * it (code in a hint, a table in a quote, tabs in a list item): content stays whole and in order,
 * only the container boundary moves, and no container is lost.
 */
export type Container = "hint" | "blockquote" | "list-item" | "tabs-item" | "expandable" | "stepper-step" | "column" | "update" | "if";

const ESSENTIALS = ["paragraph", "heading-1", "heading-2", "heading-3", "list-ordered", "list-unordered", "list-tasks", "divider"];
/** What tabs, steps and updates share (DocumentBlockTabsItem in the reference). */
const RICH = [...ESSENTIALS, "content-ref", "code", "embed", "file", "images", "drawing", "hint", "prompt", "blockquote", "math", "integration"];
/** Every block the document itself may hold (DocumentBlocksTopLevels). */
const TOP_LEVEL = [
  ...RICH,
  "expandable",
  "tabs",
  "table",
  "swagger",
  "openapi-operation",
  "openapi-schemas",
  "openapi-webhook",
  "reusable-content",
  "stepper",
  "if",
  "columns",
  "updates",
];
const ALLOWED: Record<Container, Set<string>> = {
  hint: new Set([...ESSENTIALS, "embed", "integration", "table"]),
  blockquote: new Set([...ESSENTIALS, "blockquote"]),
  "list-item": new Set([...ESSENTIALS, "code", "hint", "blockquote", "math", "table"]),
  "tabs-item": new Set(RICH),
  expandable: new Set([...ESSENTIALS, "file", "images", "code", "table", "hint", "prompt", "blockquote", "reusable-content", "integration"]),
  "stepper-step": new Set([...RICH, "expandable"]),
  column: new Set([...RICH, "table", "expandable", "stepper"]),
  update: new Set([...RICH, "tabs", "expandable"]),
  if: new Set(TOP_LEVEL),
};

export const paragraph = (nodes: InlineNode[]): DocumentBlockParagraph => ({ object: "block", type: "paragraph", data: {}, nodes });

function degrade(block: DocumentBlock, container: Container): DocumentBlock {
  if (ALLOWED[container].has(block.type)) return block;
  switch (block.type) {
    case "images":
      return imagesAsParagraph(block);
    case "embed":
      return linkParagraph({ kind: "url", url: block.data.url }, block.data.url);
    case "file":
      return fileAsParagraph(block as DocumentBlockFileWithCaption);
    case "content-ref":
      return linkParagraph(block.data.ref, urlOfRef(block.data.ref) ?? "");
    case "drawing":
      return block.data.ref ? paragraph([inlineImage(`/files/${block.data.ref.file}`, undefined, undefined)]) : block;
    default:
      return block;
  }
}

/** A paragraph of one link to `ref`, reading `text`. */
export function linkParagraph(ref: DocumentInlineLink["data"]["ref"], text: string): DocumentBlockParagraph {
  const link: DocumentInlineLink = { object: "inline", type: "link", data: { ref }, nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }] };
  return paragraph([link]);
}

// A file where the reference has no place for one: a link to it, reading its caption.
function fileAsParagraph(block: DocumentBlockFileWithCaption): DocumentBlockParagraph {
  const caption = plainText((block.fragments ?? []).flatMap((fragment) => fragment.nodes));
  return linkParagraph(block.data.ref, caption || `/files/${block.data.ref.file}`);
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
  const out: DocumentBlock[] = [];
  let run: DocumentBlock[] = [];
  let made = false;
  const flush = () => {
    if (run.length > 0) out.push(make(run));
    made ||= run.length > 0;
    run = [];
  };
  for (const block of quotesOpened(container, blocks).map((each) => degrade(each, container))) {
    if (ALLOWED[container].has(block.type)) run.push(block);
    else {
      flush();
      out.push(block);
    }
  }
  flush();
  // A container is never lost (its style, title, date…): one left empty, or written so, keeps its place with an empty
  // paragraph, as the editor would. A quote carries nothing but its content.
  if (!made && (container !== "blockquote" || out.length === 0)) out.unshift(make([paragraph([emptyText()])]));
  return out;
}

/** A quote in a container that cannot hold one (a hint) gives way to its blocks, which stay inside: a quote's bar is all that is lost. */
function quotesOpened(container: Container, blocks: DocumentBlock[]): DocumentBlock[] {
  if (ALLOWED[container].has("blockquote")) return blocks;
  const out: DocumentBlock[] = [];
  const pending = [...blocks].reverse();
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.type === "blockquote") pending.push(...[...(next.nodes as DocumentBlock[])].reverse());
    else out.push(next);
  }
  return out;
}

/**
 * Blocks a list item may hold (`kept`), and those it cannot from the first of them on (`lifted`):
 * a list is split around them rather than flattened (see `list` in markdown-to-document.ts).
 * Blocks a paragraph can stand for (images, embeds, files, page links) stay, as paragraphs.
 */
export function fitIntoListItem(blocks: DocumentBlock[]): { kept: DocumentBlock[]; lifted: DocumentBlock[] } {
  const fitted = blocks.map((block) => degrade(block, "list-item"));
  const at = fitted.findIndex((block) => !ALLOWED["list-item"].has(block.type));
  return at < 0 ? { kept: fitted, lifted: [] } : { kept: fitted.slice(0, at), lifted: fitted.slice(at) };
}
