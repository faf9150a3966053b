import type { Variables } from "../variables";

/**
 * GitBook's variable expressions: `{{ space.vars.NAME }}` and `{{ page.vars.NAME }}`. The same
 * pattern marks where documents hold an expression inline, so both directions agree on it.
 */
export const VARIABLE_EXPRESSION = /\{\{\s*((space|page)\.vars\.([A-Za-z_][A-Za-z0-9_]*))\s*\}\}/g;

/** The markup of an expression, as it is written back into markdown. */
export function expressionMarkup(expression: string): string {
  return `{{ ${expression} }}`;
}

/** Replaces variable expressions with their values, written as text; unknown names stay as written. */
export function evaluateVariables(markdown: string, variables: { space: Variables; page: Variables }): string {
  return markdown.replace(VARIABLE_EXPRESSION, (match, _expression: string, scope: "space" | "page", name: string) => {
    const values = variables[scope];
    return Object.hasOwn(values, name) ? String(values[name]) : match;
  });
}
