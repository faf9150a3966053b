import { fieldError } from "../../errors";
import { parseCondition } from "./parse";
import type { AdaptiveSchema, ConditionNode } from "./types";

/**
 * The service-side check of a condition being written (sections, site spaces, pages): a syntax
 * error, or a claim the schema does not declare, is a 400 whose details name the field and the
 * offset in the condition. `errors.ts` has no imports, so this file stays safe for the browser too.
 */
export function assertValidCondition(source: string, schema: AdaptiveSchema | readonly AdaptiveSchema[] | null, field: string): ConditionNode {
  const result = parseCondition(source, schema);
  if (result.ok) return result.ast;
  const { message, position } = result.error;
  throw fieldError(field, `${message} (at character ${position + 1})`, { details: { position } });
}

/**
 * A site's stored visitor schema (`Site.adaptiveSchema`, validated when it was written), or null
 * when it has none.
 */
export function adaptiveSchemaOf(site: { adaptiveSchema: unknown }): AdaptiveSchema | null {
  const stored = site.adaptiveSchema;
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return null;
  return stored as AdaptiveSchema;
}
