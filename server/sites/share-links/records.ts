import type { Site, SiteShareLink } from "../../db/generated/client";
import { openSecret } from "../../crypto/secret-box";
import type { SiteAddress } from "../urls";
import { shareKeyContext } from "./keys";

/**
 * What the share link services return: the link's row with its key opened (null when it cannot
 * be: see below) and the address of its site, which the key opens. No URL: the edge presents it
 * (server/presenters/share-link.ts); only admins ever get one.
 */
export type ShareLinkRecord = SiteShareLink & { key: string | null; site: SiteAddress };

export async function shareLinkRecord(link: SiteShareLink, site: Pick<Site, "hostname" | "basename" | "proxy">): Promise<ShareLinkRecord> {
  // A key sealed under another instance key (QUIRE_SECRET_KEY changed) cannot be shown again; the
  // link is still listed, so that an admin can delete it and make a new one.
  const key = await openSecret(link.keyCiphertext, shareKeyContext(link.id)).catch((error: unknown) => {
    console.warn(`Share link ${link.id}: its key cannot be opened (${error instanceof Error ? error.message : "unknown error"}).`);
    return null;
  });
  return { ...link, key, site: { hostname: site.hostname, basename: site.basename, proxy: site.proxy } };
}
