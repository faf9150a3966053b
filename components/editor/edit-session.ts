/**
 * A random id for one editor opening (an editing session): its saves are one history entry of a
 * live edit, and one audit entry of a change request's autosaves. `crypto.getRandomValues` works
 * where `randomUUID` does not (plain http).
 */
export function newEditSession(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
