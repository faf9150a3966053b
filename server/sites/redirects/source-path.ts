/**
 * The reference's SiteRedirectSourcePath, checked by a linear scanner rather than its regular
 * expression (whose lookaheads run over user input): `/` then one or more segments separated by
 * single slashes, each made of unreserved characters (`A-Z a-z 0-9 - . _ ~ +`) or percent-escapes
 * (`%` and two hex digits); optionally ending in `*` (a prefix) or `/*` (everything under a path),
 * the star being the last character and never the first after the leading slash. At most 512.
 */

export const MAX_SOURCE_LENGTH = 512;

const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const isUnreserved = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 /* - */ || c === 46 /* . */ || c === 95 /* _ */ || c === 126 /* ~ */ || c === 43; /* + */

/** Why `source` is not a redirect source path, or null when it is one. */
export function sourcePathProblem(source: string): string | null {
  if (source.length > MAX_SOURCE_LENGTH) return `must be at most ${MAX_SOURCE_LENGTH} characters`;
  if (source.charCodeAt(0) !== 47) return "must start with /";
  let end = source.length;
  if (source.endsWith("*")) {
    end -= 1;
    if (source.charCodeAt(end - 1) === 47) end -= 1; // "/*"
  }
  if (end <= 1) return "must name a path after / (a lone * is not a source)";
  let segmentLength = 0;
  for (let i = 1; i < end; i++) {
    const c = source.charCodeAt(i);
    if (c === 47) {
      if (segmentLength === 0) return "must not contain empty segments (//) or end with /";
      segmentLength = 0;
    } else if (c === 37 /* % */) {
      if (i + 2 >= end || !isHex(source.charCodeAt(i + 1)) || !isHex(source.charCodeAt(i + 2))) return "must use % only before two hex digits";
      i += 2;
      segmentLength++;
    } else if (isUnreserved(c)) segmentLength++;
    else if (c === 42 /* * */) return "may have * only as its last character";
    else return `must not contain ${JSON.stringify(source[i])} (letters, digits, - . _ ~ + and %-escapes only)`;
  }
  if (segmentLength === 0) return "must not end with /";
  return null;
}

/**
 * The sources that may match a visited path, most specific first: the path itself, then each of its
 * prefixes followed by `*` from the longest (`/a/*` is the prefix `/a/` and its star, so it matches
 * what is under `/a/`; `/a*` matches `/a`, `/ab` and `/a/b`).
 */
export function candidateSources(path: string): string[] {
  const candidates = [path];
  for (let length = path.length; length >= 2; length--) candidates.push(`${path.slice(0, length)}*`);
  return candidates;
}
