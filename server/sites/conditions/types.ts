/**
 * Types of the condition language and of the visitor claims schema it is checked against. Pure:
 * the browser imports this module (errors as you type, completion).
 */

/** A declared claim: the reference's SiteAdaptiveJSONSchemaClaimsProperties. */
export type ClaimSchema =
  | { type: "boolean"; description: string }
  | { type: "string"; description: string; enum?: string[] }
  | { type: "number"; description: string }
  | { type: "array"; description: string; items: ClaimSchema }
  | { type: "object"; description: string; properties: Record<string, ClaimSchema>; additionalProperties: false };

/** A site's visitor claims schema: the reference's SiteAdaptiveJSONSchema. */
export type AdaptiveSchema = {
  $schema?: "http://json-schema.org/draft-07/schema#";
  type: "object";
  properties: Record<string, ClaimSchema>;
  additionalProperties: false;
};

/** Where a node sits in the source: `start` inclusive, `end` exclusive, both 0-based offsets. */
type Span = { start: number; end: number };

export type LiteralValue = string | number | boolean | null | undefined;

export type CompareOperator = "==" | "!=" | "===" | "!==" | "<" | "<=" | ">" | ">=";

export type ConditionNode =
  | ({ type: "literal"; value: LiteralValue } & Span)
  /** `visitor.claims.<path…>`: `path` is the names after `claims`. */
  | ({ type: "claim"; path: string[] } & Span)
  | ({ type: "not"; operand: ConditionNode } & Span)
  /** A chain of `&&` or of `||`, kept flat so long chains are neither deep to evaluate nor to hold. */
  | ({ type: "logical"; operator: "&&" | "||"; operands: ConditionNode[] } & Span)
  | ({ type: "compare"; operator: CompareOperator; left: ConditionNode; right: ConditionNode } & Span)
  /** `<claim>.includes(<value>)`, on an array or a string claim. */
  | ({ type: "includes"; target: ConditionNode & { type: "claim" }; argument: ConditionNode } & Span);

export type ConditionError = {
  message: string;
  /** 0-based offset of the character the error is about. */
  position: number;
};

export type ParseResult = { ok: true; ast: ConditionNode } | { ok: false; error: ConditionError };

/** A condition suggested from the schema (the reference's SiteAdaptiveTemplateCondition). */
export type TemplateCondition = { description: string; condition: string };

/** Longest condition (the reference's Expression and the sections' `condition`). */
export const MAX_CONDITION_LENGTH = 1024;

/** Deepest nesting of parentheses and `!`: enough for any real condition, and a bounded stack. */
export const MAX_CONDITION_DEPTH = 32;

/** Names that never name a claim: reading them would reach an object's prototype in JavaScript. */
export const FORBIDDEN_NAMES: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** A claim name that may be declared and read: not a prototype name, nor one starting with `__`. */
export function isAllowedClaimName(name: string): boolean {
  return name.length > 0 && !FORBIDDEN_NAMES.has(name) && !name.startsWith("__");
}
