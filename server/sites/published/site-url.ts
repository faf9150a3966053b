import type { Site } from "../../db/generated/client";
import { configuredPublicUrl } from "../../config";

/** Where a site is published: `https://<hostname>` with a custom hostname, else `<public URL>/<basename>`. */
export function publishedSiteUrl(site: Pick<Site, "hostname" | "basename">, baseUrl: string): string {
  if (site.hostname) return `https://${site.hostname}`;
  return `${configuredPublicUrl() ?? baseUrl}/${site.basename}`;
}
