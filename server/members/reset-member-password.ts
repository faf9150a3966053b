import { hashPassword } from "../auth/passwords";
import { endSessions } from "../auth/sessions";
import type { ServiceContext } from "../context";
import { db, type Db } from "../db/client";
import { writeChange } from "../events/write-change";
import { newId } from "../ids";
import { mailConfigured } from "../mail/mailer";
import { revokeAllApiTokens } from "../tokens/revoke-all-api-tokens";
import { sendPasswordResetEmail } from "./password-reset-email-job";
import { newRandomPassword, PASSWORD_RESET_LIFETIME_MS } from "./password-reset-tokens";
import { loadMemberForAction } from "./queries";
import type { MemberAccountActionInput } from "./schemas";

/** What the admin is told: the link went to the member's address, or the new password, shown this once. */
export type PasswordResetOutcome = { delivery: "email"; email: string; expiresAt: string } | { delivery: "password"; password: string };

/**
 * An admin resets a member's password (server/policies/organization.ts: only of an account that
 * belongs to this organization alone, never their own). Either way the old password stops working
 * and every session of the member ends at once (with `revokeApiTokens`, every API token too); no
 * one is ever shown the old password (only its hash is stored). When Quire sends mail, the member
 * gets a one-time link to set a new password (mailed by a job once this write commits: the admin
 * never sees it); otherwise a new random password is set and shown to the admin once, to pass on.
 */
export async function resetMemberPassword(ctx: ServiceContext, organizationId: string, userId: string, input: MemberAccountActionInput): Promise<PasswordResetOutcome> {
  if (mailConfigured()) {
    return writeChange(ctx, async (tx, events) => {
      const member = await loadMemberForAction(tx, ctx, organizationId, userId, "resetPassword");
      const revokedApiTokens = await signOut(tx, userId, input, null);
      const expiresAt = new Date(Date.now() + PASSWORD_RESET_LIFETIME_MS);
      const reset = await tx.passwordReset.create({ data: { id: newId(), userId, organizationId, createdById: ctx.actor.userId, expiresAt } });
      await sendPasswordResetEmail(tx, reset.id);
      events.record({ organizationId, action: "member.password_reset", target: { type: "user", id: userId, label: member.user.displayName }, payload: { delivery: "email", revokedApiTokens } });
      return { delivery: "email" as const, email: member.user.email, expiresAt: expiresAt.toISOString() };
    });
  }
  // argon2 takes its time: the right to is checked first, the hash made outside the transaction, which checks again and only writes.
  await loadMemberForAction(db(), ctx, organizationId, userId, "resetPassword");
  const password = newRandomPassword();
  const passwordHash = await hashPassword(password);
  return writeChange(ctx, async (tx, events) => {
    const member = await loadMemberForAction(tx, ctx, organizationId, userId, "resetPassword");
    const revokedApiTokens = await signOut(tx, userId, input, passwordHash);
    events.record({ organizationId, action: "member.password_reset", target: { type: "user", id: userId, label: member.user.displayName }, payload: { delivery: "password", revokedApiTokens } });
    return { delivery: "password" as const, password };
  });
}

/** The account's new password (none: the old one stops), every session ended, earlier reset links void; how many tokens were revoked. */
async function signOut(tx: Db, userId: string, input: MemberAccountActionInput, passwordHash: string | null): Promise<number> {
  await tx.user.update({ where: { id: userId }, data: { passwordHash } });
  await endSessions(tx, userId);
  await tx.passwordReset.deleteMany({ where: { userId, usedAt: null } });
  return input.revokeApiTokens ? revokeAllApiTokens(tx, userId) : 0;
}
