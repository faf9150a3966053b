import { describe, expect, test } from "vitest";
import { linkHolder, sourceOf } from "../../server/auth/actor";
import { jobContext, requestContext } from "../../server/context";

describe("the context factories", () => {
  test("a request's context holds the actor it proved, and no origin (URLs are made at the edge: tests/http/public-origin.unit.test.ts)", () => {
    const actor = { userId: "u1", via: "token" as const };
    expect(requestContext(actor)).toEqual({ actor });
  });

  test("a job acts as Quire for the user it names, or as the actor it resolved", () => {
    expect(jobContext("u1")).toEqual({ actor: { userId: "u1", via: "system" } });
    const installation = { userId: "bot", via: "installation" as const, integration: { id: "i1", name: "x", installationId: "n1" } };
    expect(jobContext(installation).actor).toBe(installation);
  });

  test("the holder of a reset or invite link is recorded as acting from the UI, as a signed-in person is", () => {
    expect(sourceOf(linkHolder("u1"))).toBe(sourceOf({ userId: "u1", via: "session" }));
    expect(sourceOf(linkHolder("u1"))).toBe("ui");
  });
});
