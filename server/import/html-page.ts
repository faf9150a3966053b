import { parse, type HTMLElement } from "node-html-parser";
import { htmlToMarkdown } from "./html-to-markdown";

/** What the importer takes from one HTML page: plain data, as it comes out of the HTML workers. */
export type HtmlPage = {
  /** The first `<h1>` of the main content, else `<title>`; null when the page has neither. */
  title: string | null;
  description?: string;
  /** Every link of the page (navigation included, as that is how a site is crawled), absolute. */
  links: string[];
  /** Links of the main content, absolute, each once: those that may become links to imported pages. */
  contentLinks: string[];
  /** Images of the main content, absolute, each once. */
  images: string[];
  /** The main content's HTML, with its links and image sources made absolute; the title's `<h1>` removed. */
  content: string;
};

const TITLE_MAX = 100;
const DESCRIPTION_MAX = 500;

/** Never content: scripts, styles, embedded objects and form controls. */
const NEVER_CONTENT = ["script", "style", "noscript", "template", "svg", "canvas", "iframe", "object", "embed", "button", "select", "textarea"];
/** Site chrome around the content, removed when the content is the whole body. */
const BODY_CHROME = ["nav", "header", "footer", "aside", "[role=navigation]", "[role=banner]", "[role=contentinfo]", "[role=search]"];
/** Chrome inside a `<main>` or `<article>` (an article's `<header>` holds its title, so it stays). */
const MAIN_CHROME = ["nav", "footer", "aside", "[role=navigation]", "[role=search]"];

/** Reads a page's bytes as text, in the charset its `<meta>` declares (UTF-8 when none or unknown). */
export function decodeHtml(bytes: Buffer): string {
  const head = bytes.subarray(0, 2048).toString("latin1");
  const declared = head.match(/<meta[^>]+charset\s*=\s*["']?\s*([\w-]+)/i)?.[1];
  if (declared) {
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      // An unknown label: fall through to UTF-8.
    }
  }
  return new TextDecoder("utf-8").decode(bytes);
}

export function readHtmlPage(html: string, pageUrl: string): HtmlPage {
  const root = parse(html, { comment: false });
  for (const element of root.querySelectorAll(NEVER_CONTENT.join(","))) element.remove();
  const base = baseUrl(root, pageUrl);

  const links = unique(root.querySelectorAll("a[href]").flatMap((anchor) => httpUrl(anchor.getAttribute("href")!, base) ?? []));

  const main = root.querySelector("main") ?? root.querySelector("article") ?? root.querySelector("[role=main]");
  const content = main ?? root.querySelector("body") ?? root;
  for (const element of content.querySelectorAll((main ? MAIN_CHROME : BODY_CHROME).join(","))) element.remove();

  const heading = content.querySelector("h1");
  const headingText = heading ? oneLine(heading.text) : "";
  const documentTitle = oneLine(root.querySelector("title")?.text ?? "");
  // The page keeps its title apart from its body, so the heading it came from is not repeated.
  if (heading && headingText) heading.remove();

  const contentLinks = absolutizeLinks(content, base);
  const images = absolutizeImages(content, base);

  const description = oneLine(root.querySelector('meta[name="description"]')?.getAttribute("content") ?? "");
  return {
    title: (headingText || documentTitle).slice(0, TITLE_MAX) || null,
    ...(description ? { description: description.slice(0, DESCRIPTION_MAX) } : {}),
    links,
    contentLinks,
    images,
    content: content.innerHTML,
  };
}

/**
 * An imported page's content as markdown, its links to other imported pages written `/pages/<id>`
 * (keeping their `#anchor`) and its imported images `/files/<id>`: `pages` and `files` map the
 * absolute URLs of its content (`contentLinks`, `images`) to what they became.
 */
export function importedMarkdown(input: { content: string; pages: Record<string, string>; files: Record<string, string> }): string {
  const content = parse(input.content, { comment: false });
  for (const anchor of content.querySelectorAll("a[href]")) {
    const href = anchor.getAttribute("href")!;
    const pageId = Object.hasOwn(input.pages, href) ? input.pages[href] : undefined;
    if (!pageId) continue;
    const hash = new URL(href).hash;
    anchor.setAttribute("href", `/pages/${pageId}${hash.length > 1 ? hash : ""}`);
  }
  for (const image of content.querySelectorAll("img[src]")) {
    const src = image.getAttribute("src")!;
    if (Object.hasOwn(input.files, src)) image.setAttribute("src", `/files/${input.files[src]}`);
  }
  return htmlToMarkdown(content.innerHTML);
}

/** The URL relative links resolve against: `<base href>` when the page has a valid one. */
function baseUrl(root: HTMLElement, pageUrl: string): string {
  const declared = root.querySelector("base[href]")?.getAttribute("href");
  return (declared && httpUrl(declared, pageUrl)) || pageUrl;
}

/** An http(s) URL resolved against `base`, without its credentials; null for other schemes or garbage. */
export function httpUrl(reference: string, base: string): string | null {
  try {
    const url = new URL(reference.trim(), base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    url.username = "";
    url.password = "";
    return url.href;
  } catch {
    return null;
  }
}

/** Makes the content's links absolute (dropping those of other schemes but mail and phone) and lists the http(s) ones. */
function absolutizeLinks(content: HTMLElement, base: string): string[] {
  const links: string[] = [];
  for (const anchor of content.querySelectorAll("a[href]")) {
    const href = anchor.getAttribute("href")!.trim();
    // In-page anchors stay as they are: they point into the imported page itself.
    if (href.startsWith("#")) continue;
    const absolute = httpUrl(href, base);
    if (absolute) {
      anchor.setAttribute("href", absolute);
      links.push(absolute);
    } else if (!/^(mailto|tel):/i.test(href)) {
      anchor.removeAttribute("href");
    }
  }
  return unique(links);
}

/** Makes image sources absolute (lazy-loaded ones included) and lists them; other images are dropped. */
function absolutizeImages(content: HTMLElement, base: string): string[] {
  const images: string[] = [];
  for (const image of content.querySelectorAll("img")) {
    const source = image.getAttribute("src") || image.getAttribute("data-src") || "";
    const absolute = source ? httpUrl(source, base) : null;
    // Inline (data:) and unreadable sources would become megabytes of markdown or broken images.
    if (!absolute) {
      image.remove();
      continue;
    }
    image.setAttribute("src", absolute);
    image.removeAttribute("srcset");
    images.push(absolute);
  }
  return unique(images);
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

const unique = <T>(items: T[]) => [...new Set(items)];
