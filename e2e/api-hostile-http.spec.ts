import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import { MAX_BODY_BYTES } from "../server/http/read-body";
import { seededAdmin } from "./helpers";

/**
 * Requests no browser sends, written byte by byte to the production server: endless chunked
 * bodies, malformed escapes, unserved methods. Answers must come at once, in the JSON envelope
 * where the route speaks JSON, and the server's memory must not follow the bytes sent.
 */

const port = Number(process.env.QUIRE_E2E_PORT);
const MB = 1024 * 1024;
let token: string;
let sessionCookie: string;
let serverPid: string;

test.beforeAll(async () => {
  token = execFileSync("npm", ["run", "--silent", "token", "--", seededAdmin.email], {
    encoding: "utf8",
    env: { ...process.env, QUIRE_DATA_DIR: process.env.QUIRE_E2E_DATA_DIR },
  }).trim();
  sessionCookie = (await signIn(seededAdmin.email, seededAdmin.password)).sessionCookie!;
  expect(sessionCookie).toMatch(/^next-auth\.session-token=/);
  // The process listening on the port is the app server (scripts/serve.ts).
  serverPid = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" }).match(/pid=(\d+)/)![1]!;
});

type RawAnswer = { status: number; headers: Record<string, string>; body: string; ms: number; sentBytes: number };

/**
 * Writes a request head, then (with `chunkedBytes`) a chunked body as fast as the server takes it
 * until the answer arrives; resolves when the server closes the connection (or after 20 s).
 */
function rawRequest(head: string, options: { chunkedBytes?: number } = {}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    let text = "";
    let sentBytes = 0;
    socket.on("data", (data) => {
      text += data;
      // The whole body was sent and answered (a refused one the server closes itself).
      if (options.chunkedBytes !== undefined && sentBytes >= options.chunkedBytes) socket.end();
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      const [headText = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = headText.split("\r\n");
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
      let body = rest.join("\r\n\r\n");
      if (headers["transfer-encoding"] === "chunked") body = body.replace(/^[0-9a-f]+\r\n/, "").replace(/\r\n0\r\n(\r\n)?$/, "");
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body, ms: Date.now() - started, sentBytes });
    });
    setTimeout(() => socket.destroy(), 20_000);
    const chunked = options.chunkedBytes !== undefined;
    socket.write(`${head}\r\nHost: localhost:${port}\r\n${chunked ? "Transfer-Encoding: chunked\r\n" : "Connection: close\r\n"}\r\n`);
    if (!chunked) return;
    const chunk = 64 * 1024;
    const frame = Buffer.concat([Buffer.from(`${chunk.toString(16)}\r\n`), Buffer.alloc(chunk, 97), Buffer.from("\r\n")]);
    const pump = () => {
      while (sentBytes < options.chunkedBytes! && !text && !socket.destroyed) {
        sentBytes += chunk;
        if (!socket.write(frame)) return void socket.once("drain", pump);
      }
      if (sentBytes >= options.chunkedBytes! && !text) socket.write("0\r\n\r\n");
    };
    pump();
  });
}

