import type {
  DocumentBlockDrawing,
  DocumentBlockHeading,
  DocumentBlockImage,
  DocumentBlockImages,
  DocumentBlockParagraph,
  DocumentInlineImage,
  Length,
  TextAlignment,
} from "@gitbook/api";
import type { Element, ElementContent } from "hast";
import { toHtml } from "hast-util-to-html";
import { paragraph } from "./document-containers";
import { htmlTokens, type HtmlToken } from "./html-fragment";
import { inlineHtml } from "./html-inline";
import { htmlPhrasing, inlineImage, inlineNodes, type InlineContext } from "./inline-to-document";
import { imageRef, urlOfRef, type PathResolver } from "./link-targets";

/**
 * GitBook writes images as HTML figures:
 * `<figure><img src="…" alt="…"><figcaption><p>Caption</p></figcaption></figure>` (an empty
 * `<figcaption></figcaption>` without a caption), `width`/`height` on the `<img>`, a dark-mode
 * source in `<picture><source srcset="…" media="(prefers-color-scheme: dark)"><img …></picture>`,
 * several images of one block side by side in a `<div>`, and the block's layout on a wrapping
 * `<div align="left">`, `<div data-full-width="true">` or `<div data-with-frame="true">`. Drawings
 * are `<img … class="gitbook-drawing">`. Read by tokens (html-fragment.ts), in one pass.
 */

type Open = Extract<HtmlToken, { kind: "open" }>;
type ParsedImage = { img: Open; dark?: string; caption?: HtmlToken[] };
type ParsedImages = { images: ParsedImage[]; wrapper?: Open };

const DARK = "(prefers-color-scheme: dark)";

/** The structure of an images block's HTML, or undefined when `html` is other HTML. */
function parseImages(html: string): ParsedImages | undefined {
  const tokens = htmlTokens(html.trim()).filter((token) => token.kind !== "text" || token.text.trim() !== "");
  let at = 0;
  const take = (kind: "open" | "close", name: string): HtmlToken | undefined => {
    const token = tokens[at];
    if (token?.kind === kind && token.name === name) {
      at++;
      return token;
    }
    return undefined;
  };
  const wrapper = take("open", "div") as Open | undefined;
  const images: ParsedImage[] = [];
  for (;;) {
    if (take("open", "figure")) {
      const image = readImage(take);
      if (!image) return undefined;
      if (take("open", "figcaption")) {
        const start = at;
        while (at < tokens.length && !(tokens[at]!.kind === "close" && (tokens[at] as { name: string }).name === "figcaption")) at++;
        if (at >= tokens.length) return undefined;
        image.caption = tokens.slice(start, at);
        at++;
      }
      if (!take("close", "figure")) return undefined;
      images.push(image);
      continue;
    }
    // A framed image is written without a figure.
    const bare = wrapper ? readImage(take) : undefined;
    if (bare) {
      images.push(bare);
      continue;
    }
    break;
  }
  if (wrapper && !take("close", "div")) return undefined;
  return at === tokens.length && images.length > 0 ? { images, wrapper } : undefined;
}

function readImage(take: (kind: "open" | "close", name: string) => HtmlToken | undefined): ParsedImage | undefined {
  if (take("open", "picture")) {
    const source = take("open", "source") as Open | undefined;
    const img = take("open", "img") as Open | undefined;
    if (!source || !img || !img.attributes.has("src") || !take("close", "picture")) return undefined;
    const dark = source.attributes.get("media") === DARK ? source.attributes.get("srcset") : undefined;
    return dark ? { img, dark } : { img };
  }
  const img = take("open", "img") as Open | undefined;
  return img?.attributes.has("src") ? { img } : undefined;
}

const lengthOf = (value: string | undefined): Length | undefined => {
  if (value === undefined || !/^\d+(\.\d+)?$/.test(value.trim())) return undefined;
  return Number(value);
};

