import { randomBytes } from "node:crypto";
import type { ServiceContext } from "../../context";
import { openSecret, sealSecret } from "../../crypto/secret-box";
import { db, type Db } from "../../db/client";
import type { Site } from "../../db/generated/client";
import { fieldError } from "../../errors";
import { loadSite } from "../../policies/site";
import { writeSite } from "../write-site";
import type { UpdatePublishingAuthInput } from "./schemas";
import { authorize } from "../../policies/authorize";

/**
 * Visitor authentication of a site (visibility `visitor-auth`): the site's own backend signs a JWT
 * (HS256) with the site's private key and sends the visitor to the site with it; the published site
 * checks it with `verifyVisitorToken` (./visitor-token.ts). The key is made on first read, kept
 * sealed in `sites.visitor_auth_key`, shown to the site's admins only, and replaced by regenerate
 * (tokens signed with the old one stop verifying). Events never carry the key.
 */

/** The associated data the key is sealed with: it opens only as this site's key. */
export const visitorAuthKeyContext = (siteId: string) => `site-visitor-auth:${siteId}`;

/** A new private key: 32 random bytes in base64url, used (as GitBook's) as the HMAC secret's UTF-8 text. */
function newPrivateKey(): string {
  return randomBytes(32).toString("base64url");
}

/** The site's visitor-auth key in clear, or null when it has none yet. */
export async function visitorAuthKeyOf(site: Pick<Site, "id" | "visitorAuthKey">): Promise<string | null> {
  return site.visitorAuthKey ? openSecret(site.visitorAuthKey, visitorAuthKeyContext(site.id)) : null;
}

function present(site: Site, privateKey: string) {
  return {
    object: "publishing-auth" as const,
    backend: "custom" as const,
    privateKey,
    ...(site.visitorAuthFallbackUrl ? { fallbackURL: site.visitorAuthFallbackUrl } : {}),
    ...(site.visitorAuthLogoutUrl ? { logoutURL: site.visitorAuthLogoutUrl } : {}),
  };
}

async function loadAdminSite(tx: Db, ctx: ServiceContext, organizationId: string, siteId: string) {
  const access = await loadSite(tx, ctx.actor, organizationId, siteId);
  authorize(access, "site.admin");
  return access.site;
}

/** Stores a new key for the site (the caller holds its lock). */
async function replaceKey(tx: Db, site: Site) {
  const privateKey = newPrivateKey();
  const updated = await tx.site.update({ where: { id: site.id }, data: { visitorAuthKey: await sealSecret(privateKey, visitorAuthKeyContext(site.id)) } });
  return { updated, privateKey };
}

/** getSitePublishingAuthById: the key (made now if the site has none yet) and the URLs. */
export async function getPublishingAuth(ctx: ServiceContext, organizationId: string, siteId: string) {
  const site = await loadAdminSite(db(), ctx, organizationId, siteId);
  const existing = await visitorAuthKeyOf(site);
  if (existing) return present(site, existing);
  // First read: made under the site's lock, so that two first reads agree on one key.
  return writeSite(ctx, siteId, async (tx, events) => {
    const locked = await loadAdminSite(tx, ctx, organizationId, siteId);
    const raced = await visitorAuthKeyOf(locked);
    if (raced) {
      events.nothingChanged();
      return present(locked, raced);
    }
    const { updated, privateKey } = await replaceKey(tx, locked);
    events.record({
      organizationId,
      action: "site.publishing_auth_updated",
      target: { type: "site", id: siteId, label: locked.title },
      payload: { siteId, keyCreated: true },
    });
    return present(updated, privateKey);
  });
}

/** updateSitePublishingAuthById: the fallback and logout URLs; the `integration` backend needs integrations. */
export async function updatePublishingAuth(ctx: ServiceContext, organizationId: string, siteId: string, input: UpdatePublishingAuthInput) {
  if (input.backend === "integration") {
    throw fieldError("backend", "Visitor authentication through an integration needs integrations, which this Quire does not have yet; use the `custom` backend (your own service signs visitor tokens with the site's key).");
  }
  return writeSite(ctx, siteId, async (tx, events) => {
    let site = await loadAdminSite(tx, ctx, organizationId, siteId);
    const data: { visitorAuthFallbackUrl?: string | null; visitorAuthLogoutUrl?: string | null } = {};
    if (input.fallbackURL !== undefined && input.fallbackURL !== site.visitorAuthFallbackUrl) data.visitorAuthFallbackUrl = input.fallbackURL;
    if (input.logoutURL !== undefined && input.logoutURL !== site.visitorAuthLogoutUrl) data.visitorAuthLogoutUrl = input.logoutURL;
    let privateKey = await visitorAuthKeyOf(site);
    const keyCreated = privateKey === null;
    if (keyCreated) ({ updated: site, privateKey } = await replaceKey(tx, site));
    if (Object.keys(data).length > 0) site = await tx.site.update({ where: { id: siteId }, data });
    if (Object.keys(data).length === 0 && !keyCreated) events.nothingChanged();
    else {
      events.record({
        organizationId,
        action: "site.publishing_auth_updated",
        target: { type: "site", id: siteId, label: site.title },
        payload: { siteId, fallbackURL: site.visitorAuthFallbackUrl, logoutURL: site.visitorAuthLogoutUrl, ...(keyCreated ? { keyCreated } : {}) },
      });
    }
    return present(site, privateKey!);
  });
}

/** regenerateSitePublishingAuthById: a new key; tokens signed with the old one stop verifying. */
export async function regeneratePublishingAuth(ctx: ServiceContext, organizationId: string, siteId: string) {
  return writeSite(ctx, siteId, async (tx, events) => {
    const site = await loadAdminSite(tx, ctx, organizationId, siteId);
    const { updated, privateKey } = await replaceKey(tx, site);
    events.record({ organizationId, action: "site.publishing_auth_regenerated", target: { type: "site", id: siteId, label: site.title }, payload: { siteId } });
    return present(updated, privateKey);
  });
}
