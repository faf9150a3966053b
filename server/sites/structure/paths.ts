import { z } from "zod";
import { fieldError } from "../../errors";
import { PATH_MAX, PATH_PATTERN } from "./bounds";

/**
 * Paths of sections and site spaces: one URL segment each (`<site>/<section>/<site space>`),
 * so lowercase letters, digits and `-`, 1 to 100 characters, unique among siblings.
 */

export { PATH_MAX };

/** The path field of bodies (reference: SiteSectionPath, SiteSpacePath), with a message naming the rule. */
export const sitePathSchema = z
  .string()
  .min(1)
  .max(PATH_MAX)
  .regex(PATH_PATTERN, "must be lowercase letters, digits and '-' only");

/** A URL-safe path made from a title: accents dropped, anything else between words becomes one `-`. */
export function slugify(title: string, fallback: string): string {
  const slug = title
    .slice(0, 500)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, PATH_MAX)
    .replace(/-+$/, "");
  return slug || fallback;
}

/** `base`, else `base-2`, `base-3`…: the first not taken among the siblings, within the length bound. */
export function uniquePath(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, PATH_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** 400 when a path chosen by the caller is already a sibling's, naming the field. */
export function assertPathFree(path: string, taken: ReadonlySet<string>, field: string): void {
  if (taken.has(path)) {
    throw fieldError(field, `'${path}' is already the path of another item at this level.`);
  }
}
