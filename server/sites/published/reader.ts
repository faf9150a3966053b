import type { Actor } from "../../auth/actor";
import type { Db } from "../../db/client";
import type { Site } from "../../db/generated/client";
import { AppError } from "../../errors";
import { loadSite, type SiteAccess } from "../../policies/site";
import { MAX_SHARE_KEY_LENGTH, shareKeyHash } from "../share-links/keys";

/**
 * Who reads a site through the operations that take `shareKey` (getPublishedContentSite,
 * listSiteSections, listSiteSpaces): a member who may view it, or — for a published site whose
 * visibility is `share-link` — anyone holding a valid key of one of its share links.
 */
export type SiteReader = { via: "member"; site: Site; access: SiteAccess } | { via: "share-link"; site: Site; shareLinkId: string };

/**
 * The share link `key` opens on `site`, or null: the link must be of this site, active and
 * unexpired, and the site published with visibility `share-link`. The key is found by its SHA-256
 * in a unique index, so no secret is ever compared character by character.
 */
export async function siteReaderFromShareKey(tx: Db, site: Site, key: string): Promise<{ shareLinkId: string } | null> {
  if (site.visibility !== "share-link" || !site.published) return null;
  if (key.length === 0 || key.length > MAX_SHARE_KEY_LENGTH) return null;
  const link = await tx.siteShareLink.findFirst({
    where: { keyHash: shareKeyHash(key), siteId: site.id, active: true, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    select: { id: true },
  });
  return link ? { shareLinkId: link.id } : null;
}

/**
 * Resolves the reader of a site: a member who may view it first; otherwise a valid share key; else
 * the "not found" the member check gave (a key that does not open the site reveals nothing more).
 */
export async function resolveSiteReader(tx: Db, actor: Actor, organizationId: string, siteId: string, shareKey: string | undefined): Promise<SiteReader> {
  try {
    const access = await loadSite(tx, actor, organizationId, siteId);
    return { via: "member", site: access.site, access };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "not_found" || !shareKey) throw error;
    const site = await tx.site.findFirst({ where: { id: siteId, organizationId } });
    const opened = site ? await siteReaderFromShareKey(tx, site, shareKey) : null;
    if (!site || !opened) throw error;
    return { via: "share-link", site, shareLinkId: opened.shareLinkId };
  }
}

