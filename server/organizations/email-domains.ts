import type { ServiceContext } from "../context";
import { db, type Db } from "../db/client";
import type { User } from "../db/generated/client";
import { notFound } from "../errors";
import type { EventRecorder } from "../events/record-event";
import { writeChange } from "../events/write-change";
import { admitMember } from "../members/admit-member";
import { loadOrganization } from "../policies/access";
import { parseRole } from "../policies/roles";
import { presentOrganization, presentOrganizationToOutsider } from "../presenters/organization";
import { assertPerson } from "../policies/installation";

/**
 * An organization's `emailDomains` are claims; a domain counts — people with an address on it find
 * the organization and may join it with its default role — only once it is verified: by an admin
 * whose own address is on the domain and verified (server/invites: following an emailed invite
 * proves an address) setting the organization's email domains while it is among them. Saving the
 * domains again verifies one that an admin on it did not verify before. Removing a domain drops
 * its verification.
 */

/** The domain of a user's address, when the address is verified; null otherwise. */
export function verifiedDomainOf(user: Pick<User, "email" | "emailVerifiedAt">): string | null {
  if (!user.emailVerifiedAt) return null;
  return user.email.split("@").pop()?.toLowerCase() ?? null;
}

/** Within the write that sets `domains` as the organization's email domains: keeps their verifications in step. */
export async function syncEmailDomainVerifications(tx: Db, ctx: ServiceContext, events: EventRecorder, organizationId: string, domains: string[]): Promise<void> {
  await tx.emailDomainVerification.deleteMany({ where: { organizationId, domain: { notIn: domains } } });
  const admin = await tx.user.findUniqueOrThrow({ where: { id: ctx.actor.userId }, select: { email: true, emailVerifiedAt: true } });
  const own = verifiedDomainOf(admin);
  if (!own || !domains.includes(own)) return;
  const { count } = await tx.emailDomainVerification.createMany({ data: [{ organizationId, domain: own, verifiedById: ctx.actor.userId }], skipDuplicates: true });
  if (count > 0) events.record({ organizationId, action: "organization.email_domain_verified", target: { type: "organization", id: organizationId }, payload: { domain: own } });
}

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

/**
 * Joins an organization that verified the caller's own verified email domain, with its default role
 * (a member is answered that they are in). Any other organization is not found, whether it exists or not.
 */
export async function joinOrganizationByEmailDomain(ctx: ServiceContext, organizationId: string) {
  assertPerson(ctx.actor);
  const tx = db();
  const user = await tx.user.findUniqueOrThrow({ where: { id: ctx.actor.userId } });
  if (await tx.member.findFirst({ where: { organizationId, userId: user.id, organization: { deletedAt: null } }, select: { userId: true } })) {
    // In already: the organization as the member reaches it (its single sign-on rule applies).
    const access = await loadOrganization(tx, ctx.actor, organizationId);
    return { joined: false, organization: presentOrganization(access.organization, access.memberRole, ctx.baseUrl) };
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
  return { joined, organization: presentOrganization(organization, role, ctx.baseUrl) };
}

/** Organizations the caller could join by their verified email domain (none when their address is not verified). */
export async function listJoinableOrganizations(ctx: ServiceContext) {
  const user = await db().user.findUniqueOrThrow({ where: { id: ctx.actor.userId }, select: { email: true, emailVerifiedAt: true } });
  const domain = verifiedDomainOf(user);
  if (!domain) return { domain: null, organizations: [] };
  const { organizations } = await listOrganizationsForEmailDomain(ctx, domain);
  return { domain, organizations: organizations.filter((organization) => !organization.permissions.view) };
}
