import { layoutOf } from "../../../content/page-display";
import type { ModelPage, ModelSiteSpace } from "../types";
import { FEEDBACK_COMMENT_MAX } from "../../insights/schemas";
import { readFiles } from "../../../content/revisions";
import { db } from "../../../db/client";
import type { FileInfo } from "../../../content/render/content-links";
import { headTags } from "../machines/head";
import { readPublishedPage } from "../page-body";
import type { SiteRoute } from "../route";
import { documentHtml, type Place, type RenderRequest } from "./chrome";
import type { OutlineEntry } from "./content";
import { pageActionsMenu } from "./page-actions";
import { linkedPageIds } from "./page-body-html";
import { describeLimit, markdownPool, READ_BUDGET_MS } from "../../../markdown/markdown-pool";
import { fileHref, internalHref, pageHref } from "../paths";
import { esc } from "./html";
import { ICONS } from "./icons";
import { group, lookOf } from "./look";

export type PageRoute = Extract<SiteRoute, { kind: "page" }>;

/**
 * What a page shows for a body its worker could not render within the read budget (only a page
 * stored before writes were bounded, or a machine far too busy): the page's chrome with this note.
 */
const UNRENDERED_BODY = `<div class="quire-markdown"><p>This page's content could not be shown just now. Try again in a moment; if it keeps failing, ask the site's owners to split the page.</p></div>`;

/** The names, types and sizes of the space's files, for file blocks: read only for a body that has one. */
async function fileInfos(siteSpace: ModelSiteSpace, markdown: string): Promise<Map<string, FileInfo>> {
  if (!markdown.includes("{% file")) return new Map();
  const revision = await db().revision.findUnique({ where: { id: siteSpace.revisionId }, select: { id: true, spaceId: true, root: true } });
  const files = revision ? await readFiles(db(), revision) : [];
  return new Map(files.map((file) => [file.id, { name: file.name, contentType: file.contentType, size: file.size }]));
}

/** Pages the navigation shows, in reading order: hidden ones and everything under them left out. */
export function shownPages(siteSpace: ModelSiteSpace): ModelPage[] {
  const hidden = new Set<string>();
  return siteSpace.pages.filter((page) => {
    if (page.hidden || (page.parentId !== null && hidden.has(page.parentId))) {
      hidden.add(page.id);
      return false;
    }
    return true;
  });
}

function ancestorsOf(siteSpace: ModelSiteSpace, page: ModelPage): ModelPage[] {
  const byId = new Map(siteSpace.pages.map((each) => [each.id, each]));
  const out: ModelPage[] = [];
  for (let parent = page.parentId ? byId.get(page.parentId) : undefined; parent; parent = parent.parentId ? byId.get(parent.parentId) : undefined) out.unshift(parent);
  return out;
}

const dateFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

function outlineHtml(outline: OutlineEntry[]): string {
  if (outline.length === 0) return "";
  const items = outline.map((entry) => `<li${entry.depth === 3 ? ' class="sub"' : ""}><a href="#${esc(encodeURIComponent(entry.id))}">${esc(entry.text)}</a></li>`).join("");
  return `<aside class="outline" aria-labelledby="outline-title"><div class="outline-inner"><h2 id="outline-title">On this page</h2><ul>${items}</ul></div></aside>`;
}

function coverHtml(req: RenderRequest, siteSpace: ModelSiteSpace, page: ModelPage, size: string): string {
  const cover = page.cover;
  if (!cover) return "";
  const src = (ref: NonNullable<ModelPage["cover"]>["ref"]) => (ref.kind === "file" ? fileHref(req.address, siteSpace.spaceId, ref.file) : ref.url);
  const style = `height:${Math.round(cover.height ?? 240)}px;object-position:50% ${Math.round(Math.min(100, Math.max(0, 50 + (cover.yPos ?? 0))))}%`;
  const img = (href: string, extra: string) => `<img class="cover${extra}" src="${esc(href)}" alt="" style="${esc(style)}">`;
  return `<div class="cover-wrap cover-${esc(size)}">${cover.refDark ? img(src(cover.ref), " only-light") + img(src(cover.refDark), " only-dark") : img(src(cover.ref), "")}</div>`;
}

