import type { ServiceContext } from "../../context";
import type { Db } from "../../db/client";
import { fieldError } from "../../errors";
import { authorize } from "../../policies/authorize";
import { loadSite } from "../../policies/site";

/**
 * Share links: named secret keys that let anyone holding one read a site whose visibility is
 * `share-link` (server/sites/published/reader.ts). Managing them is the site's admins' (they see
 * the keys). Events name the link, never its key.
 */

export function futureDate(value: string | null | undefined): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const date = new Date(value);
  if (date.getTime() <= Date.now()) throw fieldError("expiresAt", "Must be in the future");
  return date;
}

export async function loadAdminSite(tx: Db, ctx: ServiceContext, organizationId: string, siteId: string) {
  const access = await loadSite(tx, ctx.actor, organizationId, siteId);
  authorize(access, "site.admin");
  return access;
}

/** Most share links one site keeps: enough for every audience, few enough to list at once. */
export const MAX_SHARE_LINKS_PER_SITE = 100;

export async function loadLink(tx: Db, siteId: string, shareLinkId: string) {
  return tx.siteShareLink.findFirst({ where: { id: shareLinkId, siteId } });
}
