/** A readable message for a failed tRPC call (the service layer's message when there is one). */
export function errorMessage(error: unknown): string {
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string" && error.message) return error.message;
  return "Something went wrong. Please try again.";
}
