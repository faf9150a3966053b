import type { Db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { notFound } from "../../errors";
import type { EventRecorder } from "../../events/record-event";
import type { SiteAccess } from "../../policies/site";
import { adaptiveSchemaOf, assertValidCondition } from "../conditions/assert";
import type { Settings } from "./settings";

/**
 * A site's customization (getSiteCustomizationById, updateSiteCustomizationById) and the override
 * of one of its site spaces (get, PATCH, DELETE). Reading needs `view` on the site, changing it
 * `admin`. Header links may carry an adaptive-content condition: checked against the site's schema.
 */

type HeaderLink = { condition?: string };

export function assertHeaderConditions(access: SiteAccess, settings: { header?: { links?: HeaderLink[] | null } | undefined }) {
  const schema = adaptiveSchemaOf(access.site);
  for (const [index, link] of (settings.header?.links ?? []).entries()) {
    if (link.condition) assertValidCondition(link.condition, schema, `header.links.${index}.condition`);
  }
}

export async function loadSiteSpace(tx: Db, siteId: string, siteSpaceId: string) {
  const siteSpace = await tx.siteSpace.findFirst({ where: { id: siteSpaceId, siteId }, include: { space: { select: { title: true } } } });
  if (!siteSpace) throw notFound(`No site space ${siteSpaceId} in this site.`);
  return siteSpace;
}

/** Writes a site space's override (null when it no longer overrides anything), recording the change. */
export async function writeOverride(
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
