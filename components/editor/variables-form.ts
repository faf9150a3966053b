import { MAX_VARIABLES, variableNameSchema, type Variables, type VariableValue } from "@/server/content/variables";

/**
 * The variables dialog's rows, and the `update_variables` change they make. Values are edited as
 * text: a number or boolean whose text is left as it was keeps its type.
 */

export type VariableRow = { key: string; name: string; value: string };

let rowCounter = 0;
export const newRow = (name = "", value = ""): VariableRow => ({ key: `row-${++rowCounter}`, name, value });

export function rowsFrom(variables: Variables): VariableRow[] {
  return Object.entries(variables)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => newRow(name, String(value)));
}

export type VariablesUpdate =
  | { ok: true; changes: Record<string, VariableValue | null> }
  | { ok: false; errors: Record<string, { name?: string; value?: string }>; message?: string };

/** What saving the rows changes: set values, null for removed names; or the rows' errors. */
export function planVariablesUpdate(initial: Variables, rows: VariableRow[]): VariablesUpdate {
  const errors: Record<string, { name?: string; value?: string }> = {};
  const filled = rows.filter((row) => row.name.trim() !== "" || row.value !== "");
  const seen = new Map<string, string>();
  for (const row of filled) {
    const name = row.name.trim();
    const checked = variableNameSchema.safeParse(name);
    if (!name) errors[row.key] = { name: "A variable needs a name." };
    else if (!checked.success) errors[row.key] = { name: `The name ${checked.error.issues[0]!.message}.` };
    else if (seen.has(name)) errors[row.key] = { name: `${name} is already above.` };
    seen.set(name, row.key);
    if (row.value.length > 256) errors[row.key] = { ...errors[row.key], value: "Values are at most 256 characters." };
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (filled.length > MAX_VARIABLES) return { ok: false, errors: {}, message: `At most ${MAX_VARIABLES} variables.` };

  const changes: Record<string, VariableValue | null> = {};
  const kept = new Set<string>();
  for (const row of filled) {
    const name = row.name.trim();
    kept.add(name);
    const before = Object.hasOwn(initial, name) ? initial[name] : undefined;
    if (before === undefined || String(before) !== row.value) changes[name] = row.value;
  }
  for (const name of Object.keys(initial)) if (!kept.has(name)) changes[name] = null;
  return { ok: true, changes };
}
