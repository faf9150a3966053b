import type { Site } from "../db/generated/client";
import type { Urls } from "../http/urls";
import { sitePermissions } from "../policies/site";
import type { Role } from "../policies/roles";
import type { SiteRecord } from "../sites/records";

/**
 * The reference's `Site` object, from the record a site service returns (server/sites/records.ts).
 * `urls.published` only exists once the site is published; `urls.preview` is where it is (or will
 * be) served, which members can open before publishing.
 */
export function presentSiteRecord(record: SiteRecord, urls: Urls) {
  return presentSiteWith(record, record.role, urls, record.siteSpaceCount);
}

function presentSiteWith(site: Site, role: Role | null, urls: Urls, siteSpaces: number) {
  const address = urls.siteAddress(site);
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
    ...(site.proxy ? { proxy: { origin: site.proxy, target: urls.siteAddress({ ...site, proxy: null }) } } : {}),
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
      ...urls.site(site),
      preview: address,
      ...(site.published ? { published: address } : {}),
    },
  };
}
export type SiteObject = ReturnType<typeof presentSiteRecord>;
export type SiteIcon = { icon: { light: string; dark: string } } | { emoji: string } | Record<string, never>;
