import { ZodError } from "zod";
import { asAppError, INTERNAL_ERROR_MESSAGE, type AppErrorDetails } from "../errors";

/** The reference's `Error` envelope; `details` (structured data, e.g. the conflicts of a merge) is Quire's addition. */
export type ErrorBody = { error: { code: number; message: string; details?: AppErrorDetails } };

export function errorResponse(status: number, message: string, headers?: Record<string, string>, details?: AppErrorDetails): Response {
  const body: ErrorBody = { error: { code: status, message, ...(details ? { details } : {}) } };
  return Response.json(body, { status, headers });
}

/** Names the offending field and the bound it broke, e.g. `title: Too big: expected string to have <=50 characters`. */
export function describeZodError(error: ZodError, source: string): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join(".") : source}: ${issue.message}`)
    .join("; ");
}

/** Maps anything thrown while serving a request to the error envelope; unknown errors are a logged 500. */
export function responseForError(error: unknown): Response {
  const appError = asAppError(error);
  if (appError) {
    // A 503 says when to come back (server/pdf/browser.ts: the printer is busy or not installed).
    const retryAfter = appError.details?.retryAfterSeconds;
    return errorResponse(appError.status, appError.message, typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : undefined, appError.details);
  }
  if (error instanceof ZodError) return errorResponse(400, describeZodError(error, "input"));
  console.error("Unexpected error while serving /v1:", error);
  return errorResponse(500, INTERNAL_ERROR_MESSAGE);
}
