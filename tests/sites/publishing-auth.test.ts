import { afterEach, describe, expect, test } from "vitest";
import { openSecret, parseSecretKey, resetSecretKeyCache, sealSecret } from "../../server/crypto/secret-box";
import { db } from "../../server/db/client";

describe("secret box (server/crypto/secret-box.ts)", () => {
  afterEach(() => {
    delete process.env.QUIRE_SECRET_KEY;
    resetSecretKeyCache();
  });

  test("seals and opens; each seal differs; the instance key is made once and kept in instance_secrets", async () => {
    const a = await sealSecret("hunter2", "ctx");
    const b = await sealSecret("hunter2", "ctx");
    expect(a).not.toBe(b);
    expect(a).not.toContain("hunter2");
    expect(await openSecret(a, "ctx")).toBe("hunter2");
    resetSecretKeyCache();
    expect(await openSecret(b, "ctx")).toBe("hunter2");
    expect(await db().instanceSecret.count({ where: { name: "secret-box-key" } })).toBe(1);
  });

  test("a sealed value does not open under another context, altered, or under another key", async () => {
    const sealed = await sealSecret("hunter2", "site-visitor-auth:a");
    await expect(openSecret(sealed, "site-visitor-auth:b")).rejects.toThrow();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("hunter3").toString("base64url");
    await expect(openSecret(parts.join("."), "site-visitor-auth:a")).rejects.toThrow();
    await expect(openSecret("garbage", "site-visitor-auth:a")).rejects.toThrow(/Not a sealed secret/);
    process.env.QUIRE_SECRET_KEY = "ab".repeat(32);
    resetSecretKeyCache();
    await expect(openSecret(sealed, "site-visitor-auth:a")).rejects.toThrow(/another instance key/);
    expect(await openSecret(await sealSecret("x"), "")).toBe("x");
  });

  test("QUIRE_SECRET_KEY must be 32 bytes in hex or base64", () => {
    expect(parseSecretKey("ab".repeat(32))).toHaveLength(32);
    expect(parseSecretKey(Buffer.alloc(32, 7).toString("base64"))).toHaveLength(32);
    expect(() => parseSecretKey("short")).toThrow(/QUIRE_SECRET_KEY/);
    expect(() => parseSecretKey("ab".repeat(31))).toThrow(/QUIRE_SECRET_KEY/);
  });
});
