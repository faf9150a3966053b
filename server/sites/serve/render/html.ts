/**
 * HTML written as strings: every value from content, customization or the request goes through
 * `esc` (text and attribute values alike), so no title, link or setting can open a tag.
 */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const esc = (value: unknown): string => String(value ?? "").replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** Attributes from a map: `false`/null/undefined leave one out, `true` writes it bare. */
export function attrs(values: Record<string, string | number | boolean | null | undefined>): string {
  let out = "";
  for (const [name, value] of Object.entries(values)) {
    if (value === false || value === null || value === undefined) continue;
    out += value === true ? ` ${name}` : ` ${name}="${esc(value)}"`;
  }
  return out;
}
