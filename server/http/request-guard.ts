import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

/**
 * What the app server answers itself, before Next.js sees a request: requests Next.js would
 * answer with a plain-text 500 or an empty 400. Under `/v1` the answer is the API's error
 * envelope; elsewhere a short plain-text page. Everything here is linear in the request line.
 */

/** The methods any route serves; others (TRACE, CONNECT, extension methods) are refused everywhere. */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Answers the request when it is malformed and returns true; returns false to let Next.js serve it. */
export function screenRequest(req: IncomingMessage, res: ServerResponse): boolean {
  const target = req.url ?? "/";
  const queryAt = target.indexOf("?");
  const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
  const api = isApiPath(rawPath);
  if (!SERVED_METHODS.has(req.method ?? "")) {
    answer(res, 405, `${req.method} is not allowed.`, api, { Allow: [...SERVED_METHODS].join(", ") });
    return true;
  }
  const problem = pathProblem(rawPath);
  if (problem) {
    answer(res, 400, problem, api);
    return true;
  }
  return false;
}

/** Why a raw request path cannot be served, or null: escapes must decode to UTF-8 text without control characters. */
export function pathProblem(rawPath: string): string | null {
  if (!rawPath.startsWith("/")) return "The request target must be an absolute path.";
  if (!rawPath.includes("%")) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return "The path has a malformed percent-escape.";
  }
  // Control characters (NUL among them) never name anything, and PostgreSQL refuses NUL in text.
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return "The path has an escaped control character.";
  return null;
}

/** Node's HTTP parser refused the request (bad framing, unknown method, oversized headers): answer, then close. */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({ error: { code: status, message: tooLarge ? "Request headers too large." : "Malformed HTTP request." } });
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? "Request Header Fields Too Large" : "Bad Request"}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function isApiPath(rawPath: string): boolean {
  return rawPath === "/v1" || rawPath.startsWith("/v1/");
}

function answer(res: ServerResponse, status: number, message: string, api: boolean, headers: Record<string, string> = {}): void {
  const body = api ? JSON.stringify({ error: { code: status, message } }) : `${message}\n`;
  res.writeHead(status, {
    ...headers,
    "Content-Type": api ? "application/json" : "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
  });
  res.end(body);
}
