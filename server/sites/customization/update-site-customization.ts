import { isDeepStrictEqual } from "node:util";
import type { ServiceContext } from "../../context";
import { Prisma } from "../../db/generated/client";
import { authorize } from "../../policies/authorize";
import { loadSite } from "../../policies/site";
import { writeSite } from "../write-site";
import { assertHeaderConditions } from "./customization-records";
import type { SiteCustomizationInput } from "./schemas";
import { siteSettings, type Settings } from "./settings";

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
