import { randomBytes } from "node:crypto";
import type { ServiceContext } from "../../context";
import { openSecret, sealSecret } from "../../crypto/secret-box";
import type { Db } from "../../db/client";
import type { Site } from "../../db/generated/client";
import { authorize } from "../../policies/authorize";
import { loadSite } from "../../policies/site";

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

export function present(site: Site, privateKey: string) {
  return {
    object: "publishing-auth" as const,
    backend: "custom" as const,
    privateKey,
    ...(site.visitorAuthFallbackUrl ? { fallbackURL: site.visitorAuthFallbackUrl } : {}),
    ...(site.visitorAuthLogoutUrl ? { logoutURL: site.visitorAuthLogoutUrl } : {}),
  };
}

export async function loadAdminSite(tx: Db, ctx: ServiceContext, organizationId: string, siteId: string) {
  const access = await loadSite(tx, ctx.actor, organizationId, siteId);
  authorize(access, "site.admin");
  return access.site;
}

/** Stores a new key for the site (the caller holds its lock). */
export async function replaceKey(tx: Db, site: Site) {
  const privateKey = newPrivateKey();
  const updated = await tx.site.update({ where: { id: site.id }, data: { visitorAuthKey: await sealSecret(privateKey, visitorAuthKeyContext(site.id)) } });
  return { updated, privateKey };
}
