import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { v1Router } from "../../server/api/v1";
import { createGuardedServer } from "../../server/http/request-guard";
import { assertConforms, assertConformsToSchema, hasReferenceOperation } from "./conformance";

/**
 * Serves the real /v1 router over HTTP on loopback, behind the app server's request guard and with
 * the body streamed as Next.js streams it, so tests (and the official client) speak HTTP to the
 * same code the app server runs, without a production build.
 */
export async function startApiServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createGuardedServer(async (req, res) => {
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
      duplex: "half",
    } as RequestInit);
    const response = await v1Router.handle(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers };

/**
 * A small HTTP client for tests. Every answer is checked against the reference document
 * for its operation and status, so conformance is tested by every test that calls the API.
 */
export function apiClient(baseUrl: string, token?: string) {
  async function call(method: string, path: string, options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...options.headers };
    let payload: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers["Content-Type"] = "application/json";
    }
    const response = await fetch(baseUrl + path, { method, headers, body: payload });
    const text = await response.text();
    const body = text ? JSON.parse(text) : undefined;
    checkConformance(method, path, response.status, body);
    return { status: response.status, body, headers: response.headers };
  }
  return {
    get: (path: string) => call("GET", path),
    post: (path: string, body?: unknown) => call("POST", path, { body }),
    patch: (path: string, body?: unknown) => call("PATCH", path, { body }),
    put: (path: string, body?: unknown) => call("PUT", path, { body }),
    delete: (path: string) => call("DELETE", path),
    raw: call,
  };
}

function checkConformance(method: string, path: string, status: number, body: unknown) {
  const pathname = new URL(path, "http://x").pathname;
  const match = v1Router.match(method, pathname);
  if (status >= 400) {
    // Every error, including unknown paths and methods, uses the envelope.
    assertConformsToSchema("Error", body);
    if ((body as { error: { code: number } }).error.code !== status) throw new Error(`Error code ${JSON.stringify(body)} is not the status ${status}`);
  }
  if (match && "operation" in match && hasReferenceOperation(match.operation.operationId)) {
    if (status === 401 || status === 405) return;
    assertConforms(match.operation.operationId, status, body);
  }
}

/**
 * The fields an error answer names in `details.fields`, written `field: message` (joined by "; "
 * when there are several), for assertions that say which field a 400 is about and why in one line.
 */
export function fieldErrorsOf(body: { error?: { details?: { fields?: Record<string, string> } } }): string {
  const fields = body.error?.details?.fields;
  if (!fields) throw new Error(`The answer names no field: ${JSON.stringify(body).slice(0, 300)}`);
  return Object.entries(fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join("; ");
}
