import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { hashPassword } from "../../server/auth/passwords";
import { authOptions } from "../../server/auth/next-auth";
import { verifyCredentials } from "../../server/auth/sign-in";
import { SIGN_IN_RULES, SignInLockedError, throttleKeys } from "../../server/auth/sign-in-throttle";
import { db } from "../../server/db/client";
import { CLIENT_ADDRESS_HEADER } from "../../server/http/client-address";
import { createUser } from "../helpers/factories";
import { cpuMsOfAsync } from "../helpers/cpu-time";

/** Sign-in throttling on the real database: every test has its own accounts and client address. */

const PASSWORD = "the right password";
const MINUTE = 60_000;

async function userWithPassword() {
  const user = await createUser();
  await db().user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(PASSWORD) } });
  return user;
}

/** An address of its own for each test, so that address counts never meet. */
const freshAddress = () => `10.${randomBytes(3).join(".")}`;
const at = (start: Date, ms: number) => new Date(start.getTime() + ms);

/** The outcome of one attempt: signed in, wrong, or the lock's message. */
async function attempt(email: string, password: string, clientAddress: string, now: Date): Promise<string> {
  try {
    return (await verifyCredentials(email, password, { clientAddress, now })) ? "signed in" : "wrong";
  } catch (error) {
    if (error instanceof SignInLockedError) return error.message;
    throw error;
  }
}

describe("sign-in throttling per account", () => {
  test("the fifth wrong password locks the account: the right one is refused until the lock passes, then accepted", async () => {
    const user = await userWithPassword();
    const address = freshAddress();
    const start = new Date();
    for (let i = 0; i < 4; i++) expect(await attempt(user.email, "wrong", address, at(start, i * 1000))).toBe("wrong");
    expect(await attempt(user.email, "wrong", address, at(start, 4000))).toBe("Too many failed sign-ins for this account. Try again in 15 minutes.");
    expect(await attempt(user.email, PASSWORD, address, at(start, 5000))).toBe("Too many failed sign-ins for this account. Try again in 15 minutes.");
    expect(await attempt(user.email, PASSWORD, address, at(start, 4000 + 14.5 * MINUTE))).toBe("Too many failed sign-ins for this account. Try again in 30 seconds.");
    // From another address too: the lock is the account's.
    expect(await attempt(user.email, PASSWORD, freshAddress(), at(start, 10 * MINUTE))).toMatch(/^Too many failed sign-ins for this account/);
    expect(await attempt(user.email, PASSWORD, address, at(start, 4000 + SIGN_IN_RULES.account.lockMs))).toBe("signed in");
  });

  test("the email's case and spaces do not make another account", async () => {
    const user = await userWithPassword();
    const address = freshAddress();
    const now = new Date();
    const spellings = [user.email, user.email.toUpperCase(), ` ${user.email} `, user.email, user.email];
    const outcomes = [];
    for (const spelling of spellings) outcomes.push(await attempt(spelling, "wrong", address, now));
    expect(outcomes.at(-1)).toMatch(/^Too many failed sign-ins for this account/);
  });

  test("a success starts the count over", async () => {
    const user = await userWithPassword();
    const address = freshAddress();
    const now = new Date();
    for (let i = 0; i < 4; i++) expect(await attempt(user.email, "wrong", address, now)).toBe("wrong");
    expect(await attempt(user.email, PASSWORD, address, now)).toBe("signed in");
    for (let i = 0; i < 4; i++) expect(await attempt(user.email, "wrong", address, now)).toBe("wrong");
    expect(await attempt(user.email, "wrong", address, now)).toMatch(/^Too many failed sign-ins/);
  });

  test("failures older than the window are forgotten", async () => {
    const user = await userWithPassword();
    const address = freshAddress();
    const start = new Date();
    for (let i = 0; i < 4; i++) expect(await attempt(user.email, "wrong", address, start)).toBe("wrong");
    const later = at(start, SIGN_IN_RULES.account.windowMs + 1000);
    for (let i = 0; i < 4; i++) expect(await attempt(user.email, "wrong", address, later)).toBe("wrong");
  });

  test("twenty attempts at once cannot slip under the limit: five are checked, the rest refused", async () => {
    const user = await userWithPassword();
    const address = freshAddress();
    const now = new Date();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => attempt(user.email, "wrong", address, now)));
    const checked = outcomes.filter((outcome) => outcome === "wrong").length;
    expect(checked).toBeLessThanOrEqual(SIGN_IN_RULES.account.limit);
    expect(outcomes.filter((outcome) => outcome.startsWith("Too many failed sign-ins for this account")).length).toBe(20 - checked);
    expect(await attempt(user.email, PASSWORD, address, now)).toMatch(/^Too many failed sign-ins for this account/);
  });

  test("unknown emails are throttled alike, and answered in about the time of a wrong password", async () => {
    const user = await userWithPassword();
    const address = freshAddress();
    const now = new Date();
    const timed = async (email: string) => {
      const { result, ms } = await cpuMsOfAsync(() => attempt(email, "wrong", address, now));
      expect(result).toBe("wrong");
      return ms;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      // A fresh email each time: three failures stay under both limits.
      unknown.push(await timed(`nobody-${randomBytes(4).toString("hex")}@example.test`));
      known.push(await timed(user.email));
    }
    // A wrong password costs an argon2 check; so does an unknown email (against a stand-in hash).
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);

    const unknownEmail = `nobody-${randomBytes(4).toString("hex")}@example.test`;
    for (let i = 0; i < 4; i++) await attempt(unknownEmail, "wrong", address, now);
    expect(await attempt(unknownEmail, "wrong", address, now)).toBe("Too many failed sign-ins for this account. Try again in 15 minutes.");
  });

  test("an email no account can have (NUL, control characters, overlong) is a wrong email, not an error", async () => {
    const address = freshAddress();
    const now = new Date();
    for (const email of ["a\u0000b@example.test", "a\nb@example.test", `${"a".repeat(5000)}@example.test`]) expect(await attempt(email, "wrong", address, now)).toBe("wrong");
  });
});

