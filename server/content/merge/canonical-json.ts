/**
 * JSON with object fields in order, so that equal values give equal strings however they were
 * built. `contentJson` also leaves out what is not content: node keys (a block rewritten with
 * another key still says the same) and `meta` (heading anchors, derived from the text).
 */

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, sortedFields);
}

export function contentJson(value: unknown): string {
  return JSON.stringify(value, (name, item: unknown) => (name === "key" || name === "meta" ? undefined : sortedFields(name, item)));
}

function sortedFields(_name: string, item: unknown): unknown {
  if (!item || typeof item !== "object" || Array.isArray(item)) return item;
  return Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