/** An images block from GitBook's figure HTML; undefined when the HTML is something else. */
export function htmlImages(html: string, context: InlineContext): DocumentBlockImages | undefined {
  const parsed = parseImages(html);
  if (!parsed) return undefined;
  const data: DocumentBlockImages["data"] = {};
  const align = parsed.wrapper?.attributes.get("align");
  if (align === "left" || align === "center" || align === "right") data.align = align;
  const fullWidth = parsed.wrapper?.attributes.get("data-full-width");
  if (fullWidth !== undefined) data.fullWidth = fullWidth === "true";
  if (parsed.wrapper?.attributes.get("data-with-frame") === "true") data.withFrame = true;
  const nodes = parsed.images.map(({ img, dark, caption }): DocumentBlockImage => {
    const imageData: DocumentBlockImage["data"] = { ref: imageRef(img.attributes.get("src")!) };
    if (dark) imageData.refDark = imageRef(dark);
    const width = lengthOf(img.attributes.get("width"));
    if (width !== undefined) imageData.width = width;
    const height = lengthOf(img.attributes.get("height"));
    if (height !== undefined) imageData.height = height;
    const alt = img.attributes.get("alt");
    if (alt) imageData.alt = alt;
    const text = caption ? inlineNodes(htmlPhrasing(caption), context) : [];
    const hasCaption = text.some((node) => node.object !== "text" || node.leaves.some((leaf) => leaf.text !== ""));
    return {
      object: "block",
      type: "image",
      isVoid: true,
      data: imageData,
      fragments: hasCaption ? [{ object: "fragment", fragment: "caption", nodes: [paragraph(text)] }] : [],
    };
  });
  return { object: "block", type: "images", isVoid: false, data, nodes };
}

/**
 * `<img src="/files/…" class="gitbook-drawing">`: a drawing, when its source is a file of the space;
 * a drawing elsewhere (a path no file of the space answers) is shown as the image it is.
 */
export function htmlDrawing(html: string, resolvePath: PathResolver | undefined): DocumentBlockDrawing | DocumentBlockImages | undefined {
  const img = loneImage(html);
  if (!img || !(img.attributes.get("class") ?? "").split(/\s+/).includes("gitbook-drawing")) return undefined;
  const ref = imageRef(img.attributes.get("src")!);
  const file = ref.kind === "file" ? ref : resolvePathToFile(ref.url, resolvePath);
  if (file) return { object: "block", type: "drawing", isVoid: true, data: { ref: file } };
  const alt = img.attributes.get("alt");
  const image: DocumentBlockImage = { object: "block", type: "image", isVoid: true, data: { ref, ...(alt ? { alt } : {}) }, fragments: [] };
  return { object: "block", type: "images", isVoid: false, data: {}, nodes: [image] };
}

function resolvePathToFile(url: string, resolvePath: PathResolver | undefined) {
  const resolved = resolvePath?.(url, undefined);
  return resolved?.kind === "file" ? resolved : undefined;
}

/** An image written alone on its line as HTML (`<img src="…" data-size="line">`): an inline image. */
export function htmlInlineImage(html: string): DocumentInlineImage | undefined {
  const img = loneImage(html);
  if (!img) return undefined;
  const image = inlineImage(img.attributes.get("src")!, img.attributes.get("alt"), img.attributes.get("title"));
  const size = img.attributes.get("data-size");
  if (size === "line" || size === "original") image.data.size = size;
  return image;
}

function loneImage(html: string): Open | undefined {
  const tokens = htmlTokens(html.trim());
  const only = tokens.length === 1 ? tokens[0] : undefined;
  return only?.kind === "open" && only.name === "img" && only.attributes.has("src") ? only : undefined;
}

/** Every image source GitBook's figure or drawing HTML shows (dark-mode sources included). */
export function htmlImageSources(html: string): string[] {
  const parsed = parseImages(html);
  if (parsed) return parsed.images.flatMap(({ img, dark }) => [img.attributes.get("src")!, ...(dark ? [dark] : [])]);
  const img = loneImage(html);
  return img ? [img.attributes.get("src")!] : [];
}

// ---- Writing

