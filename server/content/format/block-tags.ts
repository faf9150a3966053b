import type { DocumentBlock, DocumentBlockExpandable, DocumentBlockTabs, DocumentBlockTabsItem } from "@gitbook/api";
import type { DocumentBlockFileWithCaption } from "./document-blocks";
import { fitInto, linkParagraph, paragraph } from "./document-containers";
import { plainText } from "./document-text";
import { inlineNodes, type InlineContext } from "./inline-to-document";
import { linkRef, parseLinkTarget } from "./link-targets";
import { fileSource, type LiquidTag } from "./liquid-tags";

/**
 * The document blocks of GitBook's tabs, expandables and files, built from their tags' content
 * (already converted to blocks). Each keeps within what the reference lets it hold: a block it
 * cannot hold is lifted out after it (see document-containers.ts).
 */

/** `{% tab title="…" %}`: one tab item, titled as written (no title when the tag has none). */
export function tabsItem(tag: LiquidTag, inner: DocumentBlock[]): DocumentBlock[] {
  const data: DocumentBlockTabsItem["data"] = tag.attributes.title === undefined ? {} : { title: tag.attributes.title };
  return fitInto("tabs-item", inner, (nodes) => ({ object: "block", type: "tabs-item", data: { ...data }, nodes: nodes as DocumentBlockTabsItem["nodes"] }));
}

/** Each run of tab items becomes one tabs block: the items of one `{% tabs %}`, or tabs written without it. */
export function groupTabs(blocks: DocumentBlock[]): DocumentBlock[] {
  const out: DocumentBlock[] = [];
  let run: DocumentBlockTabs | undefined;
  for (const block of blocks) {
    if (block.type !== "tabs-item") {
      out.push(block);
      run = undefined;
    } else if (run) {
      run.nodes.push(block);
    } else {
      run = { object: "block", type: "tabs", data: {}, nodes: [block] };
      out.push(run);
    }
  }
  return out;
}

/** `<details>` … `</details>`: an expandable, its title one paragraph (variables kept), its body the blocks after `<summary>`. */
export function expandable(title: string, open: boolean, body: DocumentBlock[], context: InlineContext): DocumentBlock[] {
  const data: DocumentBlockExpandable["data"] = open ? { defaultExpanded: true } : {};
  return fitInto("expandable", body, (nodes) => ({
    object: "block",
    type: "expandable",
    isVoid: true,
    data: { ...data },
    fragments: [
      { object: "fragment", fragment: "expandable-title", type: "expandable-title", nodes: [paragraph(inlineNodes([{ type: "text", value: title }], context))] },
      { object: "fragment", fragment: "expandable-body", type: "expandable-body", nodes: nodes as never },
    ],
  }));
}

/**
 * `{% file src="/files/<id>" %}caption{% endfile %}`: a file of the space, its caption the first
 * paragraph inside (blocks after it follow the file). A source that is no file of the space (a
 * web address, an unknown path) has no file block in the reference: it becomes a link to it.
 */
export function file(tag: LiquidTag, inner: DocumentBlock[], context: InlineContext): DocumentBlock[] {
  const src = fileSource(tag);
  const [first, ...rest] = inner;
  const caption = first?.type === "paragraph" ? first : undefined;
  const after = caption ? rest : inner;
  const target = parseLinkTarget(src);
  const resolved = target.kind === "path" ? context.resolvePath?.(target.path, target.anchor) : target;
  if (resolved?.kind !== "file") return [linkParagraph(linkRef(src, context.resolvePath), (caption && plainText(caption.nodes)) || src), ...after];
  const block: DocumentBlockFileWithCaption = {
    object: "block",
    type: "file",
    isVoid: true,
    data: { ref: { kind: "file", file: resolved.file } },
    fragments: caption && plainText(caption.nodes) !== "" ? [{ object: "fragment", fragment: "caption", nodes: [caption] }] : [],
  };
  return [block, ...after];
}
