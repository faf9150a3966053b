/**
 * GitBook's variable expressions: `{{ space.vars.NAME }}` and `{{ page.vars.NAME }}`. The same
 * pattern marks where documents hold an expression inline, so both directions agree on it.
 */
export const VARIABLE_EXPRESSION = /\{\{\s*((space|page)\.vars\.([A-Za-z_][A-Za-z0-9_]*))\s*\}\}/g;

/** The markup of an expression, as it is written back into markdown. */
export function expressionMarkup(expression: string): string {
  return `{{ ${expression} }}`;
}

/**
 * Replaces variable expressions with their values; unknown names stay as written. Page variables
 * default to the same map, so a caller that merged space and page variables passes one map.
 */
export function evaluateVariables(
  markdown: string,
  variables: Record<string, string>,
  pageVariables: Record<string, string> = variables,
): string {
  return markdown.replace(VARIABLE_EXPRESSION, (match, _expression: string, scope: string, name: string) => {
    const values = scope === "page" ? pageVariables : variables;
    return Object.hasOwn(values, name) ? (values[name] ?? match) : match;
  });
}
