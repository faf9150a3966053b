import { childClaims, claimSource, declaredChildren, declaredClaims, describeClaim, schemaRoots } from "./claims";
import type { AdaptiveSchema, ClaimSchema, TemplateCondition } from "./types";

/** What the condition editor suggests: completion as one types, and ready-made conditions. */

export type CompletionOption = {
  /** What the list shows. */
  label: string;
  /** The text that replaces `prefix.slice(from)`. */
  apply: string;
  /** What the claim holds and its description. */
  detail: string;
  kind: "claim" | "method" | "value" | "keyword";
};

export type Completions = { from: number; options: CompletionOption[] };

const MAX_OPTIONS = 100;
const MAX_TEMPLATES = 200;

// Segments after `visitor.claims`, each starting with `.`, `?.` or `[`: unambiguous, so matching is linear.
const CLAIM_AT_END = /^visitor(?:\.|\?\.)claims((?:(?:\.|\?\.)[A-Za-z_$][\w$]*|\[(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\])*)(?:\.|\?\.)([A-Za-z_$][\w$]*)?$/;
const SEGMENT = /(?:\.|\?\.)([A-Za-z_$][\w$]*)|\[("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\]/g;
const COMPARED_AT_END = /^(visitor(?:(?:\.|\?\.)[A-Za-z_$][\w$]*|\[(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\])+)\s*(?:===|!==|==|!=)\s*(["']?)([^"'\\\s()&|=!<>]*)$/;
const WORD_AT_END = /[A-Za-z_$][\w$]*$/;

function parseSegments(text: string): string[] | null {
  const path: string[] = [];
  for (const match of text.matchAll(SEGMENT)) {
    if (match[1] !== undefined) path.push(match[1]);
    else {
      const quoted = match[2]!;
      try {
        path.push(quoted.startsWith("'") ? JSON.parse(`"${quoted.slice(1, -1).replace(/"/g, "\\\"")}"`) : JSON.parse(quoted));
      } catch {
        return null;
      }
    }
  }
  return path;
}

function claimsAt(schema: AdaptiveSchema | readonly AdaptiveSchema[] | null, path: string[]): ClaimSchema[] {
  let nodes = (schemaRoots(schema) ?? []) as ClaimSchema[];
  for (const name of path) nodes = childClaims(nodes.filter((node) => node.type === "object"), name);
  return nodes;
}

function detailOf(claim: ClaimSchema): string {
  return claim.description ? `${describeClaim(claim)} — ${claim.description}` : describeClaim(claim);
}

/** Where the last `visitor` that starts a claim reference begins (not one inside a longer name), or -1. */
function lastVisitorAt(text: string): number {
  let at = text.lastIndexOf("visitor");
  while (at > 0 && /[\w$.]/.test(text[at - 1]!)) at = text.lastIndexOf("visitor", at - 1);
  return at;
}

/** The part of a claim reference after the dot: a name, or `["…"]` (with its dot removed) for others. */
function memberText(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : `[${JSON.stringify(name)}]`;
}

/**
 * Suggestions for the text before the cursor: claim names after `visitor.claims.…`, `includes` on
 * lists and text, the values of a claim after `===`, and whole claim references for a word being typed.
 */
export function conditionCompletions(schema: AdaptiveSchema | readonly AdaptiveSchema[] | null, prefix: string): Completions {
  const text = prefix.slice(-1024);
  const offset = prefix.length - text.length;
  const visitorAt = lastVisitorAt(text);

  const compared = visitorAt >= 0 ? COMPARED_AT_END.exec(text.slice(visitorAt)) : null;
  if (compared) {
    const path = parseSegments(compared[1]!.slice("visitor".length));
    if (path && path[0] === "claims") {
      const nodes = claimsAt(schema, path.slice(1));
      const quote = compared[2]!;
      const partial = compared[3]!;
      const options: CompletionOption[] = [];
      for (const node of nodes) {
        if (node.type === "boolean" && !quote) {
          for (const value of ["true", "false"]) {
            if (value.startsWith(partial)) options.push({ label: value, apply: value, detail: detailOf(node), kind: "keyword" });
          }
        }
        if (node.type === "string" && node.enum) {
          for (const value of node.enum) {
            if (value.startsWith(partial)) options.push({ label: JSON.stringify(value), apply: JSON.stringify(value), detail: detailOf(node), kind: "value" });
          }
        }
      }
      // The option replaces the opening quote too, so it brings its own (escaped) quotes.
      return { from: prefix.length - partial.length - quote.length, options: options.slice(0, MAX_OPTIONS) };
    }
  }

  const member = visitorAt >= 0 ? CLAIM_AT_END.exec(text.slice(visitorAt)) : null;
  if (member) {
    const path = parseSegments(member[1]!);
    const partial = member[2] ?? "";
    const from = prefix.length - partial.length;
    if (!path) return { from, options: [] };
    const parents = claimsAt(schema, path);
    const options: CompletionOption[] = [];
    const seen = new Set<string>();
    for (const parent of parents) {
      if (parent.type === "object") {
        for (const [name, claim] of declaredChildren(parent)) {
          if (seen.has(name) || !name.startsWith(partial)) continue;
          seen.add(name);
          options.push({ label: name, apply: memberText(name), detail: detailOf(claim), kind: "claim" });
        }
      }
      if ((parent.type === "array" || parent.type === "string") && "includes".startsWith(partial) && !seen.has("includes()")) {
        seen.add("includes()");
        options.push({ label: "includes", apply: "includes(", detail: `whether ${describeClaim(parent)} contains a value`, kind: "method" });
      }
    }
    return { from, options: options.slice(0, MAX_OPTIONS) };
  }

  const word = WORD_AT_END.exec(text)?.[0] ?? "";
  const before = text.slice(0, text.length - word.length);
  // A name after a dot or inside a string is not the start of a value.
  if (/[.\]"']$/.test(before) && before.trimEnd() === before) return { from: prefix.length, options: [] };
  const options: CompletionOption[] = [];
  for (const { path, claim } of declaredClaims(schema)) {
    const source = claimSource(path);
    if (source.startsWith(word)) options.push({ label: source, apply: source, detail: detailOf(claim), kind: "claim" });
  }
  if (options.length === 0 && "visitor.claims.".startsWith(word)) {
    options.push({ label: "visitor.claims.", apply: "visitor.claims.", detail: "the visitor's claims", kind: "claim" });
  }
  for (const keyword of ["true", "false", "null"]) {
    if (word.length > 0 && keyword.startsWith(word)) options.push({ label: keyword, apply: keyword, detail: "value", kind: "keyword" });
  }
  return { from: offset + text.length - word.length, options: options.slice(0, MAX_OPTIONS) };
}

/** Ready-made conditions from the schema: each yes/no claim set or not, each enum value, each list value. */
export function templateConditions(schema: AdaptiveSchema | readonly AdaptiveSchema[] | null): TemplateCondition[] {
  const templates: TemplateCondition[] = [];
  const about = (claim: ClaimSchema) => (claim.description ? ` (${claim.description})` : "");
  for (const { path, claim } of declaredClaims(schema)) {
    const source = claimSource(path);
    if (claim.type === "boolean") {
      templates.push({ description: `Visitors for whom ${source} is true${about(claim)}`, condition: `${source} === true` });
      templates.push({ description: `Visitors for whom ${source} is not true${about(claim)}`, condition: `!${source}` });
    } else if (claim.type === "string" && claim.enum) {
      for (const value of claim.enum) {
        templates.push({ description: `Visitors whose ${source} is ${JSON.stringify(value)}${about(claim)}`, condition: `${source} === ${JSON.stringify(value)}` });
      }
    } else if (claim.type === "array" && claim.items.type === "string" && claim.items.enum) {
      for (const value of claim.items.enum) {
        templates.push({ description: `Visitors whose ${source} include ${JSON.stringify(value)}${about(claim)}`, condition: `${source}.includes(${JSON.stringify(value)})` });
      }
    } else if (claim.type === "string" || claim.type === "number") {
      templates.push({ description: `Visitors who have ${source}${about(claim)}`, condition: `${source} !== undefined` });
    }
    if (templates.length >= MAX_TEMPLATES) break;
  }
  return templates.slice(0, MAX_TEMPLATES);
}
