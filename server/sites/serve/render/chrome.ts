import { createHash } from "node:crypto";
import { evaluateCondition, parseCondition } from "../../conditions";
import type { SiteRequest } from "../endpoints";
import type { ModelPage, ModelSection, ModelSiteSpace, VisibleSite } from "../types";
import { assetHref, siteScript, siteStyles } from "./assets";
import { fileHref, internalHref, pageHref, siteSpaceHref } from "../paths";
import { attrs, esc } from "./html";
import { ICONS } from "./icons";
import { group, lookOf, type Look } from "./look";

/**
 * The site's chrome around any main content: head (theme without a flash, customization's
 * colors and fonts, favicon), skip link, announcement, header (logo, sections as tabs with groups
 * as menus, header links with dropdowns, search form, theme toggle), the sidebar (variant
 * switcher, page tree), and footer. Menus are `<details>` disclosures: they open and close
 * without JavaScript and with the keyboard; site.js only closes them on Escape or a click outside.
 */

/**
 * `preview`: the page as the customization editor shows it (a sandboxed frame of the admin app,
 * server/sites/customization/preview-site.ts): in the scheme given, its stylesheet and script
 * inline, its links leading nowhere, no page view counted.
 */
export type RenderRequest = SiteRequest & { preview?: { mode: "light" | "dark" } };

/** Where the reader is: the section and site space whose navigation is shown, and the page if any. */
export type Place = { section: ModelSection | null; siteSpace: ModelSiteSpace | null; page: ModelPage | null };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string => (typeof value === "string" ? value : "");

export const siteSpacesOf = (visible: VisibleSite, section: ModelSection | null): ModelSiteSpace[] => (section ? section.siteSpaces : visible.rootSiteSpaces);

/** The default section's default site space: what the site's root shows. */
export function defaultPlace(visible: VisibleSite): Place {
  const section = visible.sections.find((each) => each.isDefault) ?? visible.sections[0] ?? null;
  const siteSpaces = siteSpacesOf(visible, section);
  return { section, siteSpace: siteSpaces.find((each) => each.isDefault) ?? siteSpaces[0] ?? null, page: null };
}

/** A site space's home page: the one at path "" (model puts it there), else its first shown page. */
export const homePage = (siteSpace: ModelSiteSpace): ModelPage | undefined => siteSpace.pages.find((page) => page.path === "") ?? siteSpace.pages.find((page) => !page.hidden);

export const siteTitle = (visible: VisibleSite, siteSpace: ModelSiteSpace | null): string =>
  str((siteSpace?.customization ?? visible.customization).title) || visible.site.title;

/** Where a reference's `ContentRef` (header, footer, announcement links) leads on this site; null when it leads nowhere the visitor can go. */
export function refHref(req: RenderRequest, place: Place, ref: unknown): string | null {
  if (!isObject(ref)) return null;
  const { address, visible } = req;
  const siteSpaces = visible.sections.length > 0 ? visible.sections.flatMap((section) => section.siteSpaces.map((siteSpace) => ({ section, siteSpace }))) : visible.rootSiteSpaces.map((siteSpace) => ({ section: null, siteSpace }));
  const inSpace = (spaceId: unknown) =>
    typeof spaceId === "string" ? siteSpaces.filter((each) => each.siteSpace.spaceId === spaceId) : place.siteSpace ? [{ section: place.section, siteSpace: place.siteSpace }] : [];
  const findPage = (pageId: unknown, spaceId: unknown) => {
    for (const { section, siteSpace } of inSpace(spaceId)) {
      const page = siteSpace.pages.find((each) => each.id === pageId);
      if (page) return pageHref(address, section, siteSpace, page);
    }
    return null;
  };
  switch (ref.kind) {
    case "url":
      return str(ref.url) || null;
    case "page":
      return findPage(ref.page, ref.space);
    case "anchor": {
      const base = ref.page ? findPage(ref.page, ref.space) : place.page && place.siteSpace ? pageHref(address, place.section, place.siteSpace, place.page) : null;
      return base === null ? null : `${base}#${encodeURIComponent(str(ref.anchor))}`;
    }
    case "file": {
      const spaceId = str(ref.space) || place.siteSpace?.spaceId;
      return spaceId ? fileHref(address, spaceId, str(ref.file)) : null;
    }
    case "space": {
      const found = inSpace(ref.space)[0];
      return found ? siteSpaceHref(address, found.section, found.siteSpace) : null;
    }
    default:
      return null;
  }
}

const isExternal = (href: string) => /^https?:\/\//i.test(href);
function linkAttrs(look: Look, href: string) {
  return attrs({ href, ...(look.externalLinksTarget === "blank" && isExternal(href) ? { target: "_blank", rel: "noreferrer noopener" } : {}) });
}

