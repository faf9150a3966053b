import type { Site, SiteShareLink } from "../../db/generated/client";
import { openSecret } from "../../crypto/secret-box";
import { siteUrl } from "../urls";
import { shareKeyContext } from "./keys";

/** The query parameter a published site reads a share key from (`<site URL>?share=<key>`). */
export const SHARE_KEY_PARAM = "share";

/** The reference's ShareLink, plus Quire's `expiresAt`. `urls.published` carries the key: only admins ever see it. */
export async function presentShareLink(link: SiteShareLink, site: Pick<Site, "hostname" | "basename" | "proxy">, baseUrl: string) {
  // A key sealed under another instance key (QUIRE_SECRET_KEY changed) cannot be shown again; the
  // link is still listed, so that an admin can delete it and make a new one.
  const key = await openSecret(link.keyCiphertext, shareKeyContext(link.id)).catch((error: unknown) => {
    console.warn(`Share link ${link.id}: its key cannot be opened (${error instanceof Error ? error.message : "unknown error"}).`);
    return null;
  });
  return {
    object: "share-link" as const,
    id: link.id,
    createdAt: link.createdAt.toISOString(),
    name: link.name,
    active: link.active,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    urls: key === null ? {} : { published: `${siteUrl(site, baseUrl)}?${SHARE_KEY_PARAM}=${key}` },
  };
}
