const GENERIC = "Something went wrong. Please try again.";
const UNREACHABLE = "Quire could not be reached. Check your connection, then try again.";
const NO_ANSWER = "Quire did not answer as expected. Please try again.";

/** What the server said, for people. */
function serverMessage(error: unknown): string | undefined {
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string" && error.message) return error.message;
  return undefined;
}

/**
 * A message for people about a failed call: the service layer's own; a call that never reached the
 * server or got no proper answer (offline, a cut batch) says so instead of the browser's "Failed to
 * fetch" or tRPC's "Missing result".
 */
export function errorMessage(error: unknown): string {
  const message = serverMessage(error);
  if (!message) return GENERIC;
  if (isTransportFailure(error)) {
    const offline = typeof navigator !== "undefined" && navigator.onLine === false;
    return offline || /fetch|network|load failed/i.test(message) ? UNREACHABLE : NO_ANSWER;
  }
  return message;
}

/**
 * The fields a refused call is about, each with its message (the server's `details.fields`, which
 * tRPC answers in `error.data.details`): for forms that show each beside its field.
 */
export function fieldErrors(error: unknown): Partial<Record<string, string>> {
  const fields = (error as { data?: { details?: { fields?: unknown } } } | null)?.data?.details?.fields;
  if (!fields || typeof fields !== "object") return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

/** A refusal from one of Quire's own JSON routes (`{ error: { message, details } }`), read like a tRPC error by `fieldErrors` and `errorMessage`. */
export class RouteRefusal extends Error {
  readonly data: { details?: unknown };
  constructor(answer: { message: string; details?: unknown }) {
    super(answer.message);
    this.name = "RouteRefusal";
    this.data = { details: answer.details };
  }
}

/** Which of a form's fields a failed call is about, with its message; otherwise no field and the message for people. */
export function fieldFailure<Field extends string>(error: unknown, fields: readonly Field[]): { field: Field | null; text: string } {
  const named = fieldErrors(error);
  const field = fields.find((candidate) => named[candidate] !== undefined);
  return field ? { field, text: named[field]! } : { field: null, text: errorMessage(error) };
}

// A tRPC error the server answered carries its error shape (`data`); one without never got an answer.
function isTransportFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return error instanceof Error && error.name === "TRPCClientError" && !("data" in error && error.data);
}
