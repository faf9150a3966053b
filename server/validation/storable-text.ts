import { fieldError, type AppError } from "../errors";

const UNPAIRED_SURROGATE = /\p{Surrogate}/u;

/** A value met in the walk, with how it was reached: its key and the entry it is in (paths are built only for a value found wanting). */
type Entry = { value: unknown; key: string; parent: Entry | null };

/**
 * The first string that PostgreSQL cannot store (U+0000) or would store altered (an unpaired
 * surrogate becomes U+FFFD), in the parsed input: what the schema dropped is not looked at.
 * Iterative, so that no depth of input can exhaust the stack, and linear in the input's size
 * (copying the path at every level would be quadratic in its depth).
 */
export function findUnstorableText(value: unknown): { path: string[]; problem: string } | null {
  const pending: Entry[] = [{ value, key: "", parent: null }];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    if (typeof entry.value === "string") {
      if (entry.value.includes("\u0000")) return { path: pathOf(entry), problem: "Must not contain the NUL character (\\u0000)" };
      if (UNPAIRED_SURROGATE.test(entry.value)) return { path: pathOf(entry), problem: "Must be valid Unicode (unpaired surrogate)" };
    } else if (entry.value !== null && typeof entry.value === "object") {
      // Reversed onto the stack, so that the first offending field in document order is the one named.
      for (const [key, child] of Object.entries(entry.value).reverse()) pending.push({ value: child, key, parent: entry });
    }
  }
  return null;
}

/** Unstorable text as a 400 about its field (`source`, the body or the input, when it is the whole value). */
export function unstorableTextError(bad: { path: string[]; problem: string }, source: string): AppError {
  return fieldError(bad.path.length ? bad.path.join(".") : source, bad.problem);
}

function pathOf(entry: Entry): string[] {
  const path: string[] = [];
  for (let at: Entry | null = entry; at?.parent; at = at.parent) path.push(at.key);
  return path.reverse();
}
