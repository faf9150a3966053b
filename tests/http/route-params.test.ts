import { describe, expect, test } from "vitest";
import { GET as downloadFile } from "../../app/files/[spaceId]/[key]/route";
import { GET as servePdfLink } from "../../app/pdf/[token]/route";
import { createTenant } from "../helpers/factories";

/**
 * Route parameters as Next.js hands them over, decoded, whatever the app server's guard let
 * through or another way in would: checked before they reach a query, so no value answers 500
 * (PostgreSQL refuses NUL in text with error 22021).
 */
const hostile = ["\u0000", "abc\u0000", "\ud800", "x".repeat(5000), "../..", "' OR 1=1 --", "ünï"];

describe("route parameters", () => {
  test.each(hostile.map((value) => [JSON.stringify(value).slice(0, 40), value]))("/files/{spaceId}/{key} with %s: 404 in the envelope", async (_label, value) => {
    const tenant = await createTenant();
    const headers = { authorization: `Bearer ${tenant.admin.token}` };
    for (const params of [{ spaceId: value, key: "abc" }, { spaceId: "space", key: value }, { spaceId: value, key: "a".repeat(64) }]) {
      const response = await downloadFile(new Request("http://quire.test/files/x/y", { headers }), { params: Promise.resolve(params) });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 404, message: expect.stringMatching(/^No file /) } });
    }
  });

  test.each(hostile.map((value) => [JSON.stringify(value).slice(0, 40), value]))("/pdf/{token} with %s: 404 in the envelope", async (_label, token) => {
    const response = await servePdfLink(new Request("http://quire.test/pdf/x"), { params: Promise.resolve({ token }) });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 404, message: "No such PDF link." } });
  });
});
