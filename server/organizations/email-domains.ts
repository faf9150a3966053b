import type { ServiceContext } from "../context";
import type { Db } from "../db/client";
import type { User } from "../db/generated/client";
import type { EventRecorder } from "../events/record-event";

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
