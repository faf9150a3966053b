import { ORGANIZATION_RETENTION_DAYS } from "../config";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { notFound } from "../errors";
import { paginateById, type ListParams } from "../pagination";
import { loadOrganization } from "../policies/access";
import { parseRole } from "../policies/roles";
import { daysLeftToRestore, retentionCutoff } from "../retention";
import type { OrganizationRecord } from "./records";

export async function getOrganization(ctx: ServiceContext, organizationId: string): Promise<OrganizationRecord> {
  const { organization, memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  return { ...organization, memberRole };
}

/** Organizations the caller is a member of, in creation order (deleted ones are none: listDeletedOrganizations). */
export async function listOrganizations(ctx: ServiceContext, params: ListParams) {
  const where = { userId: ctx.actor.userId, organization: { deletedAt: null } };
  const page = await paginateById(
    params,
    async (afterId, take) =>
      (
        await db().member.findMany({
          where: { ...where, ...(afterId ? { organizationId: { gt: afterId } } : {}) },
          include: { organization: true },
          orderBy: { organizationId: "asc" },
          take,
        })
      ).map((member) => ({ id: member.organizationId, member })),
    () => db().member.count({ where }),
  );
  return {
    ...page,
    items: page.items.map(({ member }): OrganizationRecord => ({ ...member.organization, memberRole: parseRole(member.role) })),
  };
}

/** Most deleted organizations listed: a person administers few, and each is listed only for a week. */
const DELETED_LISTED = 100;

/**
 * The deleted organizations the caller may still restore: those they administer, deleted within
 * ORGANIZATION_RETENTION_DAYS, newest deletion first, with the days left. The organization switcher
 * offers them ("Deleted — restore").
 */
export async function listDeletedOrganizations(ctx: ServiceContext, now: Date = new Date()) {
  const organizations = await db().organization.findMany({
    where: { deletedAt: { gte: retentionCutoff(now, ORGANIZATION_RETENTION_DAYS) }, members: { some: { userId: ctx.actor.userId, role: "admin" } } },
    select: { id: true, title: true, deletedAt: true },
    orderBy: [{ deletedAt: "desc" }, { id: "asc" }],
    take: DELETED_LISTED,
  });
  return organizations.map(({ deletedAt, ...organization }) => ({
    ...organization,
    deletedAt: deletedAt!.toISOString(),
    daysLeft: daysLeftToRestore(deletedAt!, now, ORGANIZATION_RETENTION_DAYS),
  }));
}

/**
 * `getSubdomain`: the organization a subdomain (its `hostname`) belongs to, for its members; any other
 * subdomain, taken or not, is not found.
 */
export async function getSubdomain(ctx: ServiceContext, subdomain: string) {
  const organization = await db().organization.findFirst({ where: { hostname: subdomain, deletedAt: null, members: { some: { userId: ctx.actor.userId } } }, select: { id: true } });
  if (!organization) throw notFound(`No subdomain ${subdomain}.`);
  // As every read of the organization: its single sign-on rule applies.
  await loadOrganization(db(), ctx.actor, organization.id);
  return { object: "subdomain" as const, subdomain, target: { type: "organization" as const, organization: organization.id }, isActive: true };
}
