import { ZodError } from "zod";
import { AppError, asAppError, INTERNAL_ERROR_MESSAGE, sentence, type AppErrorDetails, type FieldErrors } from "../errors";

/**
 * The reference's `Error` envelope; `details` (structured data: the conflicts of a merge, the
 * `fields` a 400 is about) is Quire's addition, which the reference's open `error` object allows.
 */
export type ErrorBody = { error: { code: number; message: string; details?: AppErrorDetails } };

export function errorResponse(status: number, message: string, headers?: Record<string, string>, details?: AppErrorDetails): Response {
  const body: ErrorBody = { error: { code: status, message, ...(details ? { details } : {}) } };
  return Response.json(body, { status, headers });
}

/**
 * A failed validation as a 400: each offending field (its path, or `source` for the input as a
 * whole) in `details.fields` with the bound it broke; the message says the same for people.
 */
export function zodFieldErrors(error: ZodError, source: string): AppError {
  const fields: FieldErrors = {};
  for (const issue of error.issues.slice(0, 3)) {
    const field = issue.path.length ? issue.path.join(".") : source;
    fields[field] ??= sentence(issue.message);
  }
  return new AppError("bad_request", [...new Set(Object.values(fields))].join("; "), { fields });
}

/** Maps anything thrown while serving a request to the error envelope; unknown errors are a logged 500. */
export function responseForError(error: unknown): Response {
  const appError = asAppError(error);
  if (appError) {
    // A 503 says when to come back (server/pdf/browser.ts: the printer is busy or not installed).
    const retryAfter = appError.details?.retryAfterSeconds;
    return errorResponse(appError.status, appError.message, typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : undefined, appError.details);
  }
  if (error instanceof ZodError) return responseForError(zodFieldErrors(error, "input"));
  console.error("Unexpected error while serving /v1:", error);
  return errorResponse(500, INTERNAL_ERROR_MESSAGE);
}
