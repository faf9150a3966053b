import type { Actor } from "../auth/actor";
import type { Db } from "../db/client";
import type { Prisma, Site } from "../db/generated/client";
import { notFound } from "../errors";
import { loadMembership, type OrgAccess } from "./access";
import { permissionsOn, permits } from "./authorize";
import { assertReadsSites, installationSiteRole, reachedSiteIds, visibleInstallationSiteIds } from "./installation";
import { assertSsoSatisfied } from "./sso";
import { contentRole, visibilityFilters } from "./visibility";
import { atLeast, parseDefaultLevel, parseRole, type Role } from "./roles";

/**
 * Who may do what with a docs site. A member's role on a site follows the model of spaces
 * (server/policies/visibility.ts): their organization role through the site's default level,
 * raised by the grants made to them or their teams on the site. `sitePermissions` is the
 * `permissions` of Site answers: a view of the permission table's `site` rules
 * (server/policies/permission-table.ts), which every site service checks with `authorize`.
 */

export type SiteAccess = OrgAccess & { site: Site; role: Role | null };

export function sitePermissions(role: Role | null) {
  const may = permissionsOn("site", { role });
  return {
    view: may("view"),
    access: may("access"),
    edit: may("edit"),
    /** Manage the structure: sections, groups, site spaces, conditions, redirects. */
    create: may("create"),
    /** Settings, customization, visibility, share links, visitor authentication, publishing, grants. */
    admin: may("admin"),
    installIntegration: may("installIntegration"),
    viewAdaptiveSchema: may("viewAdaptiveSchema"),
    editAdaptiveSchema: may("editAdaptiveSchema"),
  };
}

/** The role grants and the default level give a member on a site. */
export function siteRole(memberRole: Role | null, site: Pick<Site, "defaultLevel">, grants: Role[]): Role | null {
  return contentRole({ memberRole, levels: [parseDefaultLevel(site.defaultLevel)], grants });
}

/** Grants to the user or their teams on each of `siteIds`. */
async function siteGrants(tx: Db, userId: string, siteIds: string[]): Promise<Map<string, Role[]>> {
  const rows = siteIds.length === 0 ? [] : await tx.contentGrant.findMany({
    where: { siteId: { in: siteIds }, OR: [{ userId }, { team: { members: { some: { userId } } } }] },
    select: { siteId: true, role: true },
  });
  const bySite = new Map<string, Role[]>();
  for (const row of rows) {
    const role = parseRole(row.role);
    if (row.siteId && role) bySite.set(row.siteId, [...(bySite.get(row.siteId) ?? []), role]);
  }
  return bySite;
}

/**
 * Loads a site of an organization with the caller's role on it. A site of another organization,
 * or one the caller may not see, is "not found".
 */
export async function loadSite(tx: Db, actor: Actor, organizationId: string, siteId: string): Promise<SiteAccess> {
  const org = await loadMembership(tx, actor, organizationId);
  const site = await tx.site.findFirst({ where: { id: siteId, organizationId } });
  if (!site) throw notFound(`No site ${siteId}.`);
  if (org.installation) {
    // An installation token: the sites its installation reaches, read as its scopes allow (server/policies/installation.ts).
    if (!(await reachedSiteIds(tx, org.installation, [site.id])).has(site.id)) throw notFound(`No site ${siteId}.`);
    assertReadsSites(org.installation, site.id);
    return { ...org, site, role: installationSiteRole(org.installation.scopes) };
  }
  const grants = await siteGrants(tx, actor.userId, [site.id]);
  const role = siteRole(org.memberRole, site, grants.get(site.id) ?? []);
  if (!atLeast(role, "read")) throw notFound(`No site ${siteId}.`);
  // After the role, as for spaces: a site the member may not see stays "not found", single sign-on or not.
  assertSsoSatisfied(actor, org.organization, org.memberRole);
  return { ...org, site, role };
}

/**
 * The sites a member can see, as a filter (so that a filtered page is still `limit` long), by the rule
 * of `siteRole` (server/policies/visibility.ts: a site sits at the root, under no collection); an
 * installation those it reaches (server/policies/installation.ts).
 */
export async function visibleSitesWhere(tx: Db, access: OrgAccess): Promise<Prisma.SiteWhereInput> {
  if (access.installation) return { id: { in: await visibleInstallationSiteIds(tx, access.installation, access.organization.id) } };
  const atTheRoot = { collectionIds: [], collectionChain: () => ({ levels: [], grants: [] }), grantedSpaceIds: [] };
  return visibilityFilters({ memberRole: access.memberRole, userId: access.userId, ...atTheRoot }).siteWhere;
}

/** The caller's roles on many sites of their organization at once (lists), from one query. */
export async function siteRoleResolver(tx: Db, access: OrgAccess, sites: Pick<Site, "id" | "defaultLevel">[]) {
  if (access.installation) {
    const reached = await reachedSiteIds(tx, access.installation, sites.map((site) => site.id));
    const role = installationSiteRole(access.installation.scopes);
    return (site: Pick<Site, "id" | "defaultLevel">) => (reached.has(site.id) ? role : null);
  }
  const grants = await siteGrants(tx, access.userId, sites.map((site) => site.id));
  return (site: Pick<Site, "id" | "defaultLevel">) => siteRole(access.memberRole, site, grants.get(site.id) ?? []);
}

/** What a member may do with the organization's custom fonts (server/fonts), which any of its sites may use: every member sees them. */
export function customFontPermissions(memberRole: Role | null) {
  return { view: true, edit: permits({ memberRole }, "organization.manageFonts") };
}
