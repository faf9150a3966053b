import type { ReactNode } from "react";

/** The words of a query worth marking: letters and digits, two or more. */
function termsOf(query: string): string[] {
  return [...new Set((query.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? []).slice(0, 10))];
}

const escape = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * `text` with the words that start with a query term in <mark>: React elements built from plain
 * strings, so nothing the server sends is ever parsed as HTML. Search matches stems, so marking
 * the words that begin with what was typed finds what it found.
 */
export function Highlighted({ text, query }: { text: string; query: string }): ReactNode {
  const terms = termsOf(query);
  if (terms.length === 0) return text;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.map(escape).join("|")})[\\p{L}\\p{N}]*`, "giu");
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      <mark key={match.index} className="rounded-sm bg-amber-100 px-0.5 text-slate-900">
        {match[0]}
      </mark>,
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
