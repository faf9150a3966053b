import { cachedBody, cachedRender, sendCached } from "../cache";
import type { SiteRequest } from "../endpoints";
import { hiddenFromRobots } from "./listing";
import { llmsFullTxt } from "./llms-full";
import { llmsTxt } from "./llms";
import { pageMarkdown, routeMarkdownPath } from "./page-markdown";
import { robotsTxt, sitemapXml } from "./sitemap";

/**
 * The site's machine-readable URLs: `sitemap.xml`, `robots.txt`, `llms.txt`, `llms-full.txt` and
 * `<page path>.md`. Each is what this visitor may see, cached per content version and visitor
 * segment like the pages.
 */

const TEXT = "text/plain; charset=utf-8";
const MARKDOWN = "text/markdown; charset=utf-8";
const XML = "application/xml; charset=utf-8";

function notFound(): Response {
  return new Response("Not found\n", { status: 404, headers: { "content-type": TEXT } });
}

/** Answers `produce`'s text from this server's cache, keyed by all it depends on (URLs are absolute: the address too). */
async function cachedText(req: SiteRequest, name: string, contentType: string, produce: () => Promise<string>): Promise<Response> {
  const { visible, address } = req;
  const key = `machines:${visible.site.id}:${visible.version}:${visible.visitor.segment}:${address.origin}${address.basePath}:${name}`;
  const cached = await cachedRender(key, async () => cachedBody(await produce(), contentType));
  return sendCached(req.request, cached);
}

/** Only a public site has a sitemap (see sitemap.ts). */
export function sitemapEndpoint(req: SiteRequest): Promise<Response> {
  if (hiddenFromRobots(req.visible)) return Promise.resolve(notFound());
  return cachedText(req, "sitemap.xml", XML, async () => sitemapXml(req.visible, req.address));
}
export const robotsEndpoint = (req: SiteRequest) => cachedText(req, "robots.txt", TEXT, async () => robotsTxt(req.visible, req.address));
export const llmsEndpoint = (req: SiteRequest) => cachedText(req, "llms.txt", TEXT, async () => llmsTxt(req.visible, req.address));
export const llmsFullEndpoint = (req: SiteRequest) => cachedText(req, "llms-full.txt", TEXT, () => llmsFullTxt(req.visible, req.address));

/** Thrown out of a cached render whose page is gone, so that nothing is cached. */
class PageGone extends Error {}

/** `<path>.md`: the markdown of the page the path names (see page-markdown.ts). */
export async function markdownEndpoint(req: SiteRequest, match: RegExpExecArray): Promise<Response> {
  const placed = await routeMarkdownPath(req.visible, match[1]!);
  if (!placed) return notFound();
  try {
    return await cachedText(req, `md:${placed.siteSpace.id}:${placed.page.id}`, MARKDOWN, async () => {
      const markdown = await pageMarkdown(req.address, placed);
      if (markdown === null) throw new PageGone();
      return markdown;
    });
  } catch (error) {
    if (error instanceof PageGone) return notFound();
    throw error;
  }
}
