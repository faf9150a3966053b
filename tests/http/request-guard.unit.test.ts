import type { IncomingMessage, Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { v1Router } from "../../server/api/v1";
import { CLIENT_ADDRESS_HEADER, clientAddressOf } from "../../server/http/client-address";
import { MAX_BODY_BYTES } from "../../server/http/read-body";
import { createGuardedServer } from "../../server/http/request-guard";

/**
 * The app server's guard (server/http/request-guard.ts) on a real HTTP server, spoken to with raw
 * bytes: what a browser or fetch would never send. Behind the guard, a handler that reports what
 * reached it and reads the body only when asked (`?read`).
 */
let server: Server;
let port: number;
const served: string[] = [];
beforeAll(async () => {
  server = createGuardedServer(async (req: IncomingMessage, res) => {
    served.push(`${req.method} ${req.url}`);
    let read = 0;
    try {
      if (req.url!.includes("?read")) for await (const chunk of req) read += (chunk as Buffer).length;
    } catch {
      return; // the client went away
    }
    const body = JSON.stringify({ clientAddress: req.headers[CLIENT_ADDRESS_HEADER], read });
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type RawAnswer = { status: number; headers: Record<string, string>; body: string; text: string };

/** Writes `head` (and `body`) as they are, and collects everything until the server closes or `waitMs` passes. */
function raw(head: string, body = "", waitMs = 3000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (data) => (text += data));
    socket.on("error", () => {});
    const done = () => {
      const [headText = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = headText.split("\r\n");
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n"), text });
    };
    socket.on("close", done);
    setTimeout(() => socket.destroy(), waitMs);
    socket.write(`${head}\r\n\r\n${body}`);
  });
}

const get = (target: string, method = "GET") => raw(`${method} ${target} HTTP/1.1\r\nHost: quire.test\r\nConnection: close`);
const envelope = (answer: RawAnswer) => JSON.parse(answer.body) as { error: { code: number; message: string } };

describe("malformed paths", () => {
  const malformed = ["%FF", "%zz", "%", "%ED%A0%80", "%E0%A4%A"];
  const jsonRoutes = ["/v1/orgs/", "/files/space/", "/pdf/", "/api/trpc/"];

  test.each(jsonRoutes.flatMap((route) => malformed.map((escape) => `${route}${escape}`)))("%s: 400 in the JSON envelope, never served", async (target) => {
    const answer = await get(target);
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toBe("application/json");
    expect(envelope(answer)).toEqual({ error: { code: 400, message: "Malformed percent-escape", details: { fields: { path: "Malformed percent-escape" } } } });
    expect(served).not.toContain(`GET ${target}`);
  });

  test.each(["/o/%FF", "/login%zz", "/o/x/s/%ED%A0%80"])("a page, %s: 400 in plain text", async (target) => {
    const answer = await get(target);
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
    expect(answer.body).toBe("Malformed percent-escape\n");
  });

  test.each(["/files/%00/abc", "/v1/orgs/%00", "/v1/orgs/a%0Ab", "/pdf/%7F", "/o/%00"])("%s: an escaped control character is refused", async (target) => {
    const answer = await get(target);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Escaped control character");
    expect(served).not.toContain(`GET ${target}`);
  });

  test("well-formed escapes and query strings pass (the routes validate their own parameters)", async () => {
    for (const target of ["/v1/orgs/%C3%BC", "/v1/orgs?page=%00", "/o/x?q=%FF"]) {
      expect((await get(target)).status).toBe(200);
      expect(served).toContain(`GET ${target}`);
    }
  });

  test("the /v1 router refuses the same paths when it runs without the guard", async () => {
    for (const [path, message] of [
      ["/v1/orgs/%FF", "Malformed percent-escape"],
      ["/v1/orgs/%00", "Escaped control character"],
    ]) {
      const response = await v1Router.handle(new Request(`http://quire.test${path}`));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: 400, message, details: { fields: { path: message } } } });
    }
  });
});

