import { describe, expect, test } from "vitest";
import { hashPassword } from "../../server/auth/passwords";
import { sessionIsCurrent } from "../../server/auth/sessions";
import { verifyCredentials } from "../../server/auth/sign-in";
import { SIGN_IN_RULES } from "../../server/auth/sign-in-throttle";
import { db } from "../../server/db/client";
import { changePassword } from "../../server/users/change-password";
import { actorForToken } from "../../server/tokens/actor-for-token";
import { eventsAsText } from "../helpers/events";
import { addMember, createOrganization, createToken } from "../helpers/factories";

const ctxOf = (userId: string) => ({ actor: { userId, via: "session" as const }, baseUrl: "http://localhost" });
const fromTest = { clientAddress: "203.0.113.7" };

async function memberWithPassword(password: string) {
  const organization = await createOrganization();
  const { user } = await addMember(organization.id, "edit");
  await db().user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password) } });
  return { organization, user };
}

describe("changing one's password", () => {
  test("needs the current password; then the new one signs in, the old one not, every session ends and the organization records it", async () => {
    const { organization, user } = await memberWithPassword("old-password-1");
    await expect(changePassword(ctxOf(user.id), { newPassword: "new-password-1" }, fromTest)).rejects.toMatchObject({ code: "bad_request", details: { fields: { currentPassword: "Required to change the password" } } });
    await expect(changePassword(ctxOf(user.id), { currentPassword: "wrong-password", newPassword: "new-password-1" }, fromTest)).rejects.toMatchObject({
      code: "bad_request",
      details: { fields: { currentPassword: "This is not your current password" } },
    });
    expect(await sessionIsCurrent(db(), user.id, 0)).toBe(true);

    await changePassword(ctxOf(user.id), { currentPassword: "old-password-1", newPassword: "new-password-1" }, fromTest);
    expect(await verifyCredentials(user.email, "new-password-1", fromTest)).toMatchObject({ id: user.id });
    expect(await verifyCredentials(user.email, "old-password-1", fromTest)).toBeNull();
    expect(await sessionIsCurrent(db(), user.id, 0)).toBe(false);
    const events = await db().domainEvent.findMany({ where: { organizationId: organization.id, action: "user.password_changed" } });
    expect(events).toMatchObject([{ actorId: user.id, targetType: "user", targetId: user.id }]);
    // The record says that it changed, never what to.
    expect(eventsAsText(events)).not.toContain("new-password-1");
  });

  test("wrong guesses are throttled as sign-ins are: past the limit, even the right password is refused for a while", async () => {
    const { user } = await memberWithPassword("right-password");
    const { limit } = SIGN_IN_RULES.account;
    for (let attempt = 1; attempt < limit; attempt++) {
      await expect(changePassword(ctxOf(user.id), { currentPassword: `guess-${attempt}`, newPassword: "whatever-1" }, fromTest)).rejects.toMatchObject({ code: "bad_request" });
    }
    // The guess that reaches the limit locks the account.
    await expect(changePassword(ctxOf(user.id), { currentPassword: "last-guess", newPassword: "whatever-1" }, fromTest)).rejects.toMatchObject({ code: "forbidden" });
    await expect(changePassword(ctxOf(user.id), { currentPassword: "right-password", newPassword: "whatever-1" }, fromTest)).rejects.toMatchObject({
      code: "forbidden",
      message: expect.stringMatching(/Too many failed sign-ins/),
      details: { retryAt: expect.any(String) },
    });
  });

  test("API tokens survive a password change unless it revokes them too", async () => {
    const { user } = await memberWithPassword("first-password-1");
    const token = await createToken(user.id);
    await changePassword(ctxOf(user.id), { currentPassword: "first-password-1", newPassword: "second-password-1" }, fromTest);
    expect(await actorForToken(token)).toMatchObject({ userId: user.id });
    await changePassword(ctxOf(user.id), { currentPassword: "second-password-1", newPassword: "third-password-1", revokeApiTokens: true }, fromTest);
    expect(await actorForToken(token)).toBeNull();
    expect(await db().apiToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
  });

  test("an account without a password (made by single sign-on) sets its first one without a current one", async () => {
    const organization = await createOrganization();
    const { user } = await addMember(organization.id, null);
    await changePassword(ctxOf(user.id), { newPassword: "first-password" }, fromTest);
    expect(await verifyCredentials(user.email, "first-password", fromTest)).toMatchObject({ id: user.id });
  });
});
