import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { parseRole } from "../policies/roles";
import { verifiedDomainOf } from "./email-domains";
import type { DomainOrganizationRecord } from "./records";

const LOOKUP_LIMIT = 100;

/**
 * `getOrganizationsForEmailDomain`: organizations for which `emailDomain` is verified, among those
 * the caller belongs to (shown as usual) and, when it is the caller's own verified domain, those
 * they could join (`member` false: shown as to an outsider). Nothing is revealed about any other domain.
 */
export async function listOrganizationsForEmailDomain(ctx: ServiceContext, emailDomain: string): Promise<{ organizations: DomainOrganizationRecord[] }> {
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
    organizations: organizations.map(({ members, ...organization }) => ({ ...organization, memberRole: members[0] ? parseRole(members[0].role) : null, member: members[0] !== undefined })),
  };
}