/** Header items whose condition holds for this visitor (a condition that no longer parses hides its item). */
function shownByCondition(req: RenderRequest, item: Record<string, unknown>): boolean {
  if (typeof item.condition !== "string" || item.condition.trim() === "") return true;
  const parsed = parseCondition(item.condition, req.visible.adaptiveSchema);
  return parsed.ok && evaluateCondition(parsed.ast, req.visible.visitor.claims);
}

function headerLinks(req: RenderRequest, place: Place, look: Look, settings: Record<string, unknown>): string {
  const items = Array.isArray(group(settings, "header").links) ? (group(settings, "header").links as unknown[]).filter(isObject) : [];
  const html = items
    .filter((item) => shownByCondition(req, item))
    .map((item) => {
      const href = refHref(req, place, item.to);
      const links = (Array.isArray(item.links) ? item.links : []).filter(isObject).flatMap((link) => {
        const to = refHref(req, place, link.to);
        return to ? [`<li><a${linkAttrs(look, to)}>${esc(link.title)}</a></li>`] : [];
      });
      const style = item.style === "button-primary" ? " button primary" : item.style === "button-secondary" ? " button" : "";
      if (links.length > 0) {
        return `<li><details class="menu"><summary class="header-link${style}">${esc(item.title)}${ICONS.chevron}</summary><ul class="menu-list">${href ? `<li><a${linkAttrs(look, href)}>${esc(item.title)}</a></li>` : ""}${links.join("")}</ul></details></li>`;
      }
      return href ? `<li><a class="header-link${style}"${linkAttrs(look, href)}>${esc(item.title)}</a></li>` : "";
    })
    .join("");
  return html ? `<nav class="header-links" aria-label="Links"><ul>${html}</ul></nav>` : "";
}

function sectionTabs(req: RenderRequest, place: Place): string {
  const { visible, address } = req;
  if (visible.sections.length < 2) return "";
  const tab = (section: ModelSection) => {
    const siteSpace = section.siteSpaces.find((each) => each.isDefault) ?? section.siteSpaces[0];
    if (!siteSpace) return "";
    const current = section.id === place.section?.id;
    return `<a${attrs({ href: siteSpaceHref(address, section, siteSpace), class: "tab", "aria-current": current ? "page" : false })}>${esc(section.title)}</a>`;
  };
  const items = visible.topLevel
    .map((entry) => {
      if (entry.type === "section") return `<li>${tab(entry.section)}</li>`;
      const sections = entry.sections.map((section) => `<li>${tab(section)}</li>`).join("");
      if (!sections) return "";
      const current = entry.sections.some((section) => section.id === place.section?.id);
      return `<li><details class="menu"><summary${attrs({ class: current ? "tab current" : "tab" })}>${esc(entry.group.title)}${ICONS.chevron}</summary><ul class="menu-list">${sections}</ul></details></li>`;
    })
    .join("");
  return `<nav class="sections" aria-label="Sections"><ul>${items}</ul></nav>`;
}

function variantSwitcher(req: RenderRequest, place: Place): string {
  const siteSpaces = siteSpacesOf(req.visible, place.section);
  if (siteSpaces.length < 2 || !place.siteSpace) return "";
  const items = siteSpaces
    .map((siteSpace) => {
      const current = siteSpace.id === place.siteSpace?.id;
      return `<li><a${attrs({ href: siteSpaceHref(req.address, place.section, siteSpace), "aria-current": current ? "true" : false, lang: siteSpace.language ?? false })}>${esc(siteSpace.title)}</a></li>`;
    })
    .join("");
  return `<details class="menu variants"><summary><span class="sr-only">Version: </span>${esc(place.siteSpace.title)}${ICONS.chevron}</summary><ul class="menu-list">${items}</ul></details>`;
}

/**
 * The current site space's pages as nested lists: hidden pages (and what lies under them) left
 * out, the current page marked, its ancestors and itself expanded; other branches show their
 * first level only, so a large space's every page is not repeated in every page's HTML.
 */
export function pageTree(req: RenderRequest, place: Place): string {
  const { siteSpace } = place;
  if (!siteSpace) return "";
  const children = new Map<string | null, ModelPage[]>();
  for (const page of siteSpace.pages) {
    if (page.hidden) continue;
    const list = children.get(page.parentId) ?? [];
    list.push(page);
    children.set(page.parentId, list);
  }
  const open = new Set<string>();
  const byId = new Map(siteSpace.pages.map((page) => [page.id, page]));
  for (let page: ModelPage | undefined = place.page ?? undefined; page; page = page.parentId ? byId.get(page.parentId) : undefined) open.add(page.id);
  const list = (parentId: string | null): string => {
    const pages = children.get(parentId);
    if (!pages) return "";
    return `<ul>${pages
      .map((page) => {
        const current = page.id === place.page?.id;
        const hasChildren = children.has(page.id);
        const expanded = hasChildren && open.has(page.id);
        const label = `${page.emoji ? `<span class="emoji" aria-hidden="true">${esc(page.emoji)}</span>` : ""}${esc(page.title)}`;
        return `<li${hasChildren ? ` class="${expanded ? "branch open" : "branch"}"` : ""}><a${attrs({ href: pageHref(req.address, place.section, siteSpace, page), "aria-current": current ? "page" : false })}>${label}</a>${expanded ? list(page.id) : ""}</li>`;
      })
      .join("")}</ul>`;
  };
  return `<nav class="tree" aria-label="Pages">${list(null)}</nav>`;
}

