import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors";
import {
  assertValidCondition,
  conditionCompletions,
  evaluateCondition,
  parseCondition,
  templateConditions,
  MAX_CONDITION_DEPTH,
  type AdaptiveSchema,
  type ConditionNode,
} from "@/server/sites/conditions";

const schema: AdaptiveSchema = {
  type: "object",
  properties: {
    unsigned: {
      type: "object",
      description: "Unsigned claims of the site visitor.",
      properties: { beta: { type: "boolean", description: "In the beta program" } },
      additionalProperties: false,
    },
    plan: { type: "string", enum: ["free", "pro", "enterprise"], description: "Billing plan" },
    isBetaUser: { type: "boolean", description: "Beta user" },
    seats: { type: "number", description: "Seats bought" },
    company: { type: "string", description: "Company name" },
    products: { type: "array", description: "Products", items: { type: "string", enum: ["api", "cloud"], description: "A product" } },
    "first-name": { type: "string", description: "First name" },
  },
  additionalProperties: false,
};

function ast(source: string, against: AdaptiveSchema | AdaptiveSchema[] | null = schema): ConditionNode {
  const result = parseCondition(source, against);
  if (!result.ok) throw new Error(`${source}: ${result.error.message} at ${result.error.position}`);
  return result.ast;
}

function errorOf(source: string, against: AdaptiveSchema | AdaptiveSchema[] | null = schema) {
  const result = parseCondition(source, against);
  if (result.ok) throw new Error(`${source} parsed`);
  return result.error;
}

const meets = (source: string, claims: unknown) => evaluateCondition(ast(source), claims);

describe("parsing conditions", () => {
  it("reads the expressions GitBook documents", () => {
    for (const source of [
      "visitor.claims.isBetaUser == true",
      'visitor.claims.plan === "enterprise" && visitor.claims.unsigned.beta',
      "!visitor.claims.isBetaUser || (visitor.claims.seats >= 10 && visitor.claims.seats < 1e3)",
      'visitor.claims.products.includes("api")',
      'visitor.claims.company.includes("Acme")',
      'visitor.claims["first-name"] !== undefined',
      "visitor.claims?.unsigned?.beta",
      "visitor.claims.seats > -1",
      "true",
    ]) {
      expect(parseCondition(source, schema), source).toMatchObject({ ok: true });
    }
  });

  it("builds flat chains and comparisons", () => {
    expect(ast("visitor.claims.isBetaUser && visitor.claims.unsigned.beta && true")).toMatchObject({
      type: "logical",
      operator: "&&",
      operands: [{ type: "claim", path: ["isBetaUser"] }, { type: "claim", path: ["unsigned", "beta"] }, { type: "literal", value: true }],
    });
    expect(ast('visitor.claims.plan == "pro"')).toMatchObject({ type: "compare", operator: "==", left: { type: "claim" }, right: { type: "literal", value: "pro" } });
  });

  it("names the position of a syntax error", () => {
    expect(errorOf("visitor.claims.isBetaUser = true")).toEqual({ message: expect.stringContaining("==="), position: 26 });
    expect(errorOf("visitor.claims.isBetaUser &&")).toEqual({ message: expect.stringContaining("ends too early"), position: 28 });
    expect(errorOf('visitor.claims.plan === "pro')).toMatchObject({ position: 24 });
    expect(errorOf("(visitor.claims.isBetaUser")).toMatchObject({ message: expect.stringContaining("Missing )"), position: 26 });
    expect(errorOf("visitor.claims.isBetaUser true")).toMatchObject({ position: 26 });
    expect(errorOf("visitor.claims.seats == 1 == true")).toMatchObject({ message: expect.stringContaining("two values at a time"), position: 26 });
    expect(errorOf("")).toMatchObject({ position: 0 });
    expect(errorOf("visitor.claims")).toMatchObject({ message: expect.stringContaining("Name a claim"), position: 14 });
    expect(errorOf("visitor.name")).toMatchObject({ position: 8 });
    expect(errorOf("user.plan")).toMatchObject({ message: expect.stringContaining("Unknown name"), position: 0 });
    expect(errorOf("visitor.claims.seats > 1 ? true : false")).toMatchObject({ position: 25 });
  });

  it("refuses claims the schema does not declare, at the claim's name", () => {
    expect(errorOf("visitor.claims.isBetaUser && visitor.claims.unsigned.alpha")).toEqual({
      message: "visitor.claims.unsigned.alpha is not declared in the site's visitor schema.",
      position: 53,
    });
    expect(errorOf("visitor.claims.plan.tier")).toMatchObject({ message: expect.stringContaining("has no claim"), position: 20 });
    // Without a schema, only the syntax is checked.
    expect(parseCondition("visitor.claims.anything.at.all", null)).toMatchObject({ ok: true });
  });

  it("refuses values a declared claim never has", () => {
    expect(errorOf('visitor.claims.plan === "gold"')).toMatchObject({ message: expect.stringContaining("not a value of visitor.claims.plan"), position: 24 });
    expect(errorOf('visitor.claims.isBetaUser == "true"')).toMatchObject({ message: expect.stringContaining("true or false"), position: 29 });
    expect(errorOf('visitor.claims.products == "api"')).toMatchObject({ message: expect.stringContaining(".includes"), position: 27 });
    expect(errorOf('visitor.claims.products.includes("desktop")')).toMatchObject({ position: 33 });
    expect(errorOf('visitor.claims.isBetaUser.includes("x")')).toMatchObject({ message: expect.stringContaining("lists and text"), position: 26 });
    expect(errorOf("visitor.claims.isBetaUser > 1")).toMatchObject({ message: expect.stringContaining("ordered") });
  });

  it("checks a page's condition against the union of its sites' schemas", () => {
    const other: AdaptiveSchema = { type: "object", properties: { region: { type: "string", enum: ["eu", "us"], description: "Region" } }, additionalProperties: false };
    const both = [schema, other];
    expect(parseCondition('visitor.claims.plan === "pro" && visitor.claims.region === "eu"', both)).toMatchObject({ ok: true });
    expect(errorOf('visitor.claims.region === "eu"', [schema])).toMatchObject({ position: 15 });
    expect(errorOf('visitor.claims.region === "apac"', both)).toMatchObject({ position: 26 });
  });
});

