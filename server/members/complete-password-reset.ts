import { z } from "zod";
import { linkHolder } from "../auth/actor";
import { requestContext } from "../context";
import { hashPassword, newPasswordSchema } from "../auth/passwords";
import { endSessions } from "../auth/sessions";
import { db } from "../db/client";
import { notFound } from "../errors";
import { writeChange } from "../events/write-change";
import { hashPasswordResetToken, passwordResetTokenSchema } from "./password-reset-tokens";

export const completePasswordResetInput = z.object({ password: newPasswordSchema });

/** A mailed reset that still works, found by its link's token; null for any other token. */
async function findUsableReset(token: string) {
  if (!passwordResetTokenSchema.safeParse(token).success) return null;
  return db().passwordReset.findFirst({
    // A deleted organization's resets are gone with it, as everything of it.
    where: { tokenHash: hashPasswordResetToken(token), usedAt: null, emailedAt: { not: null }, expiresAt: { gt: new Date() }, organization: { deletedAt: null } },
    include: { organization: { select: { title: true } } },
  });
}

/** What the public reset page shows for a token: whose account, and for which organization's admin; null when the link does not work. */
export async function describePasswordReset(token: string) {
  const reset = await findUsableReset(token);
  if (!reset) return null;
  const user = await db().user.findUniqueOrThrow({ where: { id: reset.userId }, select: { email: true } });
  return { email: user.email, organization: reset.organization.title, expiresAt: reset.expiresAt };
}

/**
 * Following a mailed reset link: the member sets their new password (the link's token is the
 * credential, used once). Every session ends again, other reset links of theirs stop, and since the
 * link was mailed to them, their address counts as verified (as after a mailed invite).
 */
export async function completePasswordReset(token: string, input: z.infer<typeof completePasswordResetInput>): Promise<{ email: string }> {
  const found = await findUsableReset(token);
  if (!found) throw notFound("This link does not work: it is wrong, was used already, or has expired. Ask an admin of your organization to reset your password again.");
  // argon2 takes its time: hashed before the transaction, which claims the link and writes.
  const passwordHash = await hashPassword(input.password);
  return writeChange(requestContext(linkHolder(found.userId)), async (tx, events) => {
    const { count } = await tx.passwordReset.updateMany({ where: { id: found.id, tokenHash: found.tokenHash, usedAt: null, expiresAt: { gt: new Date() } }, data: { usedAt: new Date() } });
    if (count === 0) throw notFound("This link was used meanwhile. Ask an admin of your organization to reset your password again.");
    const current = await tx.user.findUniqueOrThrow({ where: { id: found.userId }, select: { emailVerifiedAt: true } });
    const user = await tx.user.update({ where: { id: found.userId }, data: { passwordHash, emailVerifiedAt: current.emailVerifiedAt ?? new Date() } });
    await endSessions(tx, user.id);
    await tx.passwordReset.deleteMany({ where: { userId: user.id, usedAt: null } });
    events.record({ organizationId: found.organizationId, action: "user.password_changed", target: { type: "user", id: user.id, label: user.displayName }, payload: { throughReset: found.id } });
    return { email: user.email };
  });
}
