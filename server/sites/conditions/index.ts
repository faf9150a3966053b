/**
 * Adaptive-content conditions: parsing (with the visitor schema), safe evaluation, completion and
 * template conditions. Everything here but `assertValidCondition` is free of server imports, and
 * that one only needs the error type: the browser imports this module for errors as you type.
 */
export { parseCondition } from "./parse";
export { evaluateCondition } from "./evaluate";
export { conditionCompletions, templateConditions, type CompletionOption, type Completions } from "./suggest";
export { claimSource, declaredClaims } from "./claims";
export { assertValidCondition, adaptiveSchemaOf } from "./assert";
export * from "./types";
