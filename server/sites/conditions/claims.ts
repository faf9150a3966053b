import type { AdaptiveSchema, ClaimSchema } from "./types";

/** How the claims declared by visitor schemas are looked up and written back as condition text. */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The source text reading a claim: `visitor.claims.a.b`, with `["…"]` for names that are not identifiers. */
export function claimSource(path: readonly string[]): string {
  return "visitor.claims" + path.map((name) => (IDENTIFIER.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`)).join("");
}

/**
 * The claims an object claim (or the schema's root) declares, read only from its own properties, by
 * name: stored schemas do not keep the order they were written in (PostgreSQL's jsonb reorders keys).
 */
export function declaredChildren(node: { properties?: unknown }): [string, ClaimSchema][] {
  const properties = node.properties;
  if (typeof properties !== "object" || properties === null) return [];
  return Object.entries(properties as Record<string, ClaimSchema>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The declarations of `name` in each of `nodes` that declares it (own properties only). */
export function childClaims(nodes: readonly { properties?: unknown }[], name: string): ClaimSchema[] {
  const found: ClaimSchema[] = [];
  for (const node of nodes) {
    const properties = node.properties;
    if (typeof properties === "object" && properties !== null && Object.hasOwn(properties, name)) {
      found.push((properties as Record<string, ClaimSchema>)[name]!);
    }
  }
  return found;
}

/** The roots to look claims up in: one per schema (a page is checked against every site its space is in). */
export function schemaRoots(schema: AdaptiveSchema | readonly AdaptiveSchema[] | null): AdaptiveSchema[] | null {
  if (schema === null) return null;
  return Array.isArray(schema) ? [...schema] : [schema as AdaptiveSchema];
}

export type DeclaredClaim = { path: string[]; claim: ClaimSchema };

/** Most claims listed for templates and completion: a schema is small, this only bounds a hostile one. */
const MAX_LISTED_CLAIMS = 500;

/** Every claim a schema declares, objects included, depth first in declaration order. */
export function declaredClaims(schema: AdaptiveSchema | readonly AdaptiveSchema[] | null): DeclaredClaim[] {
  const list: DeclaredClaim[] = [];
  const seen = new Set<string>();
  const visit = (node: { properties?: unknown }, path: string[], depth: number) => {
    if (depth > 8) return;
    for (const [name, claim] of declaredChildren(node)) {
      if (list.length >= MAX_LISTED_CLAIMS) return;
      const childPath = [...path, name];
      const key = JSON.stringify(childPath);
      if (!seen.has(key)) {
        seen.add(key);
        list.push({ path: childPath, claim });
      }
      if (claim.type === "object") visit(claim, childPath, depth + 1);
    }
  };
  for (const root of schemaRoots(schema) ?? []) visit(root, [], 0);
  return list;
}

const MAX_LISTED_VALUES = 8;

/** What a claim holds, as people read it in error messages and completion details. */
export function describeClaim(claim: ClaimSchema): string {
  switch (claim.type) {
    case "boolean":
      return "true or false";
    case "number":
      return "a number";
    case "array":
      return "a list";
    case "object":
      return "a group of claims";
    case "string": {
      if (!claim.enum) return "text";
      const shown = claim.enum.slice(0, MAX_LISTED_VALUES).map((value) => JSON.stringify(value)).join(", ");
      return `one of ${shown}${claim.enum.length > MAX_LISTED_VALUES ? ", …" : ""}`;
    }
  }
}
