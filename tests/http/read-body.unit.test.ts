import type { Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { asAppError } from "../../server/errors";
import { readBody } from "../../server/http/read-body";
import { createGuardedServer } from "../../server/http/request-guard";

const LIMIT = 1024 * 1024;
const CHUNK = 64 * 1024;

/** A body of `total` bytes (endless by default) that counts what was pulled from it. */
function countingStream(total = Infinity) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      const size = Math.min(CHUNK, total - counter.pulled);
      counter.pulled += size;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
  return { stream, counter };
}

const post = (body: ReadableStream<Uint8Array> | string, headers: Record<string, string> = {}) =>
  new Request("http://quire.test/v1/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

async function refusal(promise: Promise<unknown>) {
  const error = asAppError(await promise.then(() => null, (caught: unknown) => caught));
  expect(error).not.toBeNull();
  return error!;
}

describe("readBody", () => {
  test("a chunked body above the limit is cut at the limit: 413 naming it, the rest never pulled", async () => {
    const { stream, counter } = countingStream();
    const error = await refusal(readBody(post(stream), LIMIT));
    expect(error.status).toBe(413);
    expect(error.message).toBe(`Larger than the limit of ${LIMIT} bytes`);
    // The chunk that crossed the limit, plus what the stream queued ahead of the reader.
    expect(counter.pulled).toBeGreaterThan(LIMIT);
    expect(counter.pulled).toBeLessThanOrEqual(LIMIT + 3 * CHUNK);
  });

  test("a declared length above the limit is refused before a byte is read", async () => {
    const { stream, counter } = countingStream();
    const error = await refusal(readBody(post(stream, { "content-length": String(LIMIT + 1) }), LIMIT));
    expect(error.status).toBe(413);
    // What a stream queues on its own when made: nothing was read.
    expect(counter.pulled).toBeLessThanOrEqual(CHUNK);
  });

  test("a body up to the limit is read whole", async () => {
    const exact = countingStream(LIMIT);
    expect((await readBody(post(exact.stream), LIMIT)).byteLength).toBe(LIMIT);
    expect(new TextDecoder().decode(await readBody(post('{"title":"ü"}'), LIMIT))).toBe('{"title":"ü"}');
    expect((await readBody(new Request("http://quire.test/"), LIMIT)).byteLength).toBe(0);
    const over = countingStream(LIMIT + 1);
    expect((await refusal(readBody(post(over.stream), LIMIT))).status).toBe(413);
  });
});

describe("readBody over real HTTP", () => {
  let server: Server;
  let port: number;
  /** What each request's socket had received when its answer was written. */
  const received: number[] = [];
  beforeAll(async () => {
    server = createGuardedServer(async (req, res) => {
      const request = new Request(`http://quire.test${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
        duplex: "half",
      } as RequestInit);
      let status = 200;
      let text = "";
      try {
        text = `${(await readBody(request, LIMIT)).byteLength} bytes`;
      } catch (error) {
        status = asAppError(error)!.status;
        text = asAppError(error)!.message;
      }
      received.push(req.socket.bytesRead);
      res.writeHead(status, { "content-type": "text/plain" }).end(text);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /**
   * Sends up to `total` bytes chunked, as fast as the server takes them, until the answer arrives;
   * with `readAfterMs`, reads nothing before then, as a client busy sending its body would.
   */
  function uploadChunked(total: number, readAfterMs?: number): Promise<{ answer: string; sent: number }> {
    return new Promise((resolve) => {
      const socket = connect(port, "127.0.0.1");
      let answer = "";
      let sent = 0;
      if (readAfterMs !== undefined) {
        socket.pause();
        setTimeout(() => socket.resume(), readAfterMs);
      }
      const frame = Buffer.concat([Buffer.from(`${CHUNK.toString(16)}\r\n`), Buffer.alloc(CHUNK, 97), Buffer.from("\r\n")]);
      socket.on("data", (data) => {
        answer += data;
        // A whole body sent and answered: done (a refused one is closed by the server).
        if (sent >= total) socket.end();
      });
      socket.on("error", () => {});
      socket.on("close", () => resolve({ answer, sent }));
      socket.write("POST /upload HTTP/1.1\r\nHost: quire.test\r\nTransfer-Encoding: chunked\r\n\r\n");
      const pump = () => {
        while (sent < total && !answer && !socket.destroyed) {
          sent += CHUNK;
          if (!socket.write(frame)) return void socket.once("drain", pump);
        }
        if (sent >= total && !answer) socket.write("0\r\n\r\n");
      };
      pump();
      setTimeout(() => socket.destroy(), 10_000);
    });
  }

  test("a 50 MB chunked upload gets a 413 after about the limit, and the connection is closed", async () => {
    const { answer, sent } = await uploadChunked(50 * 1024 * 1024);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer).toContain(`Larger than the limit of ${LIMIT} bytes`);
    // The client stopped when the answer came; the server had read a few MB at most (socket buffers included).
    expect(sent).toBeLessThan(50 * 1024 * 1024);
    expect(received.at(-1)!).toBeLessThan(LIMIT + 8 * 1024 * 1024);
  });

  test("a client that reads late still gets the 413: the server half-closes and waits rather than resetting", async () => {
    // Closing at once with the client's bytes unread would reset the connection and lose the answer.
    for (let i = 0; i < 2; i++) expect((await uploadChunked(8 * 1024 * 1024, 300)).answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  test("an upload within the limit is read whole and the connection kept", async () => {
    const { answer } = await uploadChunked(LIMIT - CHUNK);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain(`${LIMIT - CHUNK} bytes`);
    expect(answer).toMatch(/\r\nConnection: keep-alive\r\n/i);
  });
});
