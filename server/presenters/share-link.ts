import type { Urls } from "../http/urls";
import type { ShareLinkRecord } from "../sites/share-links/records";

/** The query parameter a published site reads a share key from (`<site URL>?share=<key>`). */
export const SHARE_KEY_PARAM = "share";

/** The reference's ShareLink, plus Quire's `expiresAt`. `urls.published` carries the key: only admins ever see it. */
export function presentShareLink(record: ShareLinkRecord, urls: Urls) {
  return {
    object: "share-link" as const,
    id: record.id,
    createdAt: record.createdAt.toISOString(),
    name: record.name,
    active: record.active,
    expiresAt: record.expiresAt?.toISOString() ?? null,
    urls: record.key === null ? {} : { published: `${urls.siteAddress(record.site)}?${SHARE_KEY_PARAM}=${record.key}` },
  };
}
