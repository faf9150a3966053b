import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { paginateById, type ListParams } from "../pagination";
import { loadOrganization } from "../policies/access";
import { parseRole } from "../policies/roles";
import { presentOrganization } from "../presenters/organization";

export async function getOrganization(ctx: ServiceContext, organizationId: string) {
  const { organization, memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  return presentOrganization(organization, memberRole, ctx.baseUrl);
}

/** Organizations the caller is a member of, in creation order. */
export async function listOrganizations(ctx: ServiceContext, params: ListParams) {
  const where = { userId: ctx.actor.userId };
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
    items: page.items.map(({ member }) => presentOrganization(member.organization, parseRole(member.role), ctx.baseUrl)),
  };
}

/**
 * Organizations claiming an email domain. Only the caller's own domain, or organizations the
 * caller belongs to, are answered: a domain never reveals another tenant to a stranger.
 */
export async function listOrganizationsForEmailDomain(ctx: ServiceContext, emailDomain: string) {
  const user = await db().user.findUniqueOrThrow({ where: { id: ctx.actor.userId }, select: { email: true } });
  const ownDomain = user.email.split("@")[1]?.toLowerCase() === emailDomain;
  const organizations = await db().organization.findMany({
    where: {
      emailDomains: { has: emailDomain },
      ...(ownDomain ? {} : { members: { some: { userId: ctx.actor.userId } } }),
    },
    include: { members: { where: { userId: ctx.actor.userId } } },
    orderBy: { id: "asc" },
    take: 100,
  });
  return {
    organizations: organizations.map((organization) =>
      presentOrganization(organization, parseRole(organization.members[0]?.role ?? null), ctx.baseUrl),
    ),
  };
}
