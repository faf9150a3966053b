/** A readable message for a failed tRPC call (the service layer's message when there is one). */
export function errorMessage(error: unknown): string {
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string" && error.message) return error.message;
  return "Something went wrong. Please try again.";
}

/**
 * The part of a server message that concerns `field`, for showing beside it: the services name the
 * field a 400 is about first (`password: must be at least 8 characters`).
 */
export function fieldMessage(message: string | undefined, field: string): string | undefined {
  return message?.startsWith(`${field}: `) ? message.slice(field.length + 2) : undefined;
}
