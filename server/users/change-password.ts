import { z } from "zod";
import { endSessions } from "../auth/sessions";
import { hashPassword, newPasswordSchema } from "../auth/passwords";
import { verifyCredentials } from "../auth/sign-in";
import { SignInLockedError } from "../auth/sign-in-throttle";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { AppError, fieldError } from "../errors";
import { writeChange } from "../events/write-change";
import { revokeAllApiTokens } from "../tokens/revoke-all-api-tokens";

export const changePasswordInput = z.object({
  /** Required when the account has a password (an account made by single sign-on may set its first). */
  currentPassword: z.string().max(200).optional(),
  newPassword: newPasswordSchema,
  /** Also revoke every API token of the user (a password change ends browser sessions, not tokens). */
  revokeApiTokens: z.boolean().optional(),
});

/**
 * Changes the caller's own password. The current one is checked as a sign-in is, throttled alike,
 * so a session left open cannot be used to guess it. Every session of the user ends, on every app
 * server (the browser signs in again with the new password), and with `revokeApiTokens` every API
 * token too; each of their organizations records it.
 */
export async function changePassword(ctx: ServiceContext, input: z.infer<typeof changePasswordInput>, options: { clientAddress: string }): Promise<void> {
  const user = await db().user.findUniqueOrThrow({ where: { id: ctx.actor.userId }, select: { id: true, email: true, displayName: true, passwordHash: true } });
  if (user.passwordHash !== null) {
    if (!input.currentPassword) throw fieldError("currentPassword", "Required to change the password");
    const verified = await verifyCredentials(user.email, input.currentPassword, options).catch((error: unknown) => {
      if (error instanceof SignInLockedError) throw new AppError("forbidden", error.message, { retryAt: error.retryAt.toISOString() });
      throw error;
    });
    if (verified?.id !== user.id) throw fieldError("currentPassword", "This is not your current password");
  }
  // argon2 takes its time: hashed before the transaction, which then only writes.
  const passwordHash = await hashPassword(input.newPassword);
  await writeChange(ctx, async (tx, events) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await endSessions(tx, user.id);
    if (input.revokeApiTokens) await revokeAllApiTokens(tx, user.id);
    const memberships = await tx.member.findMany({ where: { userId: user.id }, select: { organizationId: true } });
    for (const { organizationId } of memberships) {
      events.record({ organizationId, action: "user.password_changed", target: { type: "user", id: user.id, label: user.displayName } });
    }
    if (memberships.length === 0) events.nothingChanged();
  });
}
