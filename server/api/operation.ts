import type { z } from "zod";
import type { Actor } from "../auth/actor";
import type { Urls } from "../http/urls";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type OperationContext<Params, Query, Body> = {
  actor: Actor;
  params: Params;
  query: Query;
  body: Body;
  /** The URLs answers show, on the configured public URL or the request's origin: handlers present what services return with it. */
  urls: Urls;
};

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * One /v1 operation: its reference operationId, path template, input schemas and handler.
 * The router applies authentication, validation, the error envelope and the success status.
 */
export type Operation<P extends Schema | undefined = Schema | undefined, Q extends Schema | undefined = Schema | undefined, B extends Schema | undefined = Schema | undefined> = {
  operationId: string;
  method: HttpMethod;
  /** Path template as in the reference document, e.g. `/v1/spaces/{spaceId}`. */
  path: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The largest body it reads, when not `BODY_LIMITS.api` (server/http/read-body.ts). */
  bodyLimit?: number;
  /** Success status: 200 by default; 204 and 205 (where the reference says so) answer with an empty body. */
  status?: 200 | 201 | 204 | 205;
  /** The success status decided by the result, where the reference answers two (e.g. 204 "did not exist", 205 "removed"). */
  statusOf?: (result: never) => 200 | 201 | 204 | 205;
  handler: (context: OperationContext<Out<P>, Out<Q>, Out<B>>) => Promise<unknown>;
};

/** Declares an operation with its types inferred from the schemas. */
export function defineOperation<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  operation: Operation<P, Q, B>,
): Operation {
  return operation as unknown as Operation;
}
