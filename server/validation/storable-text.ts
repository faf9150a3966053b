const UNPAIRED_SURROGATE = /\p{Surrogate}/u;

/**
 * The first string that PostgreSQL cannot store (U+0000) or would store altered (an unpaired
 * surrogate becomes U+FFFD), in the parsed input: what the schema dropped is not looked at.
 * Iterative, so that no depth of input can exhaust the stack.
 */
export function findUnstorableText(value: unknown): { path: string[]; problem: string } | null {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (typeof item.value === "string") {
      if (item.value.includes("\u0000")) return { path: item.path, problem: "must not contain the NUL character (\\u0000)" };
      if (UNPAIRED_SURROGATE.test(item.value)) return { path: item.path, problem: "must be valid Unicode (unpaired surrogate)" };
    } else if (item.value !== null && typeof item.value === "object") {
      // Reversed onto the stack, so that the first offending field in document order is the one named.
      for (const [key, child] of Object.entries(item.value).reverse()) pending.push({ value: child, path: [...item.path, key] });
    }
  }
  return null;
}