/** An images block as GitBook writes it. */
export function imagesHtml(block: DocumentBlockImages): string {
  const figures: ElementContent[] = [];
  block.nodes.forEach((image, i) => {
    if (i > 0) figures.push({ type: "text", value: " " });
    figures.push(figure(image));
  });
  const { align, fullWidth, withFrame } = block.data;
  const wrapperProperties = {
    ...(align ? { align } : {}),
    ...(fullWidth !== undefined ? { dataFullWidth: String(fullWidth) } : {}),
    ...(withFrame ? { dataWithFrame: "true" } : {}),
  };
  const wrapped = Object.keys(wrapperProperties).length > 0 || block.nodes.length > 1;
  return toHtml(wrapped ? { type: "element", tagName: "div", properties: wrapperProperties, children: figures } : figures, { allowDangerousHtml: true });
}

function figure(image: DocumentBlockImage): Element {
  const { ref, refDark, alt, width, height } = image.data;
  const img: Element = {
    type: "element",
    tagName: "img",
    properties: { src: urlOfRef(ref) ?? "", alt: alt ?? "", ...(width !== undefined ? { width: lengthText(width) } : {}), ...(height !== undefined ? { height: lengthText(height) } : {}) },
    children: [],
  };
  const picture: Element = refDark
    ? { type: "element", tagName: "picture", properties: {}, children: [{ type: "element", tagName: "source", properties: { srcSet: urlOfRef(refDark) ?? "", media: DARK }, children: [] }, img] }
    : img;
  const caption = image.fragments.find((fragment) => fragment.fragment === "caption")?.nodes[0];
  const captionContent: ElementContent[] =
    caption && "nodes" in caption ? [{ type: "element", tagName: "p", properties: {}, children: inlineHtml(caption.nodes as never) }] : [];
  return { type: "element", tagName: "figure", properties: {}, children: [picture, { type: "element", tagName: "figcaption", properties: {}, children: captionContent }] };
}

const lengthText = (length: Length) => (typeof length === "number" ? String(length) : `${length.value}${length.unit}`);

/** A drawing as GitBook writes it. */
export function drawingHtml(block: DocumentBlockDrawing): string {
  return toHtml({ type: "element", tagName: "img", properties: { src: block.data.ref ? `/files/${block.data.ref.file}` : "", alt: "", className: ["gitbook-drawing"] }, children: [] });
}

// ---- Aligned text

const ALIGN_READ: Record<string, "start" | "center" | "end"> = { left: "start", center: "center", right: "end" };
const ALIGN_WRITE: Record<string, string> = { start: "left", center: "center", end: "right" };
/** GitBook writes a heading as HTML one level down, as in its pages (`<h2>` is a heading-1). */
const HTML_HEADINGS: Record<string, "heading-1" | "heading-2" | "heading-3"> = { h2: "heading-1", h3: "heading-2", h4: "heading-3" };

/** `<p align="center">…</p>` or `<h2 align="center">…</h2>`: a paragraph or heading aligned as GitBook writes one. */
export function htmlAlignedText(html: string, context: InlineContext): DocumentBlockParagraph | DocumentBlockHeading | undefined {
  const tokens = htmlTokens(html.trim());
  const open = tokens[0];
  const close = tokens.at(-1);
  if (open?.kind !== "open" || close?.kind !== "close" || close.name !== open.name || tokens.length < 2) return undefined;
  const align = ALIGN_READ[open.attributes.get("align") ?? ""];
  const type = open.name === "p" ? "paragraph" : HTML_HEADINGS[open.name];
  const inner = tokens.slice(1, -1);
  if (!align || !type || inner.some((token) => token.kind !== "text" && (token.name === open.name || token.name === "p" || token.name in HTML_HEADINGS))) return undefined;
  const nodes = inlineNodes(htmlPhrasing(inner), context);
  if (type === "paragraph") return { object: "block", type, data: { align: align as TextAlignment }, nodes };
  return { object: "block", type, data: { align: align as TextAlignment }, nodes };
}

/** A paragraph or heading with an alignment, as GitBook writes it. */
export function alignedTextHtml(block: DocumentBlockParagraph | DocumentBlockHeading): string {
  const tagName = block.type === "paragraph" ? "p" : `h${Number(block.type.slice(-1)) + 1}`;
  return toHtml({ type: "element", tagName, properties: { align: ALIGN_WRITE[block.data?.align ?? ""] ?? "left" }, children: inlineHtml(block.nodes) }, { allowDangerousHtml: true });
}
