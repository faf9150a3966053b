import { describe, expect, test } from "vitest";
import { requestActor } from "../../server/auth/request-actor";
import { endSessions, sessionIsCurrent } from "../../server/auth/sessions";
import { db } from "../../server/db/client";
import { createToken, createUser } from "../helpers/factories";

const bearer = (token: string) => new Headers({ Authorization: `Bearer ${token}` });

describe("who is calling", () => {
  test("an API token gives its user, by token, with the token's id; a revoked, unknown or malformed one gives nobody", async () => {
    const user = await createUser();
    const token = await createToken(user.id);
    const actor = await requestActor(bearer(token), "token");
    expect(actor).toEqual({ userId: user.id, via: "token", tokenId: expect.any(String) });
    expect(await requestActor(bearer(`${token}x`), "token")).toBeNull();
    expect(await requestActor(new Headers({ Authorization: "Basic abc" }), "token")).toBeNull();
    expect(await requestActor(new Headers(), "token")).toBeNull();
    await db().apiToken.update({ where: { id: actor!.tokenId! }, data: { revokedAt: new Date() } });
    expect(await requestActor(bearer(token), "token")).toBeNull();
  });

  test("a disabled user's tokens stop working, and resume if the account is enabled again", async () => {
    const user = await createUser();
    const token = await createToken(user.id);
    await db().user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    expect(await requestActor(bearer(token), "token-or-session")).toBeNull();
    await db().user.update({ where: { id: user.id }, data: { disabledAt: null } });
    expect(await requestActor(bearer(token), "token-or-session")).toMatchObject({ userId: user.id });
  });

  test("a session counts while its version is the user's: ending sessions or disabling the user ends it", async () => {
    const user = await createUser();
    expect(await sessionIsCurrent(db(), user.id, 0)).toBe(true);
    await endSessions(db(), user.id);
    expect(await sessionIsCurrent(db(), user.id, 0)).toBe(false);
    expect(await sessionIsCurrent(db(), user.id, 1)).toBe(true);
    await db().user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    expect(await sessionIsCurrent(db(), user.id, 1)).toBe(false);
    expect(await sessionIsCurrent(db(), "no-such-user", 0)).toBe(false);
  });
});
