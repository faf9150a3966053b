import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { AppErrorDetails } from "../errors";
import { CLIENT_ADDRESS_HEADER, clientAddressOf } from "./client-address";
import { bodyTooLarge, MAX_BODY_BYTES } from "./read-body";

/**
 * What the app server does with a request before Next.js sees it: it answers the requests
 * Next.js would answer with a plain-text 500 or an empty 400 (malformed targets, methods no route
 * serves, bodies larger than any route reads), records who sent it, and makes sure a connection
 * whose request body was left unread is closed after the answer. Under the JSON routes (`/v1`,
 * `/api`, `/files`, `/pdf`) answers are the API's error envelope; elsewhere a short plain-text
 * page. Everything here is linear in the request line.
 */

/** How long a request (headers and body) may take to arrive; Node checks every 30 s and answers 408. */
const REQUEST_TIMEOUT_MS = 60_000;
/** How long a connection stays half-closed after an answer that left the request body unread. */
const LINGER_MS = 2_000;

/**
 * An HTTP server that guards every request before handing it to `serve`: the app server runs
 * Next.js behind it (scripts/serve.ts), and tests run the /v1 router behind the same guard.
 */
export function createGuardedServer(serve: (req: IncomingMessage, res: ServerResponse) => void): Server {
  const server = createServer((req, res) => {
    if (!guardRequest(req, res)) serve(req, res);
  });
  // `Expect: 100-continue`: a refused request (a declared body too large, a malformed path) is
  // answered before the client sends its body.
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    if (guardRequest(req, res)) return;
    res.writeContinue();
    serve(req, res);
  });
  server.on("connect", answerConnect);
  server.on("clientError", answerClientError);
  // A client trickling bytes holds a connection for this long at most.
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  return server;
}

/** The methods any route serves; others (TRACE, CONNECT, extension methods) are refused everywhere. */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Prepares the request for Next.js, or answers it when it is malformed and returns true. */
function guardRequest(req: IncomingMessage, res: ServerResponse): boolean {
  closeWhenBodyUnread(req, res);
  req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(req);
  return screenRequest(req, res);
}

/** Answers the request when it is malformed and returns true; returns false to let Next.js serve it. */
function screenRequest(req: IncomingMessage, res: ServerResponse): boolean {
  const target = req.url ?? "/";
  const queryAt = target.indexOf("?");
  const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
  const json = isJsonPath(rawPath);
  if (!SERVED_METHODS.has(req.method ?? "")) {
    answer(res, 405, `${req.method} is not allowed.`, json, { Allow: [...SERVED_METHODS].join(", ") });
    return true;
  }
  const problem = pathProblem(rawPath);
  if (problem) {
    answer(res, 400, problem, json, {}, { fields: { path: problem } });
    return true;
  }
  if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) {
    // Larger than any route reads: refused before a byte of it is read.
    const tooLarge = bodyTooLarge(MAX_BODY_BYTES);
    answer(res, 413, tooLarge.message, json, {}, tooLarge.details);
    return true;
  }
  return false;
}

/**
 * Why a raw request path cannot be served, or null: escapes must decode to UTF-8 text without
 * control characters. Answered as a field error about `path`: which parameter of which route is
 * not known here, and Next.js cannot be given the path to find out.
 */
export function pathProblem(rawPath: string): string | null {
  if (!rawPath.startsWith("/")) return "Must be an absolute path";
  if (!rawPath.includes("%")) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return "Malformed percent-escape";
  }
  // Control characters (NUL among them) never name anything, and PostgreSQL refuses NUL in text.
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return "Escaped control character";
  return null;
}

/**
 * A response sent before its request's body was read whole (a 413, a 401 before an upload, a page
 * that ignores a body) closes the connection: the rest of the body is never read, so the
 * connection cannot carry another request, and reading it to the end would let a client hold
 * the server busy with bytes nobody wants.
 */
function closeWhenBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!req.complete) {
      res.shouldKeepAlive = false;
      lingerBeforeClosing(req.socket);
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

/**
 * A socket closed while the client's bytes wait unread makes the kernel reset the connection,
 * which can discard the answer before the client has read it (a client busy sending its body
 * reads late). So after such an answer the server only half-closes, and closes for good when the
 * client does or after LINGER_MS, reading nothing more meanwhile (the body stays unread).
 */
function lingerBeforeClosing(socket: Socket): void {
  // Node's HTTP server ends a `Connection: close` exchange with `destroySoon`: end, then destroy at once.
  (socket as Socket & { destroySoon: () => void }).destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once("close", () => clearTimeout(timer));
  };
}

/** Node's HTTP parser refused the request (bad framing, unknown method, oversized headers, too slow): answer, then close. */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  if (error.code === "HPE_HEADER_OVERFLOW") return answerSocket(socket, 431, "Request Header Fields Too Large", "Request headers too large.");
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return answerSocket(socket, 408, "Request Timeout", "The request was not received in time.");
  if (error.code === "HPE_INVALID_METHOD") return answerSocket(socket, 400, "Bad Request", "Malformed HTTP request: unknown method.");
  answerSocket(socket, 400, "Bad Request", "Malformed HTTP request.");
}

/** CONNECT requests reach the server's `connect` event, not its request handler: refused like other unserved methods. */
function answerConnect(_req: IncomingMessage, socket: Duplex): void {
  answerSocket(socket, 405, "Method Not Allowed", "CONNECT is not allowed.", `Allow: ${[...SERVED_METHODS].join(", ")}\r\n`);
}

/** An answer written on the socket itself (no request object to answer through), then the connection closed. */
function answerSocket(socket: Duplex, status: number, reason: string, message: string, extraHeaders = ""): void {
  const body = JSON.stringify({ error: { code: status, message } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n${extraHeaders}` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Routes whose own answers are JSON: the guard answers them in the error envelope too. */
function isJsonPath(rawPath: string): boolean {
  return /^\/(v1|api|files|pdf)(\/|$)/.test(rawPath);
}

function answer(res: ServerResponse, status: number, message: string, json: boolean, headers: Record<string, string> = {}, details?: AppErrorDetails): void {
  const body = json ? JSON.stringify({ error: { code: status, message, ...(details ? { details } : {}) } }) : `${message}\n`;
  res.writeHead(status, {
    ...headers,
    "Content-Type": json ? "application/json" : "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
  });
  res.end(body);
}
