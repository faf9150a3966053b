import { SLUG_MAX } from "../schemas-content";

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

/** `wanted`, or `wanted-2`, `wanted-3`… : the first one no sibling uses. */
export function uniqueSlug(wanted: string, taken: ReadonlySet<string>): string {
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = wanted.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, "") + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}