const residentMB = () => Number(readFileSync(`/proc/${serverPid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/)![1]) / 1024;
const envelope = (answer: RawAnswer) => JSON.parse(answer.body) as { error: { code: number; message: string } };

/** next-auth's sign-in as the form makes it: CSRF token, then the credentials callback. */
async function signIn(email: string, password: string): Promise<{ error: string | null; sessionCookie?: string }> {
  const base = `http://localhost:${port}`;
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const cookie = csrf.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const { url } = (await response.json()) as { url: string };
  const sessionCookie = response.headers.getSetCookie().map((value) => value.split(";")[0]!).find((value) => value.startsWith("next-auth.session-token="));
  return { error: new URL(url).searchParams.get("error"), sessionCookie };
}

test("50 MB chunked bodies are refused at once, before authentication where there is none, and the server's memory stays put", async () => {
  const uploads: [string, () => string, number, string][] = [
    ["tRPC without a session", () => "POST /api/trpc/tokens.create HTTP/1.1\r\nContent-Type: application/json", 401, "Sign in first."],
    ["tRPC with a session", () => `POST /api/trpc/tokens.create HTTP/1.1\r\nContent-Type: application/json\r\nCookie: ${sessionCookie}`, 413, `Larger than the limit of ${MB} bytes`],
    ["/v1 with a token, no Content-Length", () => `POST /v1/orgs HTTP/1.1\r\nContent-Type: application/json\r\nAuthorization: Bearer ${token}`, 413, `Larger than the limit of ${MB} bytes`],
    ["/v1 without a token", () => "POST /v1/orgs HTTP/1.1\r\nContent-Type: application/json", 401, "Authentication required: send `Authorization: Bearer <API token>`."],
    ["the sign-in callback", () => "POST /api/auth/callback/credentials HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded", 413, `Larger than the limit of ${16 * 1024} bytes`],
  ];
  // Each route once with a small body first, so that loading its code is not counted as growth.
  for (const [, head] of uploads) await rawRequest(head(), { chunkedBytes: 1024 });
  const before = residentMB();
  for (const [label, head, status, message] of uploads) {
    const answer = await rawRequest(head(), { chunkedBytes: 50 * MB });
    expect(answer.status, label).toBe(status);
    expect(answer.ms, label).toBeLessThan(5_000);
    expect(answer.headers.connection, label).toBe("close");
    expect(answer.sentBytes, label).toBeLessThan(50 * MB);
    const { error } = JSON.parse(answer.body) as { error: { message?: string; json?: { message: string } } };
    expect(error.json?.message ?? error.message, label).toBe(message);
  }
  // 250 MB were offered; a server reading them would have grown by that much.
  expect(residentMB() - before).toBeLessThan(100);
});

test("a declared Content-Length beyond every route's limit is refused before the body is sent", async () => {
  const answer = await rawRequest(`POST /v1/orgs HTTP/1.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${256 * MB}`);
  expect(answer.status).toBe(413);
  expect(envelope(answer)).toEqual({ error: { code: 413, message: `Larger than the limit of ${MAX_BODY_BYTES} bytes`, details: { fields: { body: `Larger than the limit of ${MAX_BODY_BYTES} bytes` } } } });
});

test("malformed percent-escapes: 400 on every route, with or without credentials; the JSON envelope where the route speaks JSON", async () => {
  const escapes = ["%FF", "%zz", "%", "%ED%A0%80"];
  const credentials = ["", `\r\nAuthorization: Bearer ${token}`, `\r\nCookie: ${sessionCookie}`];
  for (const prefix of ["/v1/orgs/", "/files/space/", "/pdf/", "/api/trpc/"]) {
    for (const escape of escapes) {
      for (const credential of credentials) {
        const answer = await rawRequest(`GET ${prefix}${escape} HTTP/1.1${credential}`);
        expect(answer.status, `${prefix}${escape}`).toBe(400);
        expect(answer.headers["content-type"]).toBe("application/json");
        expect(envelope(answer)).toEqual({ error: { code: 400, message: "Malformed percent-escape", details: { fields: { path: "Malformed percent-escape" } } } });
      }
    }
  }
  for (const page of ["/o/%FF", "/login%zz", "/o/x/s/%ED%A0%80", "/%"]) {
    const answer = await rawRequest(`GET ${page} HTTP/1.1\r\nCookie: ${sessionCookie}`);
    expect(answer.status, page).toBe(400);
    expect(answer.body).toBe("Malformed percent-escape\n");
  }
});

test("escaped control characters never reach the database: /files/%00/abc, /v1 paths; a NUL in a query is a 400 naming the parameter", async () => {
  for (const target of ["/files/%00/abc", "/v1/orgs/%00", "/v1/spaces/a%0Ab"]) {
    const answer = await rawRequest(`GET ${target} HTTP/1.1\r\nAuthorization: Bearer ${token}`);
    expect(answer.status, target).toBe(400);
    expect(envelope(answer)).toEqual({ error: { code: 400, message: "Escaped control character", details: { fields: { path: "Escaped control character" } } } });
  }
  const query = await rawRequest(`GET /v1/orgs?page=%00 HTTP/1.1\r\nAuthorization: Bearer ${token}`);
  expect(query.status).toBe(400);
  expect(envelope(query).error).toMatchObject({ details: { fields: { page: expect.any(String) } } });
});

test("TRACE is refused with 405 on /v1 and elsewhere; an unknown method is a 400 from the parser, in the envelope", async () => {
  for (const target of ["/v1/orgs", "/v1/user", "/api/trpc/tokens.list"]) {
    const answer = await rawRequest(`TRACE ${target} HTTP/1.1\r\nAuthorization: Bearer ${token}`);
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    expect(envelope(answer)).toEqual({ error: { code: 405, message: "TRACE is not allowed." } });
  }
  expect((await rawRequest("TRACE / HTTP/1.1")).body).toBe("TRACE is not allowed.\n");
  const unknown = await rawRequest(`FOO /v1/orgs HTTP/1.1\r\nAuthorization: Bearer ${token}`);
  expect(unknown.status).toBe(400);
  expect(envelope(unknown)).toEqual({ error: { code: 400, message: "Malformed HTTP request: unknown method." } });
});

test("a tRPC batch holds at most 20 calls", async ({ request }) => {
  const batch = (calls: number) => `/api/trpc/${Array.from({ length: calls }, () => "tokens.list").join(",")}?batch=1&input=%7B%7D`;
  const refused = await request.get(batch(100), { headers: { cookie: sessionCookie } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.json.message).toBe("batch: at most 20 calls per request, not 100");
  const accepted = await request.get(batch(20), { headers: { cookie: sessionCookie } });
  expect(accepted.status()).toBe(200);
  expect(await accepted.json()).toHaveLength(20);
});

test("sign-in is throttled: the fifth wrong password locks the email, and says when to try again", async () => {
  const email = `nobody-${Date.now()}@example.test`;
  for (let i = 0; i < 4; i++) expect((await signIn(email, "wrong")).error).toBe("CredentialsSignin");
  expect((await signIn(email, "wrong")).error).toBe("Too many failed sign-ins for this account. Try again in 15 minutes.");
  expect((await signIn(email, "wrong")).error).toBe("Too many failed sign-ins for this account. Try again in 15 minutes.");
});
