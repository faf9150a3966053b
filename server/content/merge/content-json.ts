/**
 * JSON of a document's node as content: object fields in order (equal values, equal strings,
 * however they were built), leaving out what is not content: node keys (a block rewritten with
 * another key still says the same) and `meta` (heading anchors, derived from the text).
 */
export function contentJson(value: unknown): string {
  return JSON.stringify(value, (name, item: unknown) => {
    if (name === "key" || name === "meta") return undefined;
    if (!item || typeof item !== "object" || Array.isArray(item)) return item;
    return Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}
