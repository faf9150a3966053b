import type { Site, SiteShareLink } from "../../db/generated/client";
import { openSecret } from "../../crypto/secret-box";
import { siteUrl } from "../urls";
import { shareKeyContext } from "./keys";

/** The query parameter a published site reads a share key from (`<site URL>?share=<key>`). */
export const SHARE_KEY_PARAM = "share";

/** The reference's ShareLink, plus Quire's `expiresAt`. `urls.published` carries the key: only admins ever see it. */
export async function presentShareLink(link: SiteShareLink, site: Pick<Site, "hostname" | "basename" | "proxy">, baseUrl: string) {
  const key = await openSecret(link.keyCiphertext, shareKeyContext(link.id));
  return {
    object: "share-link" as const,
    id: link.id,
    createdAt: link.createdAt.toISOString(),
    name: link.name,
    active: link.active,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    urls: { published: `${siteUrl(site, baseUrl)}?${SHARE_KEY_PARAM}=${key}` },
  };
}
export type ShareLinkObject = Awaited<ReturnType<typeof presentShareLink>>;
