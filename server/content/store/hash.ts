import { createHash } from "node:crypto";

/** JSON with object keys sorted, so equal values always serialize (and hash) the same way. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
