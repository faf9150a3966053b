import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { parseRole } from "../policies/roles";
import { presentOrganization, presentOrganizationToOutsider } from "../presenters/organization";
import { verifiedDomainOf } from "./email-domains";

const LOOKUP_LIMIT = 100;

/**
 * `getOrganizationsForEmailDomain`: organizations for which `emailDomain` is verified, among those
 * the caller belongs to (shown as usual) and, when it is the caller's own verified domain, those
 * they could join (shown as to an outsider). Nothing is revealed about any other domain.
 */
export async function listOrganizationsForEmailDomain(ctx: ServiceContext, emailDomain: string) {
  const tx = db();
  const user = await tx.user.findUniqueOrThrow({ where: { id: ctx.actor.userId }, select: { email: true, emailVerifiedAt: true } });
  const own = verifiedDomainOf(user) === emailDomain;
  const organizations = await tx.organization.findMany({
    where: {
      deletedAt: null,
      emailDomainVerifications: { some: { domain: emailDomain } },
      ...(own ? {} : { members: { some: { userId: ctx.actor.userId } } }),
    },
    include: { members: { where: { userId: ctx.actor.userId } } },
    orderBy: { id: "asc" },
    take: LOOKUP_LIMIT,
  });
  return {
    organizations: organizations.map(({ members, ...organization }) =>
      members[0] ? presentOrganization(organization, parseRole(members[0].role), ctx.baseUrl) : presentOrganizationToOutsider(organization, [emailDomain], ctx.baseUrl),
    ),
  };
}