describe("sign-in throttling per client address", () => {
  test("fifty failures from one address lock the address, whatever the accounts; other addresses are not affected", async () => {
    const user = await userWithPassword();
    const address = freshAddress();
    const now = new Date();
    const limit = SIGN_IN_RULES.address.limit;
    for (let i = 0; i < limit - 1; i++) expect(await attempt(`guess-${i}-${randomBytes(4).toString("hex")}@example.test`, "wrong", address, now)).toBe("wrong");
    expect(await attempt(`guess-last-${randomBytes(4).toString("hex")}@example.test`, "wrong", address, now)).toBe("Too many failed sign-ins from your network. Try again in 15 minutes.");
    expect(await attempt(user.email, PASSWORD, address, at(now, MINUTE))).toBe("Too many failed sign-ins from your network. Try again in 14 minutes.");
    expect(await attempt(user.email, PASSWORD, freshAddress(), at(now, MINUTE))).toBe("signed in");
    expect(await attempt(user.email, PASSWORD, address, at(now, SIGN_IN_RULES.address.lockMs))).toBe("signed in");
  });

  test("successes do not count against the address", async () => {
    const user = await userWithPassword();
    const address = freshAddress();
    const now = new Date();
    for (let i = 0; i < SIGN_IN_RULES.address.limit + 5; i++) expect(await attempt(user.email, PASSWORD, address, now)).toBe("signed in");
    const [row] = await db().$queryRaw<{ failures: number }[]>`SELECT failures FROM sign_in_throttles WHERE key = ${throttleKeys(user.email, address).address}`;
    expect(row?.failures).toBe(0);
  });
});

describe("the throttle table", () => {
  test("rows past their window are deleted by later attempts", async () => {
    const address = freshAddress();
    const email = `old-${randomBytes(4).toString("hex")}@example.test`;
    const start = new Date();
    await attempt(email, "wrong", address, start);
    const keys = throttleKeys(email, address);
    const count = async () => (await db().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM sign_in_throttles WHERE key IN (${keys.account}, ${keys.address})`)[0]!.n;
    expect(await count()).toBe(2);
    // Enough later attempts to reach them among any other expired rows.
    for (let i = 0; i < 10 && (await count()) > 0; i++) await attempt(`later-${i}@example.test`, "wrong", freshAddress(), at(start, 2 * SIGN_IN_RULES.account.windowMs));
    expect(await count()).toBe(0);
  });
});

describe("next-auth's authorize", () => {
  const authorize = (authOptions.providers[0] as unknown as { options: { authorize: (credentials: Record<string, string>, req: { headers: Record<string, string> }) => Promise<unknown> } }).options.authorize;

  test("counts per the client address the app server recorded, and a lock's message is the error the sign-in form shows", async () => {
    const user = await userWithPassword();
    const address = freshAddress();
    const req = { headers: { [CLIENT_ADDRESS_HEADER]: address } };
    expect(await authorize({ email: user.email, password: PASSWORD }, req)).toMatchObject({ id: user.id, email: user.email });
    for (let i = 0; i < 4; i++) expect(await authorize({ email: user.email, password: "wrong" }, req)).toBeNull();
    await expect(authorize({ email: user.email, password: "wrong" }, req)).rejects.toThrow("Too many failed sign-ins for this account. Try again in 15 minutes.");
    await expect(authorize({ email: user.email, password: PASSWORD }, req)).rejects.toThrow(/^Too many failed sign-ins/);
    // The address's count: five failures and the refused attempt (its password was never checked); the success gave its count back.
    const [row] = await db().$queryRaw<{ failures: number }[]>`SELECT failures FROM sign_in_throttles WHERE key = ${throttleKeys(user.email, address).address}`;
    expect(row?.failures).toBe(6);
  });
});