describe("hostile conditions", () => {
  it("refuses code, prototypes and calls at parse", () => {
    expect(errorOf('constructor.constructor("return process")()')).toMatchObject({ message: expect.stringContaining("Unknown name"), position: 0 });
    expect(errorOf('visitor.claims.constructor.constructor("return process")()', null)).toMatchObject({ message: expect.stringContaining("not a claim name"), position: 15 });
    expect(errorOf("visitor.claims.__proto__", null)).toMatchObject({ position: 15 });
    expect(errorOf('visitor.claims["__proto__"]', null)).toMatchObject({ position: 15 });
    expect(errorOf("visitor.claims.prototype", null)).toMatchObject({ position: 15 });
    expect(errorOf("visitor.claims.__defineGetter__", null)).toMatchObject({ position: 15 });
    expect(errorOf('visitor.claims.company.toString()', null)).toMatchObject({ message: expect.stringContaining("Only .includes") });
    expect(errorOf('visitor.claims.company.includes("a")("b")', null)).toMatchObject({ message: expect.stringContaining("Only .includes") });
    expect(errorOf('visitor.claims.company.includes("a", "b")', null)).toMatchObject({ message: expect.stringContaining("one value") });
    expect(errorOf("visitor.claims[0]", null)).toMatchObject({ position: 15 });
    expect(errorOf("`${process}`", null)).toMatchObject({ position: 0 });
    expect(errorOf("visitor.claims.a; process.exit()", null)).toMatchObject({ position: 16 });
    expect(errorOf("visitor.claims.a in visitor.claims", null)).toMatchObject({ position: 17 });
  });

  it("bounds nesting and length", () => {
    const deep = "(".repeat(MAX_CONDITION_DEPTH + 1) + "true" + ")".repeat(MAX_CONDITION_DEPTH + 1);
    expect(errorOf(deep)).toMatchObject({ message: expect.stringContaining("nest"), position: MAX_CONDITION_DEPTH });
    expect(errorOf("!".repeat(500) + "true")).toMatchObject({ message: expect.stringContaining("nest") });
    const nested = "(".repeat(MAX_CONDITION_DEPTH) + "true" + ")".repeat(MAX_CONDITION_DEPTH);
    expect(parseCondition(nested, schema)).toMatchObject({ ok: true });
    expect(errorOf("true || ".repeat(200) + "true")).toMatchObject({ message: expect.stringContaining("1024"), position: 1024 });
    expect(errorOf("(".repeat(1024))).toMatchObject({ message: expect.stringContaining("nest") });
  });

  // Linear time is by construction (one pass of the tokenizer, one of the parser); speed is `npm run bench`'s, never a timed test.
  it("parses and evaluates the longest chains, and an unclosed string of escapes", () => {
    const chain = Array.from({ length: 60 }, () => "visitor.claims.isBetaUser").join(" || ").slice(0, 1024);
    const source = chain.slice(0, chain.lastIndexOf(" ||"));
    const result = parseCondition(source, schema);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(evaluateCondition(result.ast, { isBetaUser: false })).toBe(false);
      expect(evaluateCondition(result.ast, { isBetaUser: true })).toBe(true);
    }
    const unclosed = '"' + "\\".repeat(1000);
    expect(errorOf(unclosed).position).toBe(0);
  });
});

