import { getErrorShape, transformTRPCResponse, TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { requestActor } from "../auth/request-actor";
import { requestContext } from "../context";
import { requestPublicOrigin } from "../http/public-origin";
import { asAppError } from "../errors";
import { requestClientAddress } from "../http/client-address";
import { BODY_LIMITS, readBody } from "../http/read-body";
import { jsonShapeProblem } from "../validation/json-shape";
import { MAX_BATCH_CALLS } from "./limits";
import { appRouter } from "./root";

const ENDPOINT = "/api/trpc";


/**
 * `/api/trpc`: the batch is counted from the URL, the session decided from the cookie, and only
 * then is the body read, up to its limit, and handed to tRPC as bytes. Every procedure needs a
 * session, so a request without one is refused before its body is read.
 */
export async function handleTrpcRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const calls = batchCalls(url);
  // tRPC's own `maxBatchSize` refuses with a message that does not say what the limit is.
  if (calls > MAX_BATCH_CALLS) return errorResponse(new TRPCError({ code: "BAD_REQUEST", message: `batch: at most ${MAX_BATCH_CALLS} calls per request, not ${calls}` }));
  const actor = await requestActor(request.headers, "session");
  if (!actor) return errorResponse(new TRPCError({ code: "UNAUTHORIZED", message: "Sign in first." }));
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (request.method !== "GET" && request.method !== "HEAD") {
    const read = await boundedBody(request);
    if (read instanceof TRPCError) return errorResponse(read);
    body = read;
  }
  return fetchRequestHandler({
    endpoint: ENDPOINT,
    req: new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal }),
    router: appRouter,
    createContext: () => ({ ...requestContext(actor), baseUrl: requestPublicOrigin(request), clientAddress: requestClientAddress(request) }),
  });
}

/**
 * The body within the bounds /v1 applies to its own: its size, read from the stream, then its
 * arrays and objects, counted before tRPC parses it (a megabyte of nested arrays would hold the
 * event loop). Otherwise the error to answer.
 */
export async function boundedBody(request: Request): Promise<Uint8Array<ArrayBuffer> | TRPCError> {
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readBody(request, BODY_LIMITS.trpc);
  } catch (error) {
    const tooLarge = asAppError(error);
    if (!tooLarge) throw error;
    return new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: tooLarge.message });
  }
  const problem = jsonShapeProblem(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("latin1"));
  return problem ? new TRPCError({ code: "BAD_REQUEST", message: problem }) : body;
}

/** How many calls the URL names: tRPC batches `a,b,c` (commas possibly escaped) with `?batch=1`. */
function batchCalls(url: URL): number {
  if (url.searchParams.get("batch") !== "1") return 1;
  return url.pathname.slice(ENDPOINT.length + 1).split(/,|%2c/i).length;
}

/** An error of the whole request, shaped as tRPC shapes them (the client reads it for every call of the batch). */
function errorResponse(error: TRPCError): Response {
  const config = appRouter._def._config;
  const shape = getErrorShape({ config, error, type: "unknown", path: undefined, input: undefined, ctx: undefined });
  return Response.json(transformTRPCResponse(config, { error: shape }), { status: getHTTPStatusCodeFromError(error) });
}
