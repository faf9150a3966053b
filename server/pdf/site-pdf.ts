import { db } from "../db/client";
import { AppError } from "../errors";
import { cachedBody, cachedRender, sendCached } from "../sites/serve/cache";
import type { SiteRequest } from "../sites/serve/endpoints";
import { readPublishedPage } from "../sites/serve/page-body";
import { absoluteUrl, pageHref } from "../sites/serve/paths";
import { group } from "../sites/serve/render/look";
import type { ModelPage, ModelSection, ModelSiteSpace, VisibleSite } from "../sites/serve/types";
import { pdfContentDisposition, pdfFilename } from "./content-disposition";
import { breadcrumbOf, chapterHtml, contentsHtml, coverHtml, directionOf } from "./document";
import { revisionFiles } from "./files";
import { pagesHtml } from "./pages-html";
import { renderPdf } from "./render-pdf";

/**
 * A published site's PDFs: `~/pdf/page/<siteSpaceId>/<pageId>` (one page) and
 * `~/pdf/space/<siteSpaceId>` (every page of the variant its navigation shows, in reading order,
 * a chapter each). They run after the visitor gate and read only `visible`, so a PDF holds exactly
 * what this visitor could read on the site; a site space whose customization leaves `pdf.enabled`
 * off answers 404, as does anything the visitor cannot see.
 */

const ID = "([A-Za-z0-9_-]{1,64})";
export const PAGE_PDF_PATTERN = new RegExp(`^~/pdf/page/${ID}/${ID}$`);
export const SPACE_PDF_PATTERN = new RegExp(`^~/pdf/space/${ID}$`);

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

function findSiteSpace(visible: VisibleSite, siteSpaceId: string): { section: ModelSection | null; siteSpace: ModelSiteSpace } | null {
  for (const siteSpace of visible.rootSiteSpaces) if (siteSpace.id === siteSpaceId) return { section: null, siteSpace };
  for (const section of visible.sections) for (const siteSpace of section.siteSpaces) if (siteSpace.id === siteSpaceId) return { section, siteSpace };
  return null;
}

/** The site space's customization asks for PDFs (render shows the links on the same condition). */
const pdfEnabled = (siteSpace: ModelSiteSpace) => group(siteSpace.customization, "pdf").enabled === true;

export function servePagePdf(req: SiteRequest, match: RegExpExecArray): Promise<Response> {
  const found = findSiteSpace(req.visible, match[1]!);
  const page = found?.siteSpace.pages.find((candidate) => candidate.id === match[2]);
  if (!found || !page || !pdfEnabled(found.siteSpace)) return Promise.resolve(notFound());
  return servePdf(req, found.section, found.siteSpace, [page], page.title);
}

export function serveSpacePdf(req: SiteRequest, match: RegExpExecArray): Promise<Response> {
  const found = findSiteSpace(req.visible, match[1]!);
  if (!found || !pdfEnabled(found.siteSpace)) return Promise.resolve(notFound());
  // What the navigation lists: hidden pages are read by their URL only.
  const pages = found.siteSpace.pages.filter((page) => !page.hidden);
  if (pages.length === 0) return Promise.resolve(notFound());
  return servePdf(req, found.section, found.siteSpace, pages, found.siteSpace.title);
}

async function servePdf(req: SiteRequest, section: ModelSection | null, siteSpace: ModelSiteSpace, pages: ModelPage[], title: string): Promise<Response> {
  // The PDF depends on the content (the model's version), where it is read (its links) and who reads it.
  const key = ["pdf", req.address.origin, req.address.basePath, req.visible.version, req.visible.visitor.segment, req.rest].join("\n");
  let cached;
  try {
    cached = await cachedRender(key, async () => cachedBody(await printSiteSpace(req, section, siteSpace, pages), "application/pdf"));
  } catch (error) {
    if (error instanceof AppError && error.code === "unavailable") {
      const retryAfter = error.details?.retryAfterSeconds;
      return new Response(error.message, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", ...(typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : {}) } });
    }
    throw error;
  }
  return sendCached(req.request, cached, { "Content-Disposition": pdfContentDisposition("attachment", pdfFilename(title)) });
}

async function printSiteSpace(req: SiteRequest, section: ModelSection | null, siteSpace: ModelSiteSpace, pages: ModelPage[]): Promise<Buffer> {
  const printed = new Set(pages.map((page) => page.id));
  const pageUrls = Object.fromEntries(siteSpace.pages.filter((page) => !printed.has(page.id)).map((page) => [page.id, absoluteUrl(req.address, pageHref(req.address, section, siteSpace, page))]));
  const inputs = [];
  // One body at a time: the database pool is shared with every other request.
  for (const page of pages) {
    const body = await readPublishedPage(siteSpace, page.id);
    inputs.push({ markdown: body?.markdown ?? "", printedPageIds: [...printed], pageUrls, variables: body?.variables ?? { space: {}, page: {} } });
  }
  const htmls = await pagesHtml(inputs, pages);
  const byId = new Map(siteSpace.pages.map((page) => [page.id, page]));
  const chapters = pages.map((page, index) =>
    chapterHtml({ id: page.id, title: page.title, description: page.description || undefined, breadcrumb: pages.length > 1 ? breadcrumbOf(page, byId) : undefined, html: htmls[index]! }),
  );
  const siteTitle = req.visible.site.title;
  const front =
    pages.length > 1
      ? coverHtml({ label: siteTitle, title: siteSpace.title, subtitle: section && section.title !== siteSpace.title ? section.title : undefined }) +
        contentsHtml(pages.map((page) => ({ id: page.id, title: page.title, depth: page.depth })))
      : "";
  const revision = await db().revision.findUniqueOrThrow({ where: { id: siteSpace.revisionId }, select: { id: true, spaceId: true, root: true } });
  const lang = siteSpace.language ?? undefined;
  return renderPdf({ title: pages.length > 1 ? `${siteTitle} · ${siteSpace.title}` : pages[0]!.title, html: front + chapters.join(""), lang, dir: directionOf(lang) }, { resource: revisionFiles(revision) });
}
