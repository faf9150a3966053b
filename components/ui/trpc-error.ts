const GENERIC = "Something went wrong. Please try again.";
const UNREACHABLE = "Quire could not be reached. Check your connection, then try again.";
const NO_ANSWER = "Quire did not answer as expected. Please try again.";

// A field named first: "url: 127.0.0.1 is a private or reserved address".
const FIELD_PREFIX = /^([a-z][A-Za-z0-9_.]*): (.+)$/s;

/** What the server said, as sent (with the field it names first): for forms that place it beside that field. */
export function serverMessage(error: unknown): string | undefined {
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string" && error.message) return error.message;
  return undefined;
}

/**
 * A message for people about a failed call: the service layer's own message without the field it
 * names first; a call that never reached the server or got no proper answer (offline, a cut batch)
 * says so instead of the browser's "Failed to fetch" or tRPC's "Missing result".
 */
export function errorMessage(error: unknown): string {
  const message = serverMessage(error);
  if (!message) return GENERIC;
  if (isTransportFailure(error)) {
    const offline = typeof navigator !== "undefined" && navigator.onLine === false;
    return offline || /fetch|network|load failed/i.test(message) ? UNREACHABLE : NO_ANSWER;
  }
  return readableMessage(message);
}

/** A server message for people: without the field name it starts with, capitalized ("url: bad host" → "Bad host"). */
export function readableMessage(message: string): string {
  const text = FIELD_PREFIX.exec(message)?.[2] ?? message;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Which of a form's fields a failed call is about (the services name it first), with the rest of the
 * message for beside it; otherwise no field and the message for people.
 */
export function fieldFailure<Field extends string>(error: unknown, fields: readonly Field[]): { field: Field | null; text: string } {
  const match = FIELD_PREFIX.exec(serverMessage(error) ?? "");
  if (match && !isTransportFailure(error) && fields.includes(match[1] as Field)) return { field: match[1] as Field, text: match[2]! };
  return { field: null, text: errorMessage(error) };
}

/**
 * The part of a server message that concerns `field`, for showing beside it: the services name the
 * field a 400 is about first (`password: must be at least 8 characters`).
 */
export function fieldMessage(message: string | undefined, field: string): string | undefined {
  return message?.startsWith(`${field}: `) ? message.slice(field.length + 2) : undefined;
}

// A tRPC error the server answered carries its error shape (`data`); one without never got an answer.
function isTransportFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return error instanceof Error && error.name === "TRPCClientError" && !("data" in error && error.data);
}
