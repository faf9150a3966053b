import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { notFound } from "../errors";
import { writeChange } from "../events/write-change";
import { admitMember } from "../members/admit-member";
import { loadOrganization } from "../policies/access";
import { assertPerson } from "../policies/installation";
import { parseRole } from "../policies/roles";
import { verifiedDomainOf } from "./email-domains";
import type { OrganizationRecord } from "./records";

/**
 * Joins an organization that verified the caller's own verified email domain, with its default role
 * (a member is answered that they are in). Any other organization is not found, whether it exists or not.
 */
export async function joinOrganizationByEmailDomain(ctx: ServiceContext, organizationId: string): Promise<{ joined: boolean; organization: OrganizationRecord }> {
  assertPerson(ctx.actor);
  const tx = db();
  const user = await tx.user.findUniqueOrThrow({ where: { id: ctx.actor.userId } });
  if (await tx.member.findFirst({ where: { organizationId, userId: user.id, organization: { deletedAt: null } }, select: { userId: true } })) {
    // In already: the organization as the member reaches it (its single sign-on rule applies).
    const access = await loadOrganization(tx, ctx.actor, organizationId);
    return { joined: false, organization: { ...access.organization, memberRole: access.memberRole } };
  }
  const domain = verifiedDomainOf(user);
  const organization = domain ? await tx.organization.findFirst({ where: { id: organizationId, deletedAt: null, emailDomainVerifications: { some: { domain } } } }) : null;
  if (!organization) throw notFound(`No organization ${organizationId}.`);
  const role = parseRole(organization.defaultRole);
  const joined = await writeChange(ctx, async (write, events) => {
    const admitted = await admitMember(write, events, { organizationId, user, role, sso: false, through: "email-domain", details: { domain } });
    if (!admitted) events.nothingChanged();
    return admitted;
  });
  return { joined, organization: { ...organization, memberRole: role } };
}
