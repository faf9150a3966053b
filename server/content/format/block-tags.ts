import type {
  DocumentBlock,
  DocumentBlockColumn,
  DocumentBlockContentRef,
  DocumentBlockExpandable,
  DocumentBlockHint,
  DocumentBlockIf,
  DocumentBlockOpenAPI,
  DocumentBlockPrompt,
  DocumentBlockStepperStep,
  DocumentBlockTabsItem,
  DocumentBlockUpdate,
  DocumentBlockUpdates,
  Length,
} from "@gitbook/api";
import type { PhrasingContent } from "mdast";
import type { DocumentBlockEmbedWithCaption, DocumentBlockFileWithCaption } from "./document-blocks";
import { fitInto, linkParagraph, paragraph } from "./document-containers";
import { plainText } from "./document-text";
import { inlineNodes, type InlineContext } from "./inline-to-document";
import { imageRef, linkRef, parseLinkTarget } from "./link-targets";
import { tagTarget, type LiquidTag } from "./liquid-tags";

/**
 * The document blocks of GitBook's block tags, built from their tags and content (already
 * converted to blocks). Each keeps within what the reference lets it hold: a block it cannot hold
 * is lifted out after it (see document-containers.ts).
 */

const HINT_STYLES = new Set(["info", "warning", "danger", "success"]);

export function hint(tag: LiquidTag, inner: DocumentBlock[]): DocumentBlock[] {
  const style = (HINT_STYLES.has(tag.attributes.style ?? "") ? tag.attributes.style : "info") as DocumentBlockHint["data"]["style"];
  const data: DocumentBlockHint["data"] = tag.attributes.icon ? { style, icon: tag.attributes.icon } : { style };
  return fitInto("hint", inner, (nodes) => ({ object: "block", type: "hint", data: { ...data }, nodes: nodes as DocumentBlockHint["nodes"] }));
}

export function withCodeAttributes(tag: LiquidTag, inner: DocumentBlock[]): DocumentBlock[] {
  const { title, overflow, lineNumbers, fullWidth, expandable } = tag.attributes;
  for (const block of inner) {
    if (block.type !== "code") continue;
    if (title) block.data.title = title;
    if (overflow === "wrap" || overflow === "scroll") block.data.overflow = overflow;
    if (lineNumbers) block.data.lineNumbers = lineNumbers === "true";
    if (fullWidth) block.data.fullWidth = fullWidth === "true";
    if (expandable) block.data.expandable = expandable === "true";
  }
  return inner;
}

/** `{% tab title="…" icon="…" %}`: one tab item, titled as written (no title when the tag has none). */
export function tabsItem(tag: LiquidTag, inner: DocumentBlock[]): DocumentBlock[] {
  const { title, icon } = tag.attributes;
  const data: DocumentBlockTabsItem["data"] = { ...(title === undefined ? {} : { title }), ...(icon ? { icon } : {}) };
  return fitInto("tabs-item", inner, (nodes) => ({ object: "block", type: "tabs-item", data: { ...data }, nodes: nodes as DocumentBlockTabsItem["nodes"] }));
}

/** `{% step %}`: one step of a stepper. */
export function stepperStep(tag: LiquidTag, inner: DocumentBlock[]): DocumentBlock[] {
  const data: DocumentBlockStepperStep["data"] = tag.attributes.icon ? { icon: tag.attributes.icon } : {};
  return fitInto("stepper-step", inner, (nodes) => ({ object: "block", type: "stepper-step", data: { ...data }, nodes: nodes as DocumentBlockStepperStep["nodes"] }));
}

/** `{% column width="50%" %}`: one column; its width as a length (`50%` is 50 of unit `%`). */
export function column(tag: LiquidTag, inner: DocumentBlock[]): DocumentBlock[] {
  const width = lengthOf(tag.attributes.width);
  const data: DocumentBlockColumn["data"] = width === undefined ? {} : { width };
  return fitInto("column", inner, (nodes) => ({ object: "block", type: "column", data: { ...data }, nodes: nodes as DocumentBlockColumn["nodes"] }));
}

function lengthOf(value: string | undefined): Length | undefined {
  const match = value === undefined ? null : /^(\d+(?:\.\d+)?)([a-z%]*)$/i.exec(value.trim());
  if (!match) return undefined;
  return match[2] ? { value: Number(match[1]), unit: match[2] } : Number(match[1]);
}

/** A length as GitBook writes it in an attribute. */
export const lengthText = (length: Length) => (typeof length === "number" ? String(length) : `${length.value}${length.unit}`);

