import { replaceTags } from "./linear-text";

/**
 * GitBook writes images with a caption or a size as an HTML figure:
 * `<figure><img src="…" alt="…"><figcaption><p>Caption</p></figcaption></figure>`.
 * Read those as images; other raw HTML has no place in the reference's document.
 * Read by hand, in one pass: the equivalent pattern is quadratic on long runs of blanks.
 */
export type FigureImage = { url: string; alt: string; caption: string };

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", "#39": "'", apos: "'" };

const decode = (text: string) => text.replace(/&(amp|quot|lt|gt|#39|apos);/g, (_, name: string) => ENTITIES[name]!);

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);
const startsWithAt = (text: string, at: number, literal: string) => text.slice(at, at + literal.length).toLowerCase() === literal;

function skipSpace(text: string, at: number): number {
  while (isSpace(text[at])) at++;
  return at;
}

/** `<figure>`, blanks, `<img …>`, blanks, an optional `<figcaption>…</figcaption>`, blanks, `</figure>`; tag names in any case. */
export function figureImage(html: string): FigureImage | undefined {
  const text = html.trim();
  if (!startsWithAt(text, 0, "<figure>")) return undefined;
  const img = skipSpace(text, "<figure>".length);
  if (!startsWithAt(text, img, "<img") || !isSpace(text[img + 4])) return undefined;
  const imgEnd = text.indexOf(">", img);
  const figureEnd = text.length - "</figure>".length;
  if (imgEnd < 0 || imgEnd >= figureEnd || !startsWithAt(text, figureEnd, "</figure>")) return undefined;
  const attributes = attributesOf(text.slice(img + 5, text[imgEnd - 1] === "/" ? imgEnd - 1 : imgEnd));
  const src = attributes.get("src");
  const between = text.slice(imgEnd + 1, figureEnd).trim();
  const hasCaption = between !== "";
  const open = "<figcaption>";
  const close = "</figcaption>";
  if (hasCaption && !(between.length >= open.length + close.length && startsWithAt(between, 0, open) && startsWithAt(between, between.length - close.length, close))) {
    return undefined;
  }
  if (src === undefined) return undefined;
  const caption = hasCaption ? between.slice(open.length, -close.length) : "";
  return { url: src, alt: attributes.get("alt") ?? "", caption: decode(replaceTags(caption, "").trim()) };
}

/** `name="value"` pairs (names in lower case, values decoded); the last of a name wins. */
function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const isNameChar = (char: string | undefined) => char !== undefined && /[a-z-]/i.test(char);
  for (let at = 0; at < source.length; ) {
    if (!isNameChar(source[at])) {
      at++;
      continue;
    }
    let nameEnd = at;
    while (isNameChar(source[nameEnd])) nameEnd++;
    const equals = skipSpace(source, nameEnd);
    const quote = source[equals] === "=" ? skipSpace(source, equals + 1) : -1;
    const valueEnd = quote >= 0 && source[quote] === '"' ? source.indexOf('"', quote + 1) : -1;
    if (valueEnd < 0) {
      at = nameEnd;
      continue;
    }
    attributes.set(source.slice(at, nameEnd).toLowerCase(), decode(source.slice(quote + 1, valueEnd)));
    at = valueEnd + 1;
  }
  return attributes;
}