function footer(req: RenderRequest, place: Place, look: Look, settings: Record<string, unknown>): string {
  const footerSettings = group(settings, "footer");
  const groups = (Array.isArray(footerSettings.groups) ? footerSettings.groups : []).filter(isObject);
  const groupsHtml = groups
    .map((each, index) => {
      const links = (Array.isArray(each.links) ? each.links : []).filter(isObject).flatMap((link) => {
        const href = refHref(req, place, link.to);
        return href ? [`<li><a${linkAttrs(look, href)}>${esc(link.title)}</a></li>`] : [];
      });
      const id = `footer-group-${index}`;
      return `<section class="footer-group" aria-labelledby="${id}"><h2 id="${id}">${esc(each.title)}</h2><ul>${links.join("")}</ul></section>`;
    })
    .join("");
  const copyright = str(footerSettings.copyright);
  const logo = isObject(footerSettings.logo) && typeof footerSettings.logo.light === "string" ? footerSettings.logo : null;
  const trademark = group(settings, "trademark").enabled !== false;
  return `<footer class="site-footer"><div class="footer-inner">${logo ? logoImg(logo as { light: string; dark?: string }, "") : ""}${groupsHtml ? `<div class="footer-groups">${groupsHtml}</div>` : ""}<div class="footer-end">${copyright ? `<p class="copyright">${esc(copyright)}</p>` : ""}${trademark ? `<p class="trademark">Published with Quire</p>` : ""}</div></div></footer>`;
}

const logoImg = (logo: { light: string; dark?: string }, alt: string) =>
  `<img class="logo only-light" src="${esc(logo.light)}" alt="${esc(alt)}"><img class="logo only-dark" src="${esc(logo.dark ?? logo.light)}" alt="${esc(alt)}">`;

function announcement(req: RenderRequest, place: Place, look: Look, settings: Record<string, unknown>): string {
  const value = settings.announcement;
  if (!isObject(value) || value.enabled !== true || typeof value.message !== "string") return "";
  const style = ["info", "warning", "danger", "success"].includes(str(value.style)) ? str(value.style) : "info";
  const link = isObject(value.link) ? value.link : null;
  const href = link ? refHref(req, place, link.to) : null;
  return `<div class="announcement announcement-${style}" role="region" aria-label="Announcement"><p>${esc(value.message)}${href ? ` <a${linkAttrs(look, href)}>${esc(link!.title)}</a>` : ""}</p></div>`;
}

/**
 * Sets the theme class before the first paint, and again when the system's setting changes while
 * the page follows it. Where the site lets readers switch (`data-theme-toggle`), the reader's stored
 * choice, else the system's preference; where it does not, the site's default (`data-theme`: light,
 * dark, or the system's). The same text on every page (the app's plain 404 too), so the content
 * security policy allows it by its hash (THEME_SCRIPT_CSP) rather than allowing inline scripts.
 */
export const THEME_SCRIPT =
  '(function(e){var m=matchMedia("(prefers-color-scheme: dark)");function d(){var k=e.getAttribute("data-theme"),s;if(e.hasAttribute("data-theme-toggle")){try{s=localStorage.getItem("quire-theme")}catch(_){}k=s==="dark"||s==="light"?s:"system"}return k==="system"?m.matches:k==="dark"}if(d())e.classList.add("dark");m.addEventListener("change",function(){e.classList.toggle("dark",d())})})(document.documentElement)';
export const THEME_SCRIPT_CSP = `'sha256-${createHash("sha256").update(THEME_SCRIPT).digest("base64")}'`;

export type ShellOptions = {
  title: string;
  mainHtml: string;
  /** Shown beside main on wide screens (the page's outline). */
  asideHtml?: string;
  description?: string;
  robots?: string;
  headExtra?: string;
  place?: Place;
  /** Shows the sidebar (variant switcher and page tree); on by default. */
  sidebar?: boolean;
  /** `data-*` for site.js's page-view beacon. */
  beacon?: { siteSpaceId: string; pageId: string };
  wide?: boolean;
  lang?: string;
  /** Only the site's name and look: for a reader the gate turned away, who may see none of its content or navigation. */
  minimal?: boolean;
};

