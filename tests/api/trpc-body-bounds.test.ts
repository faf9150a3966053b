import { describe, expect, test } from "vitest";
import { POST as trpcRoute } from "../../app/api/trpc/[trpc]/route";
import { MAX_BODY_BYTES, withBoundedJsonBody } from "../../server/validation/body-text";
import { MAX_STALL_MS, measureStall } from "../helpers/stalls";

/**
 * tRPC parses its request bodies itself; the route bounds them first as /v1 does, so that no body
 * sent to it (a megabyte of nested arrays, an endless chunked upload) can stall the server.
 */
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://quire.test/api/trpc/changeRequests.updateContent", { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body, duplex: "half" } as RequestInit);

describe("the tRPC route's request bodies", () => {
  test("a body of 500,000 nested arrays is a 400 naming the bound, answered without parsing it", async () => {
    const { result, stallMs } = await measureStall(async () => {
      const response = await trpcRoute(post(`{"json":${"[".repeat(500_000)}${"]".repeat(500_000)}}`));
      return { status: response.status, body: await response.json() };
    });
    expect(result).toEqual({ status: 400, body: { error: { code: 400, message: "body: more than 100000 arrays and objects" } } });
    expect(stallMs).toBeLessThanOrEqual(MAX_STALL_MS);
  });

  test("a body past the limit is a 413, declared or streamed without a length", async () => {
    expect((await trpcRoute(post("x".repeat(MAX_BODY_BYTES + 1)))).status).toBe(413);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    });
    expect((await trpcRoute(post(endless))).status).toBe(413);
  });

  test("a body within bounds reaches tRPC as it was sent", async () => {
    const body = JSON.stringify({ json: { spaceId: "s", changes: [{ operation: "insert_page", document: { markdown: "é ✓" } }] } });
    const bounded = await withBoundedJsonBody(post(body));
    expect(await bounded.text()).toBe(body);
    expect(bounded.headers.get("content-type")).toBe("application/json");
  });
});