/** The page, in the chrome: breadcrumbs, cover, title, description, body, metadata, feedback, previous/next, outline. */
export async function pageDocument(req: RenderRequest, route: PageRoute): Promise<{ html: string; bodyShown: boolean } | null> {
  const { section, siteSpace, page } = route;
  const body = await readPublishedPage(siteSpace, page.id);
  if (!body) return null;
  const files = await fileInfos(siteSpace, body.markdown);
  const settings = siteSpace.customization;
  const look = lookOf(settings);
  const layout = layoutOf(page);
  const href = (target: ModelPage) => pageHref(req.address, section, siteSpace, target);
  const linked = linkedPageIds(body.markdown);
  const rendered = await markdownPool().map(
    "pageBodyHtml",
    [
      {
        markdown: body.markdown,
        variables: body.variables,
        externalLinksTarget: look.externalLinksTarget,
        pageHrefs: Object.fromEntries(siteSpace.pages.filter((each) => linked.has(each.id)).map((each) => [each.id, href(each)])),
        fileHrefPrefix: fileHref(req.address, siteSpace.spaceId, ""),
        files: Object.fromEntries(files),
      },
    ],
    READ_BUDGET_MS,
  );
  const outcome = rendered[0]!;
  if (!outcome.ok) console.warn(`Page ${page.id} of site space ${siteSpace.id} was shown without its body: its markdown is ${describeLimit(outcome.limit, READ_BUDGET_MS)}.`);
  const { html: bodyHtml, outline } = outcome.ok ? outcome.value : { html: UNRENDERED_BODY, outline: [] };
  const place: Place = { section, siteSpace, page };

  // The section and variant are shown by the tabs and the switcher: breadcrumbs are the page's ancestors.
  const crumbs = ancestorsOf(siteSpace, page).map((ancestor) => ({ title: ancestor.title, href: ancestor.hidden ? null : href(ancestor) }));
  const breadcrumbs =
    crumbs.length > 0
      ? `<nav class="breadcrumbs" aria-label="Breadcrumb"><ol>${crumbs.map((crumb) => `<li>${crumb.href ? `<a href="${esc(crumb.href)}">${esc(crumb.title)}</a>` : esc(crumb.title)}</li>`).join("")}</ol></nav>`
      : "";

  const coverOnTop = layout.cover && page.cover;
  const title = `<h1${layout.title ? "" : ' class="sr-only"'}>${page.emoji && layout.title ? `<span class="emoji" aria-hidden="true">${esc(page.emoji)}</span> ` : ""}${esc(page.title)}</h1>`;
  const description = layout.description && page.description ? `<p class="page-description">${esc(page.description)}</p>` : "";

  const shown = shownPages(siteSpace);
  const index = shown.findIndex((each) => each.id === page.id);
  const pagination = group(settings, "pagination").enabled !== false && layout.pagination && index >= 0;
  const prev = pagination ? shown[index - 1] : undefined;
  const next = pagination ? shown[index + 1] : undefined;
  const pager =
    prev || next
      ? `<nav class="pager" aria-label="Previous and next pages">${prev ? `<a class="pager-prev" href="${esc(href(prev))}" rel="prev"><span class="pager-label">${ICONS.prev}Previous</span><span class="pager-title">${esc(prev.title)}</span></a>` : "<span></span>"}${next ? `<a class="pager-next" href="${esc(href(next))}" rel="next"><span class="pager-label">Next${ICONS.next}</span><span class="pager-title">${esc(next.title)}</span></a>` : ""}</nav>`
      : "";

  const pdf = group(settings, "pdf").enabled === true
    ? `<ul class="page-actions" aria-label="Download"><li><a href="${esc(internalHref(req.address, `~/pdf/page/${siteSpace.id}/${page.id}`))}">${ICONS.pdf}Page as PDF</a></li><li><a href="${esc(internalHref(req.address, `~/pdf/space/${siteSpace.id}`))}">${ICONS.pdf}${esc(siteSpace.title)} as PDF</a></li></ul>`
    : "";
  const updated = layout.metadata ? `<p class="updated">Last updated <time datetime="${esc(page.updatedAt)}">${esc(dateFormat.format(new Date(page.updatedAt)))}</time></p>` : "";
  const feedback = group(settings, "feedback").enabled === true ? feedbackForm(req, siteSpace, page) : "";

  const main = `${breadcrumbs}<article class="page">${coverOnTop ? coverHtml(req, siteSpace, page, layout.coverSize) : ""}<header class="page-header"><div class="page-title-row">${title}${pageActionsMenu(req, route)}</div>${description}</header>${bodyHtml}<footer class="page-footer"><div class="page-meta">${updated}${pdf}</div>${feedback}${pager}</footer></article>`;
  const html = documentHtml(req, {
    title: page.title,
    description: page.description || undefined,
    mainHtml: main,
    asideHtml: layout.outline ? outlineHtml(outline) : "",
    // Canonical, Open Graph, Twitter, hreflang and robots (noindex for a site that is not public or a page that asks) are machines'.
    robots: "",
    headExtra: headTags(req, route),
    place,
    sidebar: layout.tableOfContents,
    beacon: { siteSpaceId: siteSpace.id, pageId: page.id },
    wide: layout.width === "wide",
    lang: siteSpace.language ?? undefined,
  });
  return { html, bodyShown: outcome.ok };
}

/**
 * What of the query a page's HTML depends on (the thanks after a feedback form's post), so that a
 * cached page is keyed by that and not by whatever query a visitor appends.
 */
export const pageQueryKey = (url: URL): string => (url.searchParams.get("feedback") === "sent" ? "feedback=sent" : "");

function feedbackForm(req: RenderRequest, siteSpace: ModelSiteSpace, page: ModelPage): string {
  const sent = pageQueryKey(req.url) !== "";
  const button = (value: string, label: string) => `<button type="submit" name="rating" value="${value}" class="button">${label}</button>`;
  return `<form class="feedback" id="feedback" method="post" action="${esc(internalHref(req.address, "~/feedback"))}"><input type="hidden" name="siteSpaceId" value="${esc(siteSpace.id)}"><input type="hidden" name="pageId" value="${esc(page.id)}"><fieldset><legend>Was this page helpful?</legend><div class="feedback-buttons">${button("good", "Yes")}${button("ok", "Somewhat")}${button("bad", "No")}</div><details class="feedback-comment"><summary>Add a comment</summary><label for="feedback-comment">Comment (optional, sent with your answer)</label><textarea id="feedback-comment" name="comment" maxlength="${FEEDBACK_COMMENT_MAX}" rows="3"></textarea></details></fieldset>${sent ? `<p class="feedback-sent" role="status">Thank you for your feedback.</p>` : ""}</form>`;
}