/** `{% update date="2025-12-25" tags="a,b" %}`: one dated entry of an updates block. */
export function update(tag: LiquidTag, inner: DocumentBlock[]): DocumentBlock[] {
  const date = dateOf(tag.attributes.date ?? "");
  // An update needs its date: without one its content stays where it was written.
  if (!date) return inner;
  const tags = (tag.attributes.tags ?? "").split(",").map((each) => each.trim()).filter(Boolean);
  const data: DocumentBlockUpdate["data"] = { date, ...(tags.length > 0 ? { tags: tags.map((slug) => ({ kind: "tag" as const, tag: slug })) } : {}) };
  return fitInto("update", inner, (nodes) => ({ object: "block", type: "update", data: { ...data }, nodes: nodes as DocumentBlockUpdate["nodes"] }));
}

/** GitBook writes an update's day (`2025-12-25`); the reference's date is a timestamp. */
function dateOf(value: string): string | undefined {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value;
  const time = Date.parse(day);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** The day GitBook writes for an update's date. */
export function dateText(date: string): string {
  return date.endsWith("T00:00:00.000Z") ? date.slice(0, 10) : date;
}

const UPDATE_FORMATS = new Set(["numeric", "full", "short"]);

export function updatesFormat(tag: LiquidTag | undefined): DocumentBlockUpdates["data"]["format"] {
  const format = tag?.attributes.format ?? "full";
  return (UPDATE_FORMATS.has(format) ? format : "full") as DocumentBlockUpdates["data"]["format"];
}

/** Item blocks and the container that groups each run of them. */
const GROUPS: Record<string, (tag: LiquidTag | undefined) => DocumentBlock> = {
  "tabs-item": () => ({ object: "block", type: "tabs", data: {}, nodes: [] }),
  "stepper-step": () => ({ object: "block", type: "stepper", data: {}, nodes: [] }),
  column: () => ({ object: "block", type: "columns", isVoid: false, data: {}, nodes: [] }),
  update: (tag) => ({ object: "block", type: "updates", data: { format: updatesFormat(tag) }, nodes: [] }),
};

/** A container of `tag`'s kind with no items (`{% tabs %}{% endtabs %}`). */
export function emptyContainer(tag: LiquidTag): DocumentBlock {
  const item = Object.keys(CONTAINER_OF).find((each) => CONTAINER_OF[each] === tag.name)!;
  return GROUPS[item]!(tag);
}

/** The container tag of each item block. */
export const CONTAINER_OF: Record<string, string> = { "tabs-item": "tabs", "stepper-step": "stepper", column: "columns", update: "updates" };

/**
 * Each run of item blocks of one kind becomes one container: the items of one `{% tabs %}`
 * (`{% stepper %}`, `{% columns %}`, `{% updates %}`), or items written without it. `tag` is the
 * container tag the items were written in, when they were.
 */
export function groupItems(blocks: DocumentBlock[], tag?: LiquidTag): DocumentBlock[] {
  const out: DocumentBlock[] = [];
  let run: { type: string; container: DocumentBlock & { nodes: DocumentBlock[] } } | undefined;
  for (const block of blocks) {
    const group = GROUPS[block.type];
    if (!group) {
      out.push(block);
      run = undefined;
    } else if (run?.type === block.type) {
      run.container.nodes.push(block);
    } else {
      const container = group(tag && CONTAINER_OF[block.type] === tag.name ? tag : undefined) as DocumentBlock & { nodes: DocumentBlock[] };
      container.nodes.push(block);
      run = { type: block.type, container };
      out.push(container);
    }
  }
  return out;
}

/** `{% if visitor.claims.… %}` … `{% endif %}`: blocks shown when the expression holds. */
export function ifBlock(tag: LiquidTag, inner: DocumentBlock[]): DocumentBlock[] {
  const expression = tag.argument ?? "";
  return fitInto("if", inner, (nodes) => ({ object: "block", type: "if", data: { expression }, nodes: nodes as DocumentBlockIf["nodes"] }) as DocumentBlock);
}

/** `{% prompt description="…" %}` and a code block: a prompt; anything else inside follows it. */
export function prompt(tag: LiquidTag, inner: DocumentBlock[]): DocumentBlock[] {
  const at = inner.findIndex((block) => block.type === "code");
  if (at < 0) return inner;
  const { description, icon, openInAIProviders, defaultExpanded } = tag.attributes;
  const data: DocumentBlockPrompt["data"] = { description: description ?? "" };
  if (icon) data.icon = icon;
  if (openInAIProviders) data.openInAIProviders = openInAIProviders === "true";
  if (defaultExpanded === "hidden" || defaultExpanded === "partial" || defaultExpanded === "full") data.defaultExpanded = defaultExpanded;
  const block = { object: "block", type: "prompt", data, nodes: [inner[at]] } as DocumentBlockPrompt;
  return [...inner.slice(0, at), block, ...inner.slice(at + 1)];
}

/** `<details>` … `</details>`: an expandable, its title one paragraph (its formatting and variables kept), its body the blocks after `<summary>`. */
export function expandable(title: PhrasingContent[], open: boolean, body: DocumentBlock[], context: InlineContext): DocumentBlock[] {
  const data: DocumentBlockExpandable["data"] = open ? { defaultExpanded: true } : {};
  return fitInto("expandable", body, (nodes) => ({
    object: "block",
    type: "expandable",
    isVoid: true,
    data: { ...data },
    fragments: [
      { object: "fragment", fragment: "expandable-title", type: "expandable-title", nodes: [paragraph(inlineNodes(title, context))] },
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
  const src = tagTarget(tag);
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

/** `{% embed url="…" %}`, and its caption when written before `{% endembed %}` (the first paragraph; blocks after it follow). */
export function embed(tag: LiquidTag, inner: DocumentBlock[]): DocumentBlock[] {
  const url = tag.attributes.url;
  if (!url) return inner;
  const [first, ...rest] = inner;
  const caption = first?.type === "paragraph" && plainText(first.nodes) !== "" ? first : undefined;
  const block: DocumentBlockEmbedWithCaption = {
    object: "block",
    type: "embed",
    isVoid: true,
    data: { url, ...(tag.attributes.fullWidth ? { fullWidth: tag.attributes.fullWidth === "true" } : {}) },
    ...(caption ? { fragments: [{ object: "fragment", fragment: "caption", nodes: [caption] }] } : {}),
  };
  return [block, ...(caption ? rest : inner)];
}

/**
 * The void blocks GitBook writes as a tag pair around one line naming their target (a link to a
 * page or spec, a schema's title): `{% content-ref url="…" %}`, `{% openapi src="…" … %}` (and
 * the legacy `{% swagger … %}`), `{% openapi-operation spec="…" … %}`, `{% openapi-schemas … %}`,
 * `{% openapi-webhook … %}`. The line inside is not content of theirs; blocks after it follow.
 */
export function voidTagBlock(tag: LiquidTag, inner: DocumentBlock[], context: InlineContext): DocumentBlock[] | undefined {
  const block = voidBlock(tag, inner[0], context);
  if (!block) return undefined;
  return [block, ...(inner[0]?.type === "paragraph" ? inner.slice(1) : inner)];
}

function voidBlock(tag: LiquidTag, first: DocumentBlock | undefined, context: InlineContext): DocumentBlock | undefined {
  const { path, method, spec } = tag.attributes;
  switch (tag.name) {
    case "content-ref": {
      const url = tagTarget(tag);
      if (!url) return undefined;
      const block: DocumentBlockContentRef = { object: "block", type: "content-ref", isVoid: true, data: { ref: linkRef(url, context.resolvePath) } };
      return block;
    }
    case "openapi":
    case "swagger": {
      const src = tagTarget(tag);
      if (!src || path === undefined || method === undefined) return undefined;
      const target = parseLinkTarget(src);
      const resolved = target.kind === "path" ? context.resolvePath?.(target.path, target.anchor) : undefined;
      const ref = resolved?.kind === "file" ? resolved : imageRef(src);
      const data: DocumentBlockOpenAPI["data"] = { ref, path, method };
      if (tag.attributes.expanded) data.expanded = tag.attributes.expanded === "true";
      return { object: "block", type: "swagger", isVoid: true, data };
    }
    case "openapi-operation":
      if (!spec || path === undefined || method === undefined) return undefined;
      return { object: "block", type: "openapi-operation", isVoid: true, data: { ref: { kind: "openapi", spec }, path, method } };
    case "openapi-webhook": {
      const { name } = tag.attributes;
      if (!spec || name === undefined || method === undefined) return undefined;
      return { object: "block", type: "openapi-webhook", isVoid: true, data: { ref: { kind: "openapi", spec }, name, method } };
    }
    case "openapi-schemas": {
      const schemas = (tag.attributes.schemas ?? "").split(",").map((each) => each.trim()).filter(Boolean);
      if (!spec || schemas.length === 0) return undefined;
      const title = first?.type === "paragraph" ? plainText(first.nodes).trim() : "";
      return {
        object: "block",
        type: "openapi-schemas",
        isVoid: true,
        data: {
          ref: { kind: "openapi", spec },
          schemas,
          ...(tag.attributes.grouped ? { grouped: tag.attributes.grouped === "true" } : {}),
          ...(title && title !== defaultSchemasTitle(schemas) ? { title } : {}),
        },
      };
    }
    default:
      return undefined;
  }
}

/** The title GitBook gives a schemas block that has none of its own. */
export const defaultSchemasTitle = (schemas: readonly string[]) => `The ${schemas.join(", ")} object`;

/** Tags GitBook writes in pairs around one line of their own (voidTagBlock). */
export const VOID_PAIRED_TAGS = ["content-ref", "openapi", "swagger", "openapi-operation", "openapi-schemas", "openapi-webhook"];
