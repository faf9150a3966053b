import { describe, expect, test } from "vitest";
import { MAX_BATCH_CALLS } from "../../server/trpc/limits";
import { handleTrpcRequest } from "../../server/trpc/http-handler";

/** The tRPC endpoint counts a batch's calls from its URL before anything else (session, body). */
describe("a tRPC batch", () => {
  const batch = (calls: number, separator = ",") =>
    new Request(`http://quire.test/api/trpc/${Array.from({ length: calls }, () => "tokens.list").join(separator)}?batch=1&input=%7B%7D`);

  test.each([
    ["100 calls", batch(100)],
    [`${MAX_BATCH_CALLS + 1} calls`, batch(MAX_BATCH_CALLS + 1)],
    ["commas escaped as %2C", batch(MAX_BATCH_CALLS + 1, "%2C")],
  ])("of %s: 400 naming the limit, in tRPC's error shape, before the session is looked up", async (_label, request) => {
    const response = await handleTrpcRequest(request);
    expect(response.status).toBe(400);
    const calls = new URL(request.url).pathname.split(/,|%2C/).length;
    expect(await response.json()).toMatchObject({
      error: { json: { message: `batch: at most ${MAX_BATCH_CALLS} calls per request, not ${calls}`, data: { code: "BAD_REQUEST", httpStatus: 400 } } },
    });
  });
});
