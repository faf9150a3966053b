import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { organizationPermissions } from "../policies/organization";
import { verifiedDomainOf } from "./email-domains";
import { listOrganizationsForEmailDomain } from "./list-organizations-for-email-domain";

/** Organizations the caller could join by their verified email domain (none when their address is not verified). */
export async function listJoinableOrganizations(ctx: ServiceContext) {
  const user = await db().user.findUniqueOrThrow({ where: { id: ctx.actor.userId }, select: { email: true, emailVerifiedAt: true } });
  const domain = verifiedDomainOf(user);
  if (!domain) return { domain: null, organizations: [] };
  const { organizations } = await listOrganizationsForEmailDomain(ctx, domain);
  return { domain, organizations: organizations.filter((organization) => !(organization.member && organizationPermissions(organization.memberRole).view)) };
}
