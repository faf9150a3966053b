import { Fragment, Slice, type Node } from "prosemirror-model";
import { documentToMarkdown } from "@/server/content/format/document-to-markdown";
import { markdownToDocument } from "@/server/content/format/markdown-to-document";
import { documentToProseMirror, proseMirrorToDocument, withoutKeys } from "./document-conversion";
import { schema } from "./schema";
import { storableDoc } from "./storable";

/**
 * What a paste (or a drop from another application) becomes: exactly what the page will hold
 * once saved. The pasted blocks go through the page's own format — written as markdown and read
 * back, as the server does — so that nothing shows in the editor that a save would lose (empty
 * paragraphs, formatting markdown has no syntax for, blocks nested where markdown cannot keep
 * them). Images come from the web (kept by their address) or from the clipboard's files and
 * `data:` addresses (uploaded into the change request); an image that is only on the copying
 * computer (`file:`, `blob:`) cannot be pasted and is said so.
 */

/** Blocks of pasted markdown, new to the page (no keys). */
export function markdownSlice(text: string): Slice {
  return new Slice(documentToProseMirror(withoutKeys(markdownToDocument(text))).content, 0, 0);
}

/** The document as the page will hold it after a save: through markdown and back. */
export function canonicalDoc(doc: Node): Node {
  return documentToProseMirror(withoutKeys(markdownToDocument(documentToMarkdown(proseMirrorToDocument(storableDoc(doc))))));
}

export type PreparedPaste = { slice: Slice; images: File[]; unavailableImages: number };

/** The pasted slice as it will be saved, with the images to upload and the count of those that cannot be. */
export function preparePaste(slice: Slice): PreparedPaste {
  const images: File[] = [];
  let unavailableImages = 0;
  const cleaned = cleanPasted(slice.content, (image) => {
    const url = urlOf(image);
    if (url === null) return image;
    if (/^https?:\/\//i.test(url)) return image;
    const file = /^data:image\//i.test(url) ? dataUrlFile(url, images.length + 1) : null;
    if (file) images.push(file);
    else unavailableImages++;
    return null;
  });
  return { slice: canonicalSlice(new Slice(cleaned, slice.openStart, slice.openEnd)), images, unavailableImages };
}

/** Whether pasted HTML holds any text (a spreadsheet's cells), rather than only a picture of it. */
export function htmlHasText(html: string): boolean {
  return (new DOMParser().parseFromString(html, "text/html").body.textContent ?? "").trim() !== "";
}

/**
 * Pasted HTML made readable by the schema's rules: Word's list paragraphs become lists (their
 * bullets are text in a span Word marks `mso-list:Ignore`), and a table's caption becomes a
 * paragraph before it (a grid has no place for it).
 */
export function cleanPastedHtml(html: string): string {
  if (!/mso-list|<caption/i.test(html)) return html;
  const dom = new DOMParser().parseFromString(html, "text/html");
  for (const caption of dom.querySelectorAll("caption")) {
    const table = caption.closest("table");
    const paragraph = dom.createElement("p");
    paragraph.append(...caption.childNodes);
    caption.remove();
    table?.before(paragraph);
  }
  let list: HTMLElement | null = null;
  for (const paragraph of dom.querySelectorAll<HTMLElement>("p")) {
    if (!/mso-list:\s*l\d/i.test(paragraph.getAttribute("style") ?? "")) {
      list = null;
      continue;
    }
    const marker = paragraph.querySelector('span[style*="mso-list:Ignore" i]');
    const ordered = /^\s*(?:\d+|[a-z]|[ivxlc]+)[.)]/i.test(marker?.textContent ?? "");
    marker?.remove();
    const wanted = ordered ? "OL" : "UL";
    if (!list || list.tagName !== wanted || list.nextElementSibling !== paragraph) {
      list = dom.createElement(wanted.toLowerCase());
      paragraph.before(list);
    }
    const item = dom.createElement("li");
    item.append(...paragraph.childNodes);
    paragraph.remove();
    list.append(item);
  }
  return dom.body.innerHTML;
}

