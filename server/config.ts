/**
 * The public origin of the app, when configured (`QUIRE_PUBLIC_URL`); otherwise URLs follow the
 * request's host (server/http/public-origin.ts). Not `NEXTAUTH_URL`: the start script always sets
 * it to localhost, which made every icon and image URL absolute to localhost.
 */
export function configuredPublicUrl(): string | undefined {
  const url = process.env.QUIRE_PUBLIC_URL;
  return url ? url.replace(/\/+$/, "") : undefined;
}

/**
 * The origin of URLs made with no request at hand, by work that runs after the commit (an event's
 * subscribers: notifications' links, `updatedBy` in space_content_updated): `QUIRE_PUBLIC_URL`, else
 * `NEXTAUTH_URL`, else http://localhost:3000. Events and jobs carry no origin of their own.
 */
export function backgroundPublicOrigin(): string {
  return configuredPublicUrl() ?? (process.env.NEXTAUTH_URL || "http://localhost:3000").replace(/\/+$/, "");
}

/** Days a deleted space stays restorable before the purge job removes it. */
export const SPACE_RETENTION_DAYS = 7;

/** Days a deleted organization stays restorable by its admins before the purge job removes it, as spaces do. */
export const ORGANIZATION_RETENTION_DAYS = 7;
