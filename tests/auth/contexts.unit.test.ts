import { afterEach, describe, expect, test, vi } from "vitest";
import { linkHolder, sourceOf } from "../../server/auth/actor";
import { jobContext, requestContext } from "../../server/context";

describe("the context factories", () => {
  afterEach(() => vi.unstubAllEnvs());

  test("a request's URLs are on the host the browser asked for, or on the configured public URL when there is one", () => {
    const actor = { userId: "u1", via: "token" as const };
    const request = new Request("http://localhost:3000/v1/user", { headers: { host: "docs.example.test:8080", "x-forwarded-proto": "https" } });
    vi.stubEnv("QUIRE_PUBLIC_URL", "");
    expect(requestContext(actor, request)).toEqual({ actor, baseUrl: "https://docs.example.test:8080" });
    vi.stubEnv("QUIRE_PUBLIC_URL", "https://quire.example.test/");
    expect(requestContext(actor, request).baseUrl).toBe("https://quire.example.test");
  });

  test("a job acts as Quire for the user it names, or as the actor it resolved", () => {
    expect(jobContext("u1")).toEqual({ actor: { userId: "u1", via: "system" }, baseUrl: "" });
    const installation = { userId: "bot", via: "installation" as const, integration: { id: "i1", name: "x", installationId: "n1" } };
    expect(jobContext(installation).actor).toBe(installation);
  });

  test("the holder of a reset or invite link is recorded as acting from the UI, as a signed-in person is", () => {
    expect(sourceOf(linkHolder("u1"))).toBe(sourceOf({ userId: "u1", via: "session" }));
    expect(sourceOf(linkHolder("u1"))).toBe("ui");
  });
});
