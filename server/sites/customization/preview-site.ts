import { z } from "zod";
import type { ServiceContext } from "../../context";
import type { Urls } from "../../http/urls";
import { db } from "../../db/client";
import { fieldError, notFound } from "../../errors";
import { entityIdSchema } from "../../ids";
import { spaceRoleOf } from "../../policies/access";
import { loadSite } from "../../policies/site";
import { siteCache } from "../serve/cache";
import { loadSiteModel } from "../serve/model";
import { defaultPlace, homePage, siteSpacesOf, type RenderRequest } from "../serve/render/chrome";
import { pageDocument, shownPages } from "../serve/render/page";
import type { ModelSection, ModelSiteSpace, SiteAddress, VisibleSite } from "../serve/types";
import { siteUrl } from "../urls";
import { siteCustomizationInput } from "./schemas";
import { DEFAULT_CUSTOMIZATION, mergeSettings, storedSettings, type Settings } from "./settings";
import { authorize } from "../../policies/authorize";

/**
 * The customization editor's preview: a page of the site's own, rendered by the published site's
 * renderer with the customization being edited (not yet saved), for a sandboxed frame. The site
 * need not be published. Who may see the customization (`view` on the site) sees the preview, of
 * a space they may read.
 */

/** How many of the variant's pages the preview offers to show. */
export const PREVIEW_PAGES_MAX = 30;

export const previewSiteInput = z.object({
  /** The variant whose pages are shown; absent: the one at the site's root. */
  siteSpaceId: entityIdSchema.optional(),
  /** The page shown; absent, or not among the variant's shown pages: its home page. */
  pageId: entityIdSchema.optional(),
  /**
   * What `customization` is: the whole site's (a variant's own override still applies over it, as
   * on the published site) or the variant's settings as a whole.
   */
  draftOf: z.enum(["site", "site-space"]),
  mode: z.enum(["light", "dark"]),
  customization: siteCustomizationInput,
});
export type PreviewSiteInput = z.infer<typeof previewSiteInput>;

export type SitePreview = {
  /** The page's whole document; null when the site has no page to show yet. */
  html: string | null;
  siteSpaceId: string | null;
  pageId: string | null;
  /** The variant's first pages, in reading order, for choosing which one the preview shows. */
  pages: { id: string; title: string; depth: number }[];
};

const NOTHING: SitePreview = { html: null, siteSpaceId: null, pageId: null, pages: [] };

function findSiteSpace(visible: VisibleSite, siteSpaceId: string | undefined): { section: ModelSection | null; siteSpace: ModelSiteSpace } | null {
  if (siteSpaceId === undefined) {
    const place = defaultPlace(visible);
    return place.siteSpace ? { section: place.section, siteSpace: place.siteSpace } : null;
  }
  for (const section of [null, ...visible.sections]) {
    const siteSpace = siteSpacesOf(visible, section).find((each) => each.id === siteSpaceId);
    if (siteSpace) return { section, siteSpace };
  }
  return null;
}

/**
 * The preview renders the page as its site would serve it, on the site's address: the request's
 * origin (`urls.origin`) is an input to that rendering, as it is to the published site's.
 */
export async function previewSite(ctx: ServiceContext & { urls: Pick<Urls, "origin"> }, organizationId: string, siteId: string, input: PreviewSiteInput): Promise<SitePreview> {
  const tx = db();
  const access = await loadSite(tx, ctx.actor, organizationId, siteId);
  authorize(access, "site.view");
  const { site } = access;
  // A published site's model is usually in memory already; an unpublished one is read for the preview.
  const model = (site.published ? await siteCache().model(siteId) : null) ?? (await loadSiteModel(siteId, tx, { unpublished: true }));
  if (!model) throw notFound(`No site ${siteId}.`);
  // The admin sees every section, variant and page, whatever their conditions.
  const visible: VisibleSite = { ...model, visitor: { via: "public", claims: {}, segment: "preview" } };
  const found = findSiteSpace(visible, input.siteSpaceId);
  if (!found) {
    if (input.siteSpaceId !== undefined) throw fieldError("siteSpaceId", `No site space ${input.siteSpaceId} in this site.`, { code: "not_found" });
    return NOTHING;
  }

  const space = await tx.space.findFirst({ where: { id: found.siteSpace.spaceId, organizationId }, select: { id: true, title: true, defaultLevel: true, parentId: true } });
  authorize({ role: space && (await spaceRoleOf(tx, access, space)) }, "siteSpace.preview", found.siteSpace);

  const draft = mergeSettings(DEFAULT_CUSTOMIZATION, input.customization as Settings);
  let customization = draft;
  if (input.draftOf === "site") {
    const row = await tx.siteSpace.findFirst({ where: { id: found.siteSpace.id, siteId }, select: { customization: true } });
    customization = mergeSettings(draft, storedSettings(row?.customization).settings);
  }
  const siteSpace: ModelSiteSpace = { ...found.siteSpace, customization };
  const pages = shownPages(siteSpace);
  const page = pages.find((each) => each.id === input.pageId) ?? homePage(siteSpace);
  if (!page) return { ...NOTHING, siteSpaceId: siteSpace.id };

  const url = new URL(siteUrl(site, ctx.urls.origin));
  const address: SiteAddress = { siteId, origin: url.origin, basePath: url.pathname.replace(/\/$/, "") };
  const req: RenderRequest = {
    request: new Request(url),
    url,
    address,
    visible: input.draftOf === "site" ? { ...visible, customization: draft } : visible,
    rest: "",
    preview: { mode: input.mode },
  };
  const document = await pageDocument(req, { kind: "page", section: found.section, siteSpace, page });
  return {
    html: document?.html ?? null,
    siteSpaceId: siteSpace.id,
    pageId: page.id,
    pages: pages.slice(0, PREVIEW_PAGES_MAX).map((each) => ({ id: each.id, title: each.title, depth: each.depth })),
  };
}
