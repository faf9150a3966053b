import { linkHolder } from "../auth/actor";
import { requestContext, type ServiceContext } from "../context";
import { db, type Db } from "../db/client";
import { AppError, fieldError, forbidden, notFound } from "../errors";
import type { EventRecorder } from "../events/record-event";
import { writeChange } from "../events/write-change";
import { newId } from "../ids";
import { hashPassword } from "../auth/passwords";
import { admitMember } from "../members/admit-member";
import { parseRole } from "../policies/roles";
import { findInviteByToken } from "./queries";
import type { SignUpWithInviteInput } from "./schemas";
import { assertPerson } from "../policies/installation";
import { inviteAcceptableBy } from "./invitee";

type FoundInvite = NonNullable<Awaited<ReturnType<typeof findInviteByToken>>>;

const NO_INVITE = "No such invite: the link is wrong, or the invite was revoked or already used.";

/** The invite of a token, locked for the rest of the write, if it can still be used. */
async function usableInvite(tx: Db, token: string, organizationId?: string): Promise<FoundInvite> {
  const found = await findInviteByToken(tx, token, { lock: true });
  if (!found || (organizationId !== undefined && found.invite.organizationId !== organizationId)) throw notFound(NO_INVITE);
  if (found.status === "expired") throw notFound("This invite has expired: ask an admin of the organization for a new one.");
  if (found.status === "links-off") throw forbidden("Invite links are turned off in this organization: ask one of its admins to invite you.");
  return found;
}

/**
 * Lets `user` in with the invite, inside the write: an email invite is then used up, and since its
 * link was mailed to the address, following it proves the address is theirs; a link invite counts
 * one more use. Returns whether they joined (false: they were a member already).
 */
async function admitWithInvite(tx: Db, events: EventRecorder, { invite }: FoundInvite, user: { id: string; displayName: string; emailVerifiedAt: Date | null }): Promise<boolean> {
  const joined = await admitMember(tx, events, {
    organizationId: invite.organizationId,
    user,
    role: parseRole(invite.role),
    sso: invite.sso,
    through: invite.kind === "email" ? "email-invite" : "invite-link",
    details: { invite: invite.id },
  });
  if (invite.kind === "email") {
    await tx.organizationInvite.delete({ where: { id: invite.id } });
    if (invite.emailedAt && !user.emailVerifiedAt) await tx.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
  } else if (joined) {
    await tx.organizationInvite.update({ where: { id: invite.id }, data: { uses: { increment: 1 } } });
  }
  return joined;
}

/**
 * `joinOrganizationWithInvite`, and the invite page's one-click join: the signed-in caller joins with
 * the invite whose link holds `token`. An email invite is for its address only.
 */
export async function joinWithInvite(ctx: ServiceContext, token: string, organizationId?: string): Promise<{ organizationId: string; joined: boolean }> {
  assertPerson(ctx.actor);
  const user = await db().user.findUniqueOrThrow({ where: { id: ctx.actor.userId } });
  return writeChange(ctx, async (tx, events) => {
    const found = await usableInvite(tx, token, organizationId);
    if (!inviteAcceptableBy(found.invite, user.email)) {
      throw forbidden(`This invite is for ${found.invite.email}, and you are signed in as ${user.email}: sign in with that address to accept it.`);
    }
    const joined = await admitWithInvite(tx, events, found, user);
    if (!joined) events.nothingChanged();
    return { organizationId: found.invite.organizationId, joined };
  });
}

/**
 * The invite page for someone without an account: creates it (the invited address, or for a link
 * invite the address they give) with their name and password, and lets them in. An address that
 * already has an account is refused: its owner signs in and accepts.
 */
export async function signUpWithInvite(token: string, input: SignUpWithInviteInput): Promise<{ organizationId: string; email: string }> {
  const passwordHash = await hashPassword(input.password);
  const userId = newId();
  // The new user is the actor of their own joining (the event's actor row is written in the same transaction); the answer holds no URL.
  const ctx = requestContext(linkHolder(userId));
  try {
    return await writeChange(ctx, async (tx, events) => {
      const found = await usableInvite(tx, token);
      const email = found.invite.email ?? input.email;
      if (!email) throw fieldError("email", "Give the email address of your new account");
      if (await tx.user.findFirst({ where: { email: { equals: email, mode: "insensitive" } }, select: { id: true } })) throw accountExists();
      const emailVerifiedAt = found.invite.kind === "email" && found.invite.emailedAt ? new Date() : null;
      const user = await tx.user.create({ data: { id: userId, email, displayName: input.displayName, passwordHash, emailVerifiedAt } });
      await admitWithInvite(tx, events, found, user);
      return { organizationId: found.invite.organizationId, email };
    });
  } catch (error) {
    // Two sign-ups for one address at once: the second meets the first's account.
    if ((error as { code?: string }).code === "P2002") throw accountExists();
    throw error;
  }
}

const accountExists = (): AppError => fieldError("email", "An account with this address exists already: sign in with it, then accept the invite.", { code: "conflict" });
