import type { Db } from "../db/client";
import { notFound } from "../errors";

/**
 * Which members may sign in through the organization's single sign-on. A member who joined through
 * it may; an account that existed before may only once an admin allows it
 * (setUserAsSSOMemberForOrganization): that hands the account's sign-in to the organization's
 * identity provider, which is why an identity provider alone never takes over an existing account.
 */

export async function findMember(tx: Db, organizationId: string, userId: string) {
  const member = await tx.member.findUnique({ where: { organizationId_userId: { organizationId, userId } }, include: { user: { select: { displayName: true } } } });
  if (!member) throw notFound(`No member ${userId} in organization ${organizationId}.`);
  return member;
}
