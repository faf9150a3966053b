import { isDeepStrictEqual } from "node:util";
import type { ServiceContext } from "../../context";
import { db, type Db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { notFound } from "../../errors";
import type { EventRecorder } from "../../events/record-event";
import { loadSite, type SiteAccess } from "../../policies/site";
import { adaptiveSchemaOf, assertValidCondition } from "../conditions/assert";
import { writeSite } from "../write-site";
import type { SiteCustomizationInput, SiteSpaceCustomizationOverride } from "./schemas";
import { applyOverridePatch, siteSettings, siteSpaceSettings, storedSettings, type Settings } from "./settings";
import { authorize } from "../../policies/authorize";

/**
 * A site's customization (getSiteCustomizationById, updateSiteCustomizationById) and the override
 * of one of its site spaces (get, PATCH, DELETE). Reading needs `view` on the site, changing it
 * `admin`. Header links may carry an adaptive-content condition: checked against the site's schema.
 */

type HeaderLink = { condition?: string };

function assertHeaderConditions(access: SiteAccess, settings: { header?: { links?: HeaderLink[] | null } | undefined }) {
  const schema = adaptiveSchemaOf(access.site);
  for (const [index, link] of (settings.header?.links ?? []).entries()) {
    if (link.condition) assertValidCondition(link.condition, schema, `header.links.${index}.condition`);
  }
}

export async function getSiteCustomization(ctx: ServiceContext, organizationId: string, siteId: string): Promise<Settings> {
  const access = await loadSite(db(), ctx.actor, organizationId, siteId);
  authorize(access, "site.view");
  return siteSettings(access.site);
}

/** Replaces the site's customization (PUT): what the input leaves out takes its default again. */
export async function updateSiteCustomization(ctx: ServiceContext, organizationId: string, siteId: string, input: SiteCustomizationInput): Promise<Settings> {
  return writeSite(ctx, siteId, async (tx, events) => {
    const access = await loadSite(tx, ctx.actor, organizationId, siteId);
    authorize(access, "site.admin");
    assertHeaderConditions(access, input);
    const { updatedAt: _ignored, ...settings } = input;
    // Compared as answered (defaults filled in), so that settings read back and sent again change nothing.
    const { updatedAt: _before, ...current } = siteSettings(access.site);
    if (isDeepStrictEqual(current, siteSettings({ customization: settings }))) {
      events.nothingChanged();
      return siteSettings(access.site);
    }
    const favicon = settings.favicon && "icon" in settings.favicon ? settings.favicon.icon : null;
    const site = await tx.site.update({
      where: { id: siteId },
      // The site's icon (Site.icon) is its favicon.
      data: { customization: { ...settings, updatedAt: new Date().toISOString() } as Prisma.InputJsonObject, icon: favicon ?? Prisma.DbNull },
    });
    events.record({ organizationId, action: "site.customization_updated", target: { type: "site", id: siteId, label: site.title }, payload: { siteId } });
    return siteSettings(site);
  });
}

async function loadSiteSpace(tx: Db, siteId: string, siteSpaceId: string) {
  const siteSpace = await tx.siteSpace.findFirst({ where: { id: siteSpaceId, siteId }, include: { space: { select: { title: true } } } });
  if (!siteSpace) throw notFound(`No site space ${siteSpaceId} in this site.`);
  return siteSpace;
}

export async function getSiteSpaceCustomization(ctx: ServiceContext, organizationId: string, siteId: string, siteSpaceId: string) {
  const tx = db();
  const access = await loadSite(tx, ctx.actor, organizationId, siteId);
  authorize(access, "site.view");
  return siteSpaceSettings(access.site, await loadSiteSpace(tx, siteId, siteSpaceId));
}

/** Writes a site space's override (null when it no longer overrides anything), recording the change. */
async function writeOverride(
  tx: Db,
  events: EventRecorder,
  access: SiteAccess,
  siteSpace: Awaited<ReturnType<typeof loadSiteSpace>>,
  override: Settings,
) {
  const customization = Object.keys(override).length === 0 ? null : { ...override, updatedAt: new Date().toISOString() };
  const updated = await tx.siteSpace.update({
    where: { id: siteSpace.id },
    data: { customization: customization === null ? Prisma.DbNull : (customization as Prisma.InputJsonObject) },
  });
  events.record({
    organizationId: access.site.organizationId,
    action: "site_space.customization_updated",
    target: { type: "site-space", id: siteSpace.id, label: siteSpace.title ?? siteSpace.space.title },
    payload: { siteId: access.site.id, siteSpaceId: siteSpace.id, spaceId: siteSpace.spaceId },
  });
  return updated;
}

/** PATCH a site space's override: given fields override the site's, null ones go back to the site's. */
export async function overrideSiteSpaceCustomization(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  siteSpaceId: string,
  patch: SiteSpaceCustomizationOverride,
) {
  return writeSite(ctx, siteId, async (tx, events) => {
    const access = await loadSite(tx, ctx.actor, organizationId, siteId);
    authorize(access, "site.admin");
    const siteSpace = await loadSiteSpace(tx, siteId, siteSpaceId);
    assertHeaderConditions(access, patch);
    const current = storedSettings(siteSpace.customization).settings;
    const next = applyOverridePatch(current, patch as Settings);
    if (isDeepStrictEqual(current, next)) {
      events.nothingChanged();
      return siteSpaceSettings(access.site, siteSpace);
    }
    return siteSpaceSettings(access.site, await writeOverride(tx, events, access, siteSpace, next));
  });
}

/** DELETE a site space's override: whether there was one (205) or not (204), and the settings it now shows (the site's). */
export async function resetSiteSpaceCustomization(ctx: ServiceContext, organizationId: string, siteId: string, siteSpaceId: string) {
  return writeSite(ctx, siteId, async (tx, events) => {
    const access = await loadSite(tx, ctx.actor, organizationId, siteId);
    authorize(access, "site.admin");
    const siteSpace = await loadSiteSpace(tx, siteId, siteSpaceId);
    if (siteSpace.customization === null) {
      events.nothingChanged();
      return { removed: false, settings: siteSpaceSettings(access.site, siteSpace) };
    }
    return { removed: true, settings: siteSpaceSettings(access.site, await writeOverride(tx, events, access, siteSpace, {})) };
  });
}
