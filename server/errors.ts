/** The one error type the service layer throws; REST and tRPC map it through the same table. */
export type AppErrorCode = "bad_request" | "unauthorized" | "forbidden" | "not_found" | "method_not_allowed" | "conflict" | "precondition_failed" | "payload_too_large" | "unsupported_media_type" | "unavailable";

export const httpStatusOf: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unavailable: 503,
};

/** All that callers learn of an unexpected error (REST and tRPC alike); the cause is logged on the server. */
export const INTERNAL_ERROR_MESSAGE = "Internal error.";

/** Structured data about an error, for clients to act on; the message is only for people to read. */
export type AppErrorDetails = Record<string, unknown> & { fields?: FieldErrors };

/** Which fields of the input a 400 is about: a field's path (`title`, `changes[0].markdown`) → a message for people. */
export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: AppErrorDetails,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return httpStatusOf[this.code];
  }
}

export const badRequest = (message: string) => new AppError("bad_request", message);
export const notFound = (message: string) => new AppError("not_found", message);
export const forbidden = (message: string) => new AppError("forbidden", message);
export const conflict = (message: string, details?: AppErrorDetails) => new AppError("conflict", message, details);
export const unauthorized = (message: string) => new AppError("unauthorized", message);

/** A message for people from a phrase that may start in lower case ("must be a URL" → "Must be a URL"). */
export function sentence(phrase: string): string {
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/**
 * An error about one field of the input (a 400 unless `code` says otherwise): the message is for
 * people, and `details.fields` names the field with it, so that a form shows it beside that field.
 */
export function fieldError(field: string, message: string, options: { code?: AppErrorCode; details?: AppErrorDetails } = {}): AppError {
  return new AppError(options.code ?? "bad_request", message, { ...options.details, fields: { [field]: message } });
}

/**
 * Normalizes anything thrown by the service layer: known database conflicts become
 * AppErrors; anything else returns null and is treated as an unexpected 500.
 */
export function asAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "P2002") return conflict("A resource with the same unique value already exists.");
  if (code === "P2025") return notFound("The resource no longer exists.");
  return null;
}
