import { AppError, fieldError, sentence } from "../errors";

/**
 * An installation's configuration checked against the schema its integration published for that
 * target (`configurations.account`, `.space` or `.site`: the reference's IntegrationConfigurationSchema).
 * Written once for the organization, space and site installations and for the configuration form
 * (components/integrations), which renders from the same schema and shows these problems at the field.
 */

/** Longest string value a configuration may hold, and the most its whole JSON may weigh. */
export const MAX_CONFIGURATION_STRING = 10_000;
export const MAX_CONFIGURATION_BYTES = 64 * 1024;
/** How deep a component-kept configuration may nest, and how many values it may hold in all. */
const MAX_DEPTH = 8;
const MAX_VALUES = 2_000;

type PropertySchema = {
  type?: unknown;
  title?: unknown;
  description?: unknown;
  default?: unknown;
  enum?: unknown;
};
/** A schema of properties, or a content-kit component (`componentId`) of the integration's that edits the configuration itself. */
export type ConfigurationSchema = { properties?: Record<string, PropertySchema>; required?: unknown; componentId?: unknown };

/** One property's problem, as the 400's `details.problems` lists them (the first also as `property`/`problem`). */
export type ConfigurationProblem = { property: string; problem: string };

export type ValidatedConfiguration = {
  /** The configuration as stored: the given values, with the schema's defaults for those not given. */
  configuration: Record<string, unknown>;
  /** Required properties still without a value: the installation stays `pending` until they have one. */
  missing: string[];
};

/** The target's schema out of an integration's `configurations` (none: nothing may be configured). */
export function configurationSchemaOf(configurations: unknown, target: "account" | "space" | "site"): ConfigurationSchema | null {
  if (!isObject(configurations)) return null;
  const schema = configurations[target];
  return isObject(schema) ? (schema as ConfigurationSchema) : null;
}

/**
 * Validates `value` against `schema`: an object whose every property the schema names, each of its
 * type (a string of the schema's `enum` when it has one; a finite number; a boolean; a button holds
 * no value), bounded in size. Throws 400 naming the first property at fault (`details`: `property`,
 * `problem`, and every `problems`); returns the configuration with defaults applied and the
 * required properties still missing, which are no error: the installation is then `pending`.
 */
export function validateConfiguration(schema: ConfigurationSchema | null, value: unknown): ValidatedConfiguration {
  const problems: ConfigurationProblem[] = [];
  if (!isObject(value)) throw configurationError([{ property: "", problem: "must be an object of settings" }]);
  const shape = shapeProblem(value);
  if (shape) throw configurationError([{ property: "", problem: shape }]);
  if (JSON.stringify(value).length > MAX_CONFIGURATION_BYTES) {
    throw configurationError([{ property: "", problem: `is too large (at most ${MAX_CONFIGURATION_BYTES / 1024} KiB of settings)` }]);
  }
  // The integration's own component writes this configuration: any settings it keeps, bounded above.
  if (schema && typeof schema.componentId === "string" && schema.properties === undefined) return { configuration: value, missing: [] };
  const properties = schema?.properties && isObject(schema.properties) ? schema.properties : {};
  const configuration: Record<string, unknown> = {};
  for (const [name, given] of Object.entries(value)) {
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (!property || !isObject(property)) {
      problems.push({ property: name, problem: "is not a setting of this integration" });
      continue;
    }
    if (given === null || given === undefined) continue; // cleared: as if not given
    const problem = valueProblem(property, given);
    if (problem) problems.push({ property: name, problem });
    else configuration[name] = given;
  }
  if (problems.length > 0) throw configurationError(problems);
  for (const [name, property] of Object.entries(properties)) {
    if (!(name in configuration) && isObject(property) && property.type !== "button" && property.default !== undefined && valueProblem(property, property.default) === null) {
      configuration[name] = property.default;
    }
  }
  const required = Array.isArray(schema?.required) ? schema.required.filter((name): name is string => typeof name === "string") : [];
  return { configuration, missing: required.filter((name) => !(name in configuration) && properties[name]?.type !== "button") };
}

function valueProblem(property: PropertySchema, value: unknown): string | null {
  switch (property.type) {
    case "string":
      if (typeof value !== "string") return "must be text";
      if (value.length > MAX_CONFIGURATION_STRING) return `must be at most ${MAX_CONFIGURATION_STRING} characters`;
      if (Array.isArray(property.enum) && !property.enum.includes(value)) {
        return `must be one of ${property.enum.slice(0, 20).map((option) => JSON.stringify(option)).join(", ")}`;
      }
      return null;
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? null : "must be a number";
    case "boolean":
      return typeof value === "boolean" ? null : "must be true or false";
    case "button":
      return "is a button: it holds no value";
    default:
      return "has a type this version of Quire cannot store";
  }
}

export function configurationError(problems: ConfigurationProblem[]): AppError {
  const [first] = problems as [ConfigurationProblem];
  const where = first.property === "" ? "configuration" : `configuration.${first.property}`;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more setting${problems.length > 2 ? "s" : ""})` : "";
  return fieldError(where, `${sentence(first.problem)}${more}.`, { details: { property: first.property, problem: first.problem, problems } });
}

/** Measured without recursion, before anything recursive (JSON.stringify) meets a hostile nesting. */
function shapeProblem(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  let count = 0;
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (++count > MAX_VALUES) return `holds too many values (at most ${MAX_VALUES})`;
    if (typeof item !== "object" || item === null) continue;
    if (depth >= MAX_DEPTH) return `nests too deep (at most ${MAX_DEPTH} levels)`;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
