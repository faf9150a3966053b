import { isAllowedClaimName, type ConditionNode, type LiteralValue } from "./types";

/**
 * Evaluates a parsed condition against a visitor's claims. Nothing is executed: the AST is walked,
 * claims are read only as own data properties of plain objects and arrays (no getter runs, no
 * prototype is reached, no method is called), and anything odd reads as undefined. It never throws:
 * a claim value that cannot be read makes the condition false.
 */

/** A value met while evaluating: a literal, or a claim read as a primitive, a list or an object. */
type Value = LiteralValue | { kind: "list"; items: readonly unknown[]; length: number } | { kind: "object" };

/** Longest list `.includes` looks through: claims come from a token or a URL, never this long honestly. */
const MAX_LIST_SCAN = 10_000;

function ownData(target: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  return descriptor && "value" in descriptor ? descriptor.value : undefined;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function asValue(raw: unknown): Value {
  switch (typeof raw) {
    case "string":
    case "number":
    case "boolean":
      return raw;
    case "object": {
      if (raw === null) return null;
      if (Array.isArray(raw)) {
        const length = ownData(raw, "length");
        return { kind: "list", items: raw, length: typeof length === "number" ? length : 0 };
      }
      return isPlainObject(raw) ? { kind: "object" } : undefined;
    }
    default:
      // Functions, symbols, bigints: not claim values.
      return undefined;
  }
}

function readClaim(claims: unknown, path: readonly string[]): Value {
  let current: unknown = claims;
  for (const name of path) {
    if (!isAllowedClaimName(name)) return undefined;
    if (typeof current !== "object" || current === null || Array.isArray(current) || !isPlainObject(current)) return undefined;
    current = ownData(current, name);
  }
  return asValue(current);
}

function truthy(value: Value): boolean {
  if (typeof value === "object" && value !== null) return true;
  return Boolean(value);
}

function equal(left: Value, right: Value): boolean {
  // Lists and objects are never equal to anything: a literal is a primitive, and comparing two claims by identity means nothing to a visitor.
  if (typeof left === "object" && left !== null) return false;
  return left === right;
}

function ordered(left: Value, right: Value, operator: "<" | "<=" | ">" | ">="): boolean {
  const comparable = (typeof left === "number" && typeof right === "number") || (typeof left === "string" && typeof right === "string");
  if (!comparable) return false;
  switch (operator) {
    case "<":
      return left < right;
    case "<=":
      return left <= right;
    case ">":
      return left > right;
    case ">=":
      return left >= right;
  }
}

function includes(target: Value, needle: Value): boolean {
  if (typeof target === "string") return typeof needle === "string" && target.includes(needle);
  if (typeof target !== "object" || target === null || target.kind !== "list") return false;
  if (typeof needle === "object" && needle !== null) return false;
  const length = Math.min(target.length, MAX_LIST_SCAN);
  for (let index = 0; index < length; index += 1) {
    const item = ownData(target.items, String(index));
    if ((typeof item === "string" || typeof item === "number" || typeof item === "boolean") && item === needle) return true;
  }
  return false;
}

function evaluate(node: ConditionNode, claims: unknown): Value {
  switch (node.type) {
    case "literal":
      return node.value;
    case "claim":
      return readClaim(claims, node.path);
    case "not":
      return !truthy(evaluate(node.operand, claims));
    case "logical":
      if (node.operator === "&&") return node.operands.every((operand) => truthy(evaluate(operand, claims)));
      return node.operands.some((operand) => truthy(evaluate(operand, claims)));
    case "compare": {
      const left = evaluate(node.left, claims);
      const right = evaluate(node.right, claims);
      switch (node.operator) {
        case "==":
        case "===":
          return equal(left, right);
        case "!=":
        case "!==":
          return !equal(left, right);
        default:
          return ordered(left, right, node.operator);
      }
    }
    case "includes":
      return includes(evaluate(node.target, claims), evaluate(node.argument, claims));
  }
}

/** Whether a visitor with these claims meets the condition. */
export function evaluateCondition(ast: ConditionNode, claims: unknown): boolean {
  try {
    return truthy(evaluate(ast, claims));
  } catch {
    // A Proxy among the claims can throw from any reflection; the visitor simply does not meet the condition.
    return false;
  }
}
