import { evaluateVariables } from "../../../content/format/variables";
import { readPublishedPage } from "../page-body";
import { absoluteUrl, fileHref, pageHref } from "../paths";
import { routeSitePath } from "../route";
import type { ModelPage, ModelSiteSpace, SiteAddress, VisibleSite } from "../types";
import type { PlacedPage } from "./listing";
import { withPublishedLinks } from "./published-links";

/**
 * Each page's markdown at its URL plus `.md`: `<page URL>.md`, and a variant's home page at
 * `<variant URL>/index.md` (at the site's root: `index.md`), since its own URL may be the site's
 * and has no name to add `.md` to. The home page wins `index.md` over a page whose path is `index`
 * (that page keeps its HTML URL).
 */

const byIds = new WeakMap<ModelSiteSpace, Map<string, ModelPage>>();

/** A site space's pages by id, made once per model (llms-full.txt asks for every page of it). */
function pagesById(siteSpace: ModelSiteSpace): Map<string, ModelPage> {
  let byId = byIds.get(siteSpace);
  if (!byId) byIds.set(siteSpace, (byId = new Map(siteSpace.pages.map((page) => [page.id, page]))));
  return byId;
}

/** The page a `.md` path names (`rest` without its `.md`), or null when the visitor has none there. */
export async function routeMarkdownPath(visible: VisibleSite, path: string): Promise<PlacedPage | null> {
  if (path === "index" || path.endsWith("/index")) {
    const home = await routeSitePath(visible, path.slice(0, -"index".length).replace(/\/$/, ""));
    if (home.kind === "page" && home.page.path === "") return home;
  }
  const route = await routeSitePath(visible, path);
  return route.kind === "page" ? route : null;
}

/**
 * The page as markdown: its title as the heading, its description, its body with variables
 * filled in and links to pages and files made absolute published URLs (a link to a page the
 * visitor may not see stays as written: it names no published URL). Null when the revision has
 * no such page.
 */
export async function pageMarkdown(address: SiteAddress, { section, siteSpace, page }: PlacedPage): Promise<string | null> {
  const body = await readPublishedPage(siteSpace, page.id);
  if (!body) return null;
  const byId = pagesById(siteSpace);
  const markdown = withPublishedLinks(evaluateVariables(body.markdown, body.variables), {
    page: (pageId) => {
      const target = byId.get(pageId);
      return target ? absoluteUrl(address, pageHref(address, section, siteSpace, target)) : undefined;
    },
    file: (fileId) => absoluteUrl(address, fileHref(address, siteSpace.spaceId, fileId)),
  });
  const head = [`# ${page.title}`, ...(page.description ? [page.description] : [])].join("\n\n");
  return `${head}\n\n${markdown.trim()}\n`;
}
