/** The longest slug (schemas-content.ts checks slugs against it). Here, so that the editor can use these rules without the schemas. */
export const SLUG_MAX = 100;

/** A slug from a title: lowercase letters and digits joined by dashes ("Getting started!" → "getting-started"). */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{Ll}\p{Lo}\p{Lm}\p{N}]+/gu, "-")
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, "");
  return slug || "page";
}

/** `wanted` with the number `n` (2, 3…), within the longest slug. */
const numbered = (wanted: string, n: number) => wanted.slice(0, SLUG_MAX - `-${n}`.length).replace(/-+$/, "") + `-${n}`;

/** `wanted`, or `wanted-2`, `wanted-3`… : the first one no sibling uses. */
export function uniqueSlug(wanted: string, taken: ReadonlySet<string>): string {
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const candidate = numbered(wanted, n);
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Whether a page's slug is the one its title gives (or that with a `-2`, `-3`… a sibling made it
 * take): such a slug follows the title, and the editor has it derived again when the title
 * changes (`slug: ""`); a slug set by hand stays.
 */
export function slugFollowsTitle(slug: string, title: string): boolean {
  const derived = slugify(title);
  const n = Number(/-(\d+)$/.exec(slug)?.[1]);
  return slug === derived || (n >= 2 && slug === numbered(derived, n));
}