/** The whole document. */
export function documentHtml(req: RenderRequest, options: ShellOptions): string {
  const place = options.place ?? defaultPlace(req.visible);
  const settings = place.siteSpace?.customization ?? req.visible.customization;
  const look = lookOf(settings);
  const name = siteTitle(req.visible, place.siteSpace);
  const base = req.address.basePath;
  const home = place.siteSpace ? siteSpaceHref(req.address, place.section, place.siteSpace) : base || "/";
  const lang = options.lang ?? (str(group(settings, "internationalization").locale) || "en");
  const robots = options.robots ?? (req.visible.site.visibility === "public" ? "" : "noindex");
  const fullTitle = options.title && options.title !== name ? `${options.title} · ${name}` : name;
  const minimal = options.minimal === true;
  const sidebar = !minimal && options.sidebar !== false && place.siteSpace ? `${variantSwitcher(req, place)}${pageTree(req, place)}` : "";
  const toggle = look.toggleable
    ? `<button type="button" class="icon-button theme-toggle" data-theme-toggle hidden aria-label="Dark theme" aria-pressed="false">${ICONS.moon}${ICONS.sun}</button>`
    : "";
  const search = `<form role="search" aria-label="Site" class="search-form" action="${esc(internalHref(req.address, "~/search"))}"><label class="sr-only" for="site-search">Search</label>${ICONS.search}<input id="site-search" type="search" name="q" placeholder="Search…" autocomplete="off" data-search-input><kbd class="search-key" aria-hidden="true">Ctrl K</kbd></form>`;
  const menuButton = sidebar ? `<a class="icon-button nav-link" href="#site-nav">${ICONS.menu}<span class="sr-only">Pages</span></a>` : "";
  // The site's name stays written beside its logo (the logo, then, is decoration: alt="").
  const brand = `<a class="brand" href="${esc(home)}">${look.logo ? logoImg(look.logo, "") : ""}<span class="brand-name">${esc(name)}</span></a>`;
  const { preview } = req;
  // The Custom script integration's snippets: on the published pages, never in the customization's preview.
  const scripts = preview ? null : req.visible.scripts;
  // A preview frame has no address of its own to load the site's assets from.
  const stylesheet = preview ? `<style>${siteStyles()}</style>` : `<link rel="stylesheet" href="${esc(assetHref(req.address, "css"))}">`;
  return `<!doctype html><html${attrs({ lang, class: look.htmlClass, "data-theme": preview ? preview.mode : look.defaultMode, "data-theme-toggle": look.toggleable && !preview })}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>${esc(fullTitle)}</title>${options.description ? `<meta name="description" content="${esc(options.description)}">` : ""}${robots ? `<meta name="robots" content="${esc(robots)}">` : ""}${look.faviconTags}<script>${THEME_SCRIPT}</script>${stylesheet}<style>${look.css}</style>${options.headExtra ?? ""}${scripts?.head ?? ""}${preview ? '<base target="_blank">' : `<script src="${esc(assetHref(req.address, "js"))}" defer></script>`}</head><body${attrs({ "data-base": base, "data-site-space": !preview && options.beacon?.siteSpaceId, "data-page": !preview && options.beacon?.pageId })}><a class="skip-link" href="#main">Skip to content</a>${minimal ? "" : announcement(req, place, look, settings)}<header class="site-header"><div class="header-bar">${menuButton}${brand}${minimal ? "" : headerLinks(req, place, look, settings)}<div class="header-tools">${minimal ? "" : search}${toggle}</div></div>${minimal ? "" : sectionTabs(req, place)}</header><div${attrs({ class: `layout${sidebar ? "" : " no-sidebar"}${options.asideHtml ? "" : " no-aside"}${options.wide ? " wide" : ""}` })}>${sidebar ? `<div class="sidebar" id="site-nav"><a class="sidebar-close button" href="#main">Close</a>${sidebar}</div>` : ""}<main id="main" tabindex="-1">${options.mainHtml}</main>${options.asideHtml ?? ""}</div>${minimal ? "" : footer(req, place, look, settings)}${preview ? `<script>${siteScript()}</script>` : ""}${scripts?.body ?? ""}</body></html>`;
}

/** The search form a page without results offers (the 404 page, the search page's fallback). */
export function searchForm(req: RenderRequest, query = ""): string {
  return `<form role="search" aria-label="This site" class="search-inline" action="${esc(internalHref(req.address, "~/search"))}"><label for="page-search">Search this site</label><div class="search-row"><input id="page-search" type="search" name="q"${attrs({ value: query || false })}><button type="submit" class="button primary">Search</button></div></form>`;
}
