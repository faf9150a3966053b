/**
 * GitBook writes images with a caption or a size as an HTML figure:
 * `<figure><img src="…" alt="…"><figcaption><p>Caption</p></figcaption></figure>`.
 * Read those as images; other raw HTML has no place in the reference's document.
 */
export type FigureImage = { url: string; alt: string; caption: string };

const FIGURE = /^<figure>\s*<img\s([^>]*?)\/?>\s*(?:<figcaption>([\s\S]*?)<\/figcaption>)?\s*<\/figure>$/i;
const ATTRIBUTE = /([a-z-]+)\s*=\s*"([^"]*)"/gi;
const ENTITIES: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", "#39": "'", apos: "'" };

const decode = (text: string) => text.replace(/&(amp|quot|lt|gt|#39|apos);/g, (_, name: string) => ENTITIES[name]!);

export function figureImage(html: string): FigureImage | undefined {
  const match = FIGURE.exec(html.trim());
  if (!match) return undefined;
  const attributes = new Map([...match[1]!.matchAll(ATTRIBUTE)].map(([, key, value]) => [key!.toLowerCase(), decode(value!)]));
  const src = attributes.get("src");
  if (src === undefined) return undefined;
  const caption = decode((match[2] ?? "").replace(/<[^>]*>/g, "").trim());
  return { url: src, alt: attributes.get("alt") ?? "", caption };
}