describe("evaluating conditions", () => {
  it("answers what the visitor's claims say", () => {
    expect(meets('visitor.claims.plan === "enterprise" && visitor.claims.unsigned.beta', { plan: "enterprise", unsigned: { beta: true } })).toBe(true);
    expect(meets('visitor.claims.plan === "enterprise" && visitor.claims.unsigned.beta', { plan: "enterprise", unsigned: { beta: false } })).toBe(false);
    expect(meets("visitor.claims.isBetaUser == true", { isBetaUser: true })).toBe(true);
    expect(meets("!visitor.claims.isBetaUser", {})).toBe(true);
    expect(meets("visitor.claims.seats >= 10", { seats: 10 })).toBe(true);
    expect(meets("visitor.claims.seats >= 10", { seats: "10" })).toBe(false);
    expect(meets('visitor.claims.products.includes("api")', { products: ["cloud", "api"] })).toBe(true);
    expect(meets('visitor.claims.company.includes("cme")', { company: "Acme" })).toBe(true);
    expect(meets('visitor.claims["first-name"] !== undefined', { "first-name": "Ada" })).toBe(true);
  });

  it("reads a missing claim as undefined, never throwing", () => {
    const source = 'visitor.claims.unsigned.beta || visitor.claims.products.includes("api") || visitor.claims.seats > 1';
    for (const claims of [undefined, null, {}, 42, "text", [], { unsigned: null }, { unsigned: "x", products: "cloud" }, { products: { length: 1e12 } }, { products: Object.assign([], { length: 1e9 }) }]) {
      expect(meets(source, claims)).toBe(false);
    }
    expect(meets('visitor.claims.products.includes("api")', { products: "api-ish" })).toBe(true);
  });

  it("never runs getters nor reads through prototypes", () => {
    let ran = false;
    const withGetter = Object.defineProperty({}, "isBetaUser", { enumerable: true, get: () => ((ran = true), true) });
    expect(meets("visitor.claims.isBetaUser", withGetter)).toBe(false);
    const inherited = Object.create({ isBetaUser: true });
    expect(meets("visitor.claims.isBetaUser", inherited)).toBe(false);
    class Claims {
      isBetaUser = true;
    }
    expect(meets("visitor.claims.isBetaUser", new Claims())).toBe(false);
    const list = ["cloud"];
    Object.defineProperty(list, 1, { get: () => ((ran = true), "api") });
    expect(meets('visitor.claims.products.includes("api")', { products: list })).toBe(false);
    const hostile = new Proxy({}, { getOwnPropertyDescriptor: () => { throw new Error("boom"); } });
    expect(meets("visitor.claims.isBetaUser", hostile)).toBe(false);
    expect(meets("visitor.claims.isBetaUser", { isBetaUser: () => true })).toBe(false);
    expect(ran).toBe(false);
    expect(meets("visitor.claims.isBetaUser", Object.assign(Object.create(null), { isBetaUser: true }))).toBe(true);
  });

  it("never reaches a prototype from an AST built by hand", () => {
    const forged: ConditionNode = { type: "claim", path: ["constructor"], start: 0, end: 0 };
    expect(evaluateCondition(forged, {})).toBe(false);
    const proto: ConditionNode = { type: "compare", operator: "===", left: { type: "claim", path: ["__proto__"], start: 0, end: 0 }, right: { type: "literal", value: null, start: 0, end: 0 }, start: 0, end: 0 };
    expect(evaluateCondition(proto, JSON.parse('{"__proto__": null}'))).toBe(false);
  });
});

