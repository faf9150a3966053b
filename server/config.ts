/** The public origin of the app, when configured; otherwise URLs follow the request's origin. */
export function configuredPublicUrl(): string | undefined {
  const url = process.env.QUIRE_PUBLIC_URL ?? process.env.NEXTAUTH_URL;
  return url ? url.replace(/\/+$/, "") : undefined;
}

/** Days a deleted space stays restorable before the purge job removes it. */
export const SPACE_RETENTION_DAYS = 7;

/** Days a deleted organization stays restorable by its admins before the purge job removes it, as spaces do. */
export const ORGANIZATION_RETENTION_DAYS = 7;
