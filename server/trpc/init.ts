import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError } from "zod";
import type { Actor } from "../auth/actor";
import { zodFieldErrors } from "../api/errors";
import { urlsFor } from "../http/urls";
import { AppError, asAppError, INTERNAL_ERROR_MESSAGE, type AppErrorCode } from "../errors";
import { findUnstorableText, unstorableTextError } from "../validation/storable-text";

/** `clientAddress`: the browser's address as the request guard found it, for throttling password checks. */
export type TrpcContext = { actor: Actor | null; baseUrl: string; clientAddress?: string };

const t = initTRPC.context<TrpcContext>().create({
  transformer: superjson,
  /**
   * What the browser learns of a failure, as on /v1: an AppError's message and `details`
   * (`data.details`: a merge's conflicts, the `fields` a 400 is about, which forms show beside
   * them); anything unexpected only as "Internal error.", logged here in full, since its message
   * and stack (a database's, say) are not for users.
   */
  errorFormatter({ shape, error, path }) {
    if (error.code === "INTERNAL_SERVER_ERROR") {
      console.error(`Unexpected error in tRPC procedure ${path ?? "(unknown)"}:`, error.cause ?? error);
      const { stack: _stack, ...data } = shape.data;
      return { ...shape, message: INTERNAL_ERROR_MESSAGE, data: { ...data, details: undefined } };
    }
    const details = error.cause instanceof AppError ? error.cause.details : undefined;
    return { ...shape, data: { ...shape.data, details } };
  },
});

/** AppError codes as tRPC codes: the same table of outcomes as the REST error envelope. */
const trpcCodeOf: Record<AppErrorCode, TRPCError["code"]> = {
  bad_request: "BAD_REQUEST",
  unauthorized: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  not_found: "NOT_FOUND",
  method_not_allowed: "METHOD_NOT_SUPPORTED",
  conflict: "CONFLICT",
  precondition_failed: "PRECONDITION_FAILED",
  payload_too_large: "PAYLOAD_TOO_LARGE",
  unsupported_media_type: "UNSUPPORTED_MEDIA_TYPE",
  unavailable: "SERVICE_UNAVAILABLE",
};

const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    const appError = cause instanceof ZodError ? zodFieldErrors(cause, "input") : asAppError(cause);
    if (appError) throw new TRPCError({ code: trpcCodeOf[appError.code], message: appError.message, cause: appError });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Procedures for signed-in users; `ctx` is then the ServiceContext the service layer takes. */
/** Text PostgreSQL cannot store faithfully is refused as bad input, as on /v1 (server/api/router.ts). */
const refuseUnstorableText = t.middleware(async ({ getRawInput, next }) => {
  const bad = findUnstorableText(await getRawInput());
  if (bad) {
    const appError = unstorableTextError(bad, "input");
    throw new TRPCError({ code: "BAD_REQUEST", message: appError.message, cause: appError });
  }
  return next();
});

export const protectedProcedure = t.procedure.use(mapErrors).use(refuseUnstorableText).use(({ ctx, next }) => {
  if (!ctx.actor) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in first." });
  // `urls`: the request's URL builder, for the procedures presenting what services return.
  return next({ ctx: { actor: ctx.actor, urls: urlsFor(ctx.baseUrl), clientAddress: ctx.clientAddress ?? "unknown" } });
});