describe("suggestions", () => {
  it("completes claim names, includes and values", () => {
    const prefix = "visitor.claims.unsigned.";
    expect(conditionCompletions(schema, prefix)).toEqual({ from: prefix.length, options: [expect.objectContaining({ label: "beta", apply: "beta", kind: "claim" })] });
    const partial = "visitor.claims.is";
    expect(conditionCompletions(schema, partial)).toMatchObject({ from: partial.length - 2, options: [{ label: "isBetaUser" }] });
    expect(conditionCompletions(schema, "visitor.claims.fir").options).toEqual([expect.objectContaining({ apply: '["first-name"]' })]);
    expect(conditionCompletions(schema, "visitor.claims.products.").options.map((o) => o.label)).toEqual(["includes"]);
    const compared = 'visitor.claims.isBetaUser && visitor.claims.plan === "p';
    expect(conditionCompletions(schema, compared)).toEqual({ from: compared.length - 2, options: [expect.objectContaining({ apply: '"pro"', kind: "value" })] });
    expect(conditionCompletions(schema, "visitor.claims.isBetaUser == ").options.map((o) => o.label)).toEqual(["true", "false"]);
    const word = "!vis";
    const completions = conditionCompletions(schema, word);
    expect(completions.from).toBe(1);
    expect(completions.options.map((o) => o.label)).toContain("visitor.claims.unsigned.beta");
    expect(conditionCompletions(null, "vis").options).toEqual([expect.objectContaining({ apply: "visitor.claims." })]);
    expect(conditionCompletions(schema, "visitor.claims.visitorish.").options).toEqual([]);
  });

  it("derives template conditions that parse against the schema", () => {
    const templates = templateConditions(schema);
    expect(templates).toContainEqual({ description: expect.stringContaining("In the beta program"), condition: "visitor.claims.unsigned.beta === true" });
    expect(templates).toContainEqual(expect.objectContaining({ condition: "!visitor.claims.isBetaUser" }));
    expect(templates).toContainEqual(expect.objectContaining({ condition: 'visitor.claims.plan === "enterprise"' }));
    expect(templates).toContainEqual(expect.objectContaining({ condition: 'visitor.claims.products.includes("cloud")' }));
    expect(templates).toContainEqual(expect.objectContaining({ condition: 'visitor.claims["first-name"] !== undefined' }));
    for (const template of templates) expect(parseCondition(template.condition, schema), template.condition).toMatchObject({ ok: true });
    expect(templateConditions(null)).toEqual([]);
  });
});

describe("assertValidCondition", () => {
  it("is a 400 naming the field and the position", () => {
    expect(assertValidCondition("visitor.claims.isBetaUser", schema, "condition")).toMatchObject({ type: "claim" });
    try {
      assertValidCondition("visitor.claims.nope", schema, "condition");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 400, details: { fields: { condition: expect.stringMatching(/nope/) }, position: 15 } });
    }
  });
});
