import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError } from "zod";
import type { Actor } from "../auth/actor";
import { describeZodError } from "../api/errors";
import { asAppError, type AppErrorCode } from "../errors";

export type TrpcContext = { actor: Actor | null; baseUrl: string };

const t = initTRPC.context<TrpcContext>().create({ transformer: superjson });

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
};

const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    const appError = asAppError(cause);
    if (appError) throw new TRPCError({ code: trpcCodeOf[appError.code], message: appError.message });
    if (cause instanceof ZodError) throw new TRPCError({ code: "BAD_REQUEST", message: describeZodError(cause, "input") });
    if (result.error.code === "INTERNAL_SERVER_ERROR") console.error("Unexpected error in tRPC procedure:", cause ?? result.error);
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Procedures for signed-in users; `ctx` is then the ServiceContext the service layer takes. */
export const protectedProcedure = t.procedure.use(mapErrors).use(({ ctx, next }) => {
  if (!ctx.actor) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in first." });
  return next({ ctx: { actor: ctx.actor, baseUrl: ctx.baseUrl } });
});
