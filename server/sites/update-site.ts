import type { ServiceContext } from "../context";
import type { Db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { loadSite, siteRoleResolver } from "../policies/site";
import { assertBasenameFree, assertHostnameFree, lockSiteAddresses } from "./addresses";
import { siteRecord, type SiteRecord } from "./records";
import type { UpdateSiteInput } from "./schemas";
import { normalizeStructure } from "./structure/rules";
import { setDefaultSection, setDefaultSiteSpace } from "./structure/site-spaces";
import { writeSite } from "./write-site";
import { authorize } from "../policies/authorize";

/**
 * Changes a site's settings (`updateSiteById`): title, visibility, basename, custom hostname,
 * proxy, adaptive content, agents context, default level, icon, and which section and site space
 * are the defaults. Needs the admin role on the site. A basename or hostname another site has is
 * a 409 naming the field. Records `site.updated` with the names of the fields that changed.
 */
export async function updateSite(ctx: ServiceContext, organizationId: string, siteId: string, input: UpdateSiteInput): Promise<SiteRecord> {
  return writeSite(ctx, siteId, async (tx, events) => {
    const access = await loadSite(tx, ctx.actor, organizationId, siteId);
    authorize(access, "site.admin");
    const { site } = access;
    const data: Prisma.SiteUpdateInput = {};
    if (input.title !== undefined && input.title !== site.title) data.title = input.title;
    if (input.visibility !== undefined && input.visibility !== site.visibility) data.visibility = input.visibility;
    if (input.basename !== undefined && input.basename !== site.basename) data.basename = input.basename;
    if (input.hostname !== undefined && input.hostname !== site.hostname) data.hostname = input.hostname;
    if (input.proxy !== undefined && input.proxy !== site.proxy) data.proxy = input.proxy;
    if (input.adaptiveContent !== undefined && input.adaptiveContent.enabled !== site.adaptiveContent) data.adaptiveContent = input.adaptiveContent.enabled;
    if (input.agentsContext !== undefined && input.agentsContext !== site.agentsContext) data.agentsContext = input.agentsContext;
    if (input.defaultLevel !== undefined && input.defaultLevel !== site.defaultLevel) data.defaultLevel = input.defaultLevel;
    if (input.icon !== undefined && JSON.stringify(input.icon) !== JSON.stringify(site.icon)) data.icon = input.icon ?? Prisma.DbNull;
    if (data.basename !== undefined || data.hostname) {
      await lockSiteAddresses(tx);
      if (typeof data.basename === "string") await assertBasenameFree(tx, data.basename, siteId);
      if (typeof data.hostname === "string") await assertHostnameFree(tx, data.hostname, siteId);
    }

    const changed: string[] = Object.keys(data);
    // The section first: the default site space is looked for in the default section.
    if (input.defaultSiteSection !== undefined || input.defaultSiteSpace !== undefined) {
      const before = await defaults(tx, siteId);
      if (input.defaultSiteSection !== undefined) await setDefaultSection(tx, siteId, input.defaultSiteSection);
      if (input.defaultSiteSpace !== undefined) await setDefaultSiteSpace(tx, siteId, input.defaultSiteSpace, "site");
      await normalizeStructure(tx, siteId);
      const after = await defaults(tx, siteId);
      if (before.section !== after.section) changed.push("defaultSiteSection");
      if (before.siteSpaces !== after.siteSpaces) changed.push("defaultSiteSpace");
    }
    const updated = Object.keys(data).length > 0 ? await tx.site.update({ where: { id: siteId }, data }) : site;
    if (changed.length === 0) events.nothingChanged();
    else events.record({ organizationId, action: "site.updated", target: { type: "site", id: siteId, label: updated.title }, payload: { siteId, changed } });
    // The default level may have changed the caller's own role.
    const roleOf = await siteRoleResolver(tx, access, [updated]);
    return siteRecord(tx, updated, roleOf(updated));
  });
}

/** The default section and the default site spaces, to tell whether a default changed. */
async function defaults(tx: Db, siteId: string) {
  const [section, siteSpaces] = await Promise.all([
    tx.siteSection.findFirst({ where: { siteId, isDefault: true }, select: { id: true } }),
    tx.siteSpace.findMany({ where: { siteId, isDefault: true }, select: { id: true }, orderBy: { id: "asc" } }),
  ]);
  return { section: section?.id ?? null, siteSpaces: siteSpaces.map((row) => row.id).join(",") };
}
