import { z } from "zod";
import type { Revision } from "../db/generated/client";

/**
 * Variables of a space (kept on each revision) and of a page (kept on its version), as the
 * reference's `Variables`: a map from a name to a string, number or boolean. Bodies read them
 * as `{{ space.vars.NAME }}` and `{{ page.vars.NAME }}` (see format/variables.ts).
 */

export type VariableValue = string | number | boolean;
export type Variables = Record<string, VariableValue>;

/** The names an expression can reach: the identifier of `{{ space.vars.NAME }}`. */
export const variableNameSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be a letter or _ followed by letters, digits or _");

/** The reference's `VariableValue`. */
export const variableValueSchema = z.union([z.string().max(256), z.number(), z.boolean()]);

export const MAX_VARIABLES = 100;

/** A revision's space variables (the column holds only what `commitRevision` wrote). */
export const spaceVariablesOf = (revision: Pick<Revision, "variables">): Variables => revision.variables as Variables;

/** A map with `changes` applied: a value sets a variable, null removes it. */
export function withVariables(variables: Variables, changes: Record<string, VariableValue | null>): Variables {
  const next = { ...variables };
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) delete next[name];
    else next[name] = value;
  }
  return next;
}

export function sameVariables(a: Variables = {}, b: Variables = {}): boolean {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => Object.hasOwn(b, name) && a[name] === b[name]);
}

/** Per name, what changed from `before` to `after` (the reference's `ChangeAttributeVariable`s). */
export function variableChanges(before: Variables = {}, after: Variables = {}): Record<string, { before?: VariableValue; after?: VariableValue }> {
  const changes: Record<string, { before?: VariableValue; after?: VariableValue }> = {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = Object.hasOwn(before, name) ? before[name] : undefined;
    const is = Object.hasOwn(after, name) ? after[name] : undefined;
    if (was !== is) changes[name] = { ...(was !== undefined ? { before: was } : {}), ...(is !== undefined ? { after: is } : {}) };
  }
  return changes;
}

/**
 * Three-way merge, name by name: a variable one side left alone takes the other's value (or
 * absence); two different changes to one name conflict, and are listed.
 */
export function mergeVariables(base: Variables = {}, ours: Variables = {}, theirs: Variables = {}): { ok: true; variables: Variables } | { ok: false; conflicts: string[] } {
  const merged: Variables = {};
  const conflicts: string[] = [];
  const valueIn = (variables: Variables, name: string) => (Object.hasOwn(variables, name) ? variables[name] : undefined);
  for (const name of new Set([...Object.keys(base), ...Object.keys(ours), ...Object.keys(theirs)])) {
    const [was, mine, yours] = [valueIn(base, name), valueIn(ours, name), valueIn(theirs, name)];
    let value: VariableValue | undefined;
    if (mine === yours || yours === was) value = mine;
    else if (mine === was) value = yours;
    else {
      conflicts.push(name);
      continue;
    }
    if (value !== undefined) merged[name] = value;
  }
  return conflicts.length > 0 ? { ok: false, conflicts: conflicts.sort() } : { ok: true, variables: merged };
}
