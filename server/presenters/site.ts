import type { Db } from "../db/client";
import type { Site } from "../db/generated/client";
import { sitePermissions } from "../policies/site";
import type { Role } from "../policies/roles";
import { siteUrl } from "../sites/urls";
import { apiUrl, appUrl } from "./urls";

/**
 * The reference's `Site` object. `siteSpaces` is counted when read (`siteSpaceCounts`, one query
 * for a whole list), so it cannot drift from the structure. `urls.published` only exists once the
 * site is published; `urls.preview` is where it is (or will be) served, which members can open
 * before publishing.
 */
export function presentSite(site: Site, role: Role | null, baseUrl: string, siteSpaces: number) {
  const address = siteUrl(site, baseUrl);
  return {
    object: "site" as const,
    id: site.id,
    type: site.type,
    // No plans or freezing in Quire: the applied type is the type.
    appliedType: site.type,
    title: site.title,
    icon: (site.icon ?? null) as SiteIcon | null,
    ...(site.hostname ? { hostname: site.hostname } : {}),
    basename: site.basename,
    // The target is where the site is served without the proxy: what the proxy forwards to.
    ...(site.proxy ? { proxy: { origin: site.proxy, target: siteUrl({ ...site, proxy: null }, baseUrl) } } : {}),
    visibility: site.visibility,
    defaultLevel: site.defaultLevel,
    permissions: sitePermissions(role),
    published: site.published,
    siteSpaces,
    createdAt: site.createdAt.toISOString(),
    adaptiveContent: { enabled: site.adaptiveContent },
    // No advertising in Quire: a site is never submitted.
    ads: { status: "pending" as const, submittable: false },
    agentsContext: site.agentsContext,
    // Every feature is available on every site: none is listed as a premium one.
    features: [] as { id: string; plan: string; frozen: boolean }[],
    urls: {
      location: apiUrl(baseUrl, `/orgs/${site.organizationId}/sites/${site.id}`),
      app: appUrl(baseUrl, `/o/${site.organizationId}/sites/${site.id}`),
      preview: address,
      ...(site.published ? { published: address } : {}),
    },
  };
}
export type SiteObject = ReturnType<typeof presentSite>;
export type SiteIcon = { icon: { light: string; dark: string } } | { emoji: string } | Record<string, never>;

/** How many site spaces each of `siteIds` has, in one query. */
export async function siteSpaceCounts(tx: Db, siteIds: string[]): Promise<Map<string, number>> {
  const rows = siteIds.length === 0 ? [] : await tx.siteSpace.groupBy({ by: ["siteId"], where: { siteId: { in: siteIds } }, _count: { _all: true } });
  const counted = new Map(rows.map((row) => [row.siteId, row._count._all]));
  return new Map(siteIds.map((id) => [id, counted.get(id) ?? 0]));
}

/** One site presented with its count: for answers about a single site. */
export async function presentOneSite(tx: Db, site: Site, role: Role | null, baseUrl: string) {
  const counts = await siteSpaceCounts(tx, [site.id]);
  return presentSite(site, role, baseUrl, counts.get(site.id)!);
}
