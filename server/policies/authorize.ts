import { AppError } from "../errors";
import { atLeastLevel, LEVEL_OF, PERMISSION_TABLE, type Action, type CallerOf, type Kind, type KindOf, type Level, type ResourceArgs, type ResourceOf, type Rule } from "./permission-table";

/**
 * The one check of who may do what: `authorize(caller, action, resource)` throws the refusal of the
 * action's rule in the permission table (server/policies/permission-table.ts) unless the caller may.
 * The caller is what a scoped loader returned (server/policies/access.ts: a thing the caller cannot
 * see is already "not found" there, so a refusal here is a 403 about a thing they can see), the
 * resource what the rule reads of the thing, for the few rules that read it.
 *
 * A refusal carries its rule as data: `details.action` (`space.delete`) and `details.required`, the
 * least role (or "author", "self", "integration" for the rules a role alone does not decide).
 */
export function authorize<A extends Action>(caller: CallerOf<KindOf<A>>, action: A, ...resource: ResourceArgs<KindOf<A>>): void {
  const refusal = refusalFor(action, caller, resource[0]);
  if (refusal) throw refusal;
}

/** The error `authorize` would throw, or null when the caller may (for refusals that carry more, as live edits'). */
export function refusalOf<A extends Action>(caller: CallerOf<KindOf<A>>, action: A, ...resource: ResourceArgs<KindOf<A>>): AppError | null {
  return refusalFor(action, caller, resource[0]);
}

/** Whether the caller may do `action`: `authorize` without throwing. */
export function permits<A extends Action>(caller: CallerOf<KindOf<A>>, action: A, ...resource: ResourceArgs<KindOf<A>>): boolean {
  return refusalFor(action, caller, resource[0]) === null;
}

/** The names of a kind's actions (`delete` for `space.delete`). */
export type ActionName<K extends Kind> = keyof (typeof PERMISSION_TABLE)[K] & string;

/**
 * What one caller may do with one thing, action by action: the `permissions` objects of API answers
 * are built from it (server/policies/content.ts and its neighbours), each key naming its action.
 */
export function permissionsOn<K extends Kind>(kind: K, caller: CallerOf<K>, ...resource: ResourceArgs<K>): (name: ActionName<K>) => boolean {
  return (name) => refusalFor(`${kind}.${name}`, caller, resource[0]) === null;
}

type AnyRule = Rule<Kind>;

function refusalFor(action: string, caller: unknown, resource: unknown): AppError | null {
  const [kind, name] = action.split(".") as [Kind, string];
  const rule = (PERMISSION_TABLE[kind] as unknown as Record<string, AnyRule> | undefined)?.[name];
  if (!rule) throw new Error(`No permission rule for ${action}.`);
  const who = caller as CallerOf<Kind>;
  const what = resource as ResourceOf<Kind>;
  const details = { action, required: rule.least };
  // A state that refuses whatever the role (a locked space) explains the refusal while it holds.
  const blocked = rule.blockedWhen?.find((block) => block.state(what));
  if (blocked) return new AppError("forbidden", blocked.refusal, details);
  const levelOf = LEVEL_OF[kind] as (caller: CallerOf<Kind>) => Level | null;
  const allowed = rule.allows ? rule.allows(who, what) : atLeastLevel(levelOf(who), rule.least as Level);
  if (!allowed) {
    const message = typeof rule.refusal === "string" ? rule.refusal : rule.refusal(who, what);
    return rule.error ? rule.error(who, what, message, details) : new AppError("forbidden", message, details);
  }
  const unmet = rule.also?.find((condition) => !condition.holds(who, what));
  return unmet ? unmet.refuse(who, what) : null;
}