/**
 * The slice through the page's format. Inline content (text pasted into a line) stays inline;
 * blocks keep the open ends they had where the format kept those blocks. Content that is part of
 * a container (list items, table rows, pasted into their own kind) is left to the schema.
 */
function canonicalSlice(slice: Slice): Slice {
  const { content } = slice;
  if (content.childCount === 0) return slice;
  const inline = content.firstChild!.isInline;
  let blocks = true;
  content.forEach((node) => (blocks &&= inline ? node.isInline : node.type.isInGroup("block")));
  if (!blocks) return slice;
  const doc = schema.nodes.doc!.createChecked(null, inline ? schema.nodes.paragraph!.create(null, content) : content);
  const stored = withoutEmptyEnd(canonicalDoc(doc).content);
  if (inline) {
    const only = stored.childCount === 1 && stored.firstChild!.type === schema.nodes.paragraph ? stored.firstChild!.content : null;
    return only ? new Slice(only, 0, 0) : new Slice(stored, 0, 0);
  }
  return new Slice(stored, openDepth(content, stored, slice.openStart, "first"), openDepth(content, stored, slice.openEnd, "last"));
}

/** The empty paragraph markdown reads for an empty page is no content when pasted. */
function withoutEmptyEnd(content: Fragment): Fragment {
  const last = content.lastChild;
  return last && last.type === schema.nodes.paragraph && last.content.size === 0 ? content.cut(0, content.size - last.nodeSize) : content;
}

/** How deep the slice can stay open at one end: as far as the stored blocks are the pasted ones' kinds. */
function openDepth(pasted: Fragment, stored: Fragment, open: number, end: "first" | "last"): number {
  let depth = 0;
  let a: Node | null = pasted[end === "first" ? "firstChild" : "lastChild"];
  let b: Node | null = stored[end === "first" ? "firstChild" : "lastChild"];
  while (depth < open && a && b && a.type === b.type) {
    depth++;
    a = a[end === "first" ? "firstChild" : "lastChild"];
    b = b[end === "first" ? "firstChild" : "lastChild"];
  }
  return depth;
}

function urlOf(image: Node): string | null {
  const ref = (image.attrs.data as { ref?: { kind?: string; url?: string } } | null)?.ref;
  return ref?.kind === "url" ? (ref.url ?? "") : ref?.kind === "file" ? null : "";
}

/** A paragraph that only looks like space (Word pastes `&nbsp;` for an empty line). */
const isBlank = (node: Node) => node.type === schema.nodes.paragraph && node.textContent.trim() === "" && node.childCount === node.content.content.filter((child) => child.isText).length;

/** The fragment without blank paragraphs (where others remain) and with each image replaced by `mapImage`'s answer (null: removed). */
function cleanPasted(fragment: Fragment, mapImage: (image: Node) => Node | null): Fragment {
  const out: Node[] = [];
  fragment.forEach((node) => {
    if (node.type === schema.nodes.image) {
      const kept = mapImage(node);
      if (kept) out.push(kept);
      return;
    }
    out.push(node.isLeaf || node.isTextblock ? node : node.copy(cleanPasted(node.content, mapImage)));
  });
  const filled = out.filter((node) => !isBlank(node));
  return Fragment.from(filled.length > 0 ? filled : out);
}

function dataUrlFile(url: string, n: number): File | null {
  const match = /^data:(image\/[\w.+-]+);base64,([\s\S]*)$/i.exec(url);
  if (!match) return null;
  try {
    const bytes = Uint8Array.from(atob(match[2]!.replace(/\s+/g, "")), (char) => char.charCodeAt(0));
    const extension = match[1]!.split("/")[1]!.replace("svg+xml", "svg").replace("jpeg", "jpg");
    return new File([bytes], `pasted-image-${n}.${extension}`, { type: match[1]! });
  } catch {
    return null;
  }
}