describe("methods", () => {
  test.each(["/v1/orgs", "/v1/spaces/x/content", "/api/trpc/tokens.list", "/"])("TRACE %s: 405 with Allow", async (target) => {
    const answer = await get(target, "TRACE");
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    if (target.startsWith("/v1") || target.startsWith("/api")) expect(envelope(answer)).toEqual({ error: { code: 405, message: "TRACE is not allowed." } });
    else expect(answer.body).toBe("TRACE is not allowed.\n");
  });

  test("an unknown method is refused by Node's parser, in the JSON envelope", async () => {
    const answer = await get("/v1/orgs", "FOO");
    expect(answer.status).toBe(400);
    expect(answer.headers.connection).toBe("close");
    expect(envelope(answer)).toEqual({ error: { code: 400, message: "Malformed HTTP request: unknown method." } });
  });

  test("CONNECT: 405", async () => {
    const answer = await raw("CONNECT quire.test:443 HTTP/1.1\r\nHost: quire.test:443");
    expect(answer.status).toBe(405);
    expect(envelope(answer)).toEqual({ error: { code: 405, message: "CONNECT is not allowed." } });
  });

  test("headers beyond Node's limit: 431", async () => {
    const answer = await raw(`GET /v1/orgs HTTP/1.1\r\nHost: quire.test\r\nX-Padding: ${"x".repeat(20_000)}`);
    expect(answer.status).toBe(431);
    expect(envelope(answer).error.code).toBe(431);
  });
});

describe("bodies", () => {
  test("a declared body beyond any route's limit: 413 before it is read, connection closed", async () => {
    const answer = await raw(`POST /v1/orgs HTTP/1.1\r\nHost: quire.test\r\nContent-Length: ${50 * 1024 * 1024}`);
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(envelope(answer)).toEqual({ error: { code: 413, message: `Larger than the limit of ${MAX_BODY_BYTES} bytes`, details: { fields: { body: `Larger than the limit of ${MAX_BODY_BYTES} bytes` } } } });
    expect(served).not.toContain("POST /v1/orgs");
  });

  test("Expect: 100-continue: a body too large is refused without asking for it; others are asked for", async () => {
    const refused = await raw(`POST /v1/refused HTTP/1.1\r\nHost: quire.test\r\nContent-Length: ${2 * MAX_BODY_BYTES}\r\nExpect: 100-continue`);
    expect(refused.status).toBe(413);
    expect(refused.text).not.toContain("100 Continue");
    const asked = await raw(`POST /v1/asked?read HTTP/1.1\r\nHost: quire.test\r\nContent-Length: 2\r\nExpect: 100-continue\r\nConnection: close`, "", 1000);
    expect(asked.text).toMatch(/^HTTP\/1\.1 100 Continue\r\n/);
  });

  test("an answer given before the body was read whole closes the connection; a read body keeps it", async () => {
    // Headers and one chunk of a chunked body, never finished: the handler answers without reading.
    const unread = await raw("POST /v1/unread HTTP/1.1\r\nHost: quire.test\r\nTransfer-Encoding: chunked", "4\r\nabcd\r\n");
    expect(unread.status).toBe(200);
    expect(unread.headers.connection).toBe("close");

    const read = await raw("POST /v1/read?read HTTP/1.1\r\nHost: quire.test\r\nContent-Length: 4", "abcd", 500);
    expect(read.status).toBe(200);
    expect(read.headers.connection).toBe("keep-alive");
    expect(JSON.parse(read.body).read).toBe(4);
  });
});

describe("the client address", () => {
  test("is the socket's peer; a client's own header of that name and X-Forwarded-For are not believed", async () => {
    const answer = await raw(`GET /v1/who HTTP/1.1\r\nHost: quire.test\r\nConnection: close\r\n${CLIENT_ADDRESS_HEADER}: 6.6.6.6\r\nX-Forwarded-For: 7.7.7.7`);
    expect(JSON.parse(answer.body).clientAddress).toBe("127.0.0.1");
  });

  test("behind QUIRE_PROXY_HOPS proxies, is read from the right of X-Forwarded-For", () => {
    const request = (forwarded: string | undefined, peer = "::ffff:10.0.0.2") =>
      ({ socket: { remoteAddress: peer }, headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded } }) as unknown as IncomingMessage;
    expect(clientAddressOf(request("7.7.7.7, 203.0.113.9"), 0)).toBe("10.0.0.2");
    expect(clientAddressOf(request("7.7.7.7, 203.0.113.9"), 1)).toBe("203.0.113.9");
    expect(clientAddressOf(request("7.7.7.7, 203.0.113.9, 10.0.0.9"), 2)).toBe("203.0.113.9");
    expect(clientAddressOf(request("2001:db8::1"), 1)).toBe("2001:db8::1");
    // Fewer entries than proxies, or garbage: the request did not come through them; the peer it is.
    expect(clientAddressOf(request(undefined), 1)).toBe("10.0.0.2");
    expect(clientAddressOf(request("203.0.113.9"), 2)).toBe("10.0.0.2");
    expect(clientAddressOf(request("not an address"), 1)).toBe("10.0.0.2");
  });
});
