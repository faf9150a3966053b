import { TRPCError } from "@trpc/server";
import { describe, expect, test } from "vitest";
import { BODY_LIMITS } from "../../server/http/read-body";
import { boundedBody } from "../../server/trpc/http-handler";
import { MAX_STALL_MS, measureStall } from "../helpers/measure-stall";

/**
 * tRPC parses its request bodies itself; the endpoint bounds them first as /v1 does, so that no body
 * sent to it (a megabyte of nested arrays, an endless chunked upload) can stall the server.
 */
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://quire.test/api/trpc/changeRequests.updateContent", { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body, duplex: "half" } as RequestInit);

describe("the tRPC endpoint's request bodies", () => {
  test("a body of 500,000 nested arrays is a 400 naming the bound, answered without parsing it", async () => {
    const { result, stallMs } = await measureStall(() => boundedBody(post(`{"json":${"[".repeat(500_000)}${"]".repeat(500_000)}}`)));
    expect(result).toBeInstanceOf(TRPCError);
    expect(result).toMatchObject({ code: "BAD_REQUEST", message: "More than 100000 arrays and objects" });
    expect(stallMs).toBeLessThanOrEqual(MAX_STALL_MS);
  });

  test("a body past the limit is a 413, declared or streamed without a length", async () => {
    expect(await boundedBody(post("x".repeat(BODY_LIMITS.trpc + 1)))).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    });
    expect(await boundedBody(post(endless))).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  test("a body within bounds reaches tRPC as it was sent", async () => {
    const body = JSON.stringify({ json: { spaceId: "s", changes: [{ operation: "insert_page", document: { markdown: "é ✓" } }] } });
    const bounded = await boundedBody(post(body));
    expect(bounded).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(bounded as Uint8Array)).toBe(body);
  });
});
