import { childClaims, claimSource, describeClaim, schemaRoots } from "./claims";
import { ConditionSyntaxError, tokenize, type Punct, type Token } from "./tokenize";
import {
  FORBIDDEN_NAMES,
  MAX_CONDITION_DEPTH,
  MAX_CONDITION_LENGTH,
  type AdaptiveSchema,
  type ClaimSchema,
  type CompareOperator,
  type ConditionNode,
  type LiteralValue,
  type ParseResult,
} from "./types";

/**
 * The condition language: JavaScript-like boolean expressions over the visitor's claims, as GitBook
 * documents them (`visitor.claims.isBetaUser == true`, `visitor.claims.unsigned.plan === "pro" && …`).
 *
 *   or       := and ("||" and)*
 *   and      := compare ("&&" compare)*
 *   compare  := unary (("==" | "===" | "!=" | "!==" | "<" | "<=" | ">" | ">=") unary)?
 *   unary    := "!" unary | "-" number | primary
 *   primary  := literal | "(" or ")" | claim | claim ".includes(" or ")"
 *   claim    := "visitor" "." "claims" ("." name | "?." name | "[" string "]")+
 *   literal  := string | number | true | false | null | undefined
 *
 * Nothing else: no calls but `.includes`, no names but `visitor.claims…`, no `in` (it walks
 * prototypes), no arithmetic. `==` compares like `===` (no type coercion). Parsing is one pass
 * over the tokens, nesting is bounded by MAX_CONDITION_DEPTH, and the source by MAX_CONDITION_LENGTH.
 * With a schema (or several: a page in several sites), every claim read must be declared by one.
 */

const COMPARE: ReadonlySet<string> = new Set(["==", "!=", "===", "!==", "<", "<=", ">", ">="]);
const KEYWORDS: Record<string, LiteralValue> = { true: true, false: false, null: null, undefined: undefined };

type ClaimNode = ConditionNode & { type: "claim" };

/** The declarations a claim node resolved to (null: no schema to check against). */
type Resolved = WeakMap<ClaimNode, ClaimSchema[] | null>;

class Parser {
  private index = 0;
  private depth = 0;
  readonly resolved: Resolved = new WeakMap();

  constructor(
    private readonly tokens: Token[],
    private readonly roots: AdaptiveSchema[] | null,
  ) {}

  private get token(): Token {
    return this.tokens[this.index]!;
  }

  private fail(message: string, position: number): never {
    throw new ConditionSyntaxError({ message, position });
  }

  private isPunct(...values: Punct[]): boolean {
    return this.token.kind === "punct" && values.includes(this.token.value);
  }

  private expectPunct(value: Punct, message: string): Token {
    if (!this.isPunct(value)) this.fail(message, this.token.start);
    return this.tokens[this.index++]!;
  }

  private enter(position: number) {
    this.depth += 1;
    if (this.depth > MAX_CONDITION_DEPTH) this.fail(`Conditions nest at most ${MAX_CONDITION_DEPTH} levels deep.`, position);
  }

  parse(): ConditionNode {
    if (this.token.kind === "end") this.fail("Write a condition, such as visitor.claims.beta == true.", 0);
    const node = this.parseLogical("||");
    const rest = this.tokens[this.index]!;
    if (rest.kind !== "end") {
      const what = rest.kind === "punct" && rest.value === "(" ? "Only .includes(…) may be called in a condition." : "Combine conditions with && or ||.";
      this.fail(`Unexpected ${this.describe(rest)}: ${what}`, rest.start);
    }
    return node;
  }

  private parseLogical(operator: "&&" | "||"): ConditionNode {
    const next = () => (operator === "||" ? this.parseLogical("&&") : this.parseCompare());
    const operands = [next()];
    while (this.isPunct(operator)) {
      this.index += 1;
      operands.push(next());
    }
    if (operands.length === 1) return operands[0]!;
    return { type: "logical", operator, operands, start: operands[0]!.start, end: operands.at(-1)!.end };
  }

  private parseCompare(): ConditionNode {
    const left = this.parseUnary();
    if (this.token.kind !== "punct" || !COMPARE.has(this.token.value)) return left;
    const operatorToken = this.tokens[this.index++]!;
    const operator = operatorToken.kind === "punct" ? (operatorToken.value as CompareOperator) : "===";
    const right = this.parseUnary();
    if (this.token.kind === "punct" && COMPARE.has(this.token.value)) {
      this.fail("Compare two values at a time, and combine comparisons with && or ||.", this.token.start);
    }
    this.checkComparable(left, right, operator);
    this.checkComparable(right, left, operator);
    return { type: "compare", operator, left, right, start: left.start, end: right.end };
  }

  private parseUnary(): ConditionNode {
    const token = this.token;
    if (this.isPunct("!")) {
      this.index += 1;
      this.enter(token.start);
      const operand = this.parseUnary();
      this.depth -= 1;
      return { type: "not", operand, start: token.start, end: operand.end };
    }
    if (this.isPunct("-")) {
      this.index += 1;
      const number = this.token;
      if (number.kind !== "number") this.fail("A - sign may only come before a number.", token.start);
      this.index += 1;
      return { type: "literal", value: -number.value, start: token.start, end: number.end };
    }
    return this.parsePrimary();
  }

  private parsePrimary(): ConditionNode {
    const token = this.token;
    switch (token.kind) {
      case "string":
      case "number":
        this.index += 1;
        return { type: "literal", value: token.value, start: token.start, end: token.end };
      case "identifier":
        if (Object.hasOwn(KEYWORDS, token.value)) {
          this.index += 1;
          return { type: "literal", value: KEYWORDS[token.value], start: token.start, end: token.end };
        }
        if (token.value === "visitor") return this.parseClaim();
        return this.fail(`Unknown name ${JSON.stringify(token.value)}: conditions read the visitor's claims, as in visitor.claims.plan === "pro".`, token.start);
      case "punct":
        if (token.value === "(") {
          this.index += 1;
          this.enter(token.start);
          const inner = this.parseLogical("||");
          this.expectPunct(")", `Missing ) to close the ( at position ${token.start}.`);
          this.depth -= 1;
          return inner;
        }
        return this.fail(`Expected a value before ${this.describe(token)}.`, token.start);
      case "end":
        return this.fail("The condition ends too early: a value is missing.", token.start);
    }
  }

  /** After `.` or `?.`: a name, never a prototype name. */
  private memberName(): Token & { kind: "identifier" } {
    const name = this.token;
    if (name.kind !== "identifier") this.fail("Expected a claim name after the dot.", name.start);
    if (FORBIDDEN_NAMES.has(name.value) || name.value.startsWith("__")) this.fail(`${JSON.stringify(name.value)} is not a claim name.`, name.start);
    this.index += 1;
    return name;
  }

  private parseClaim(): ConditionNode {
    const start = this.token.start;
    this.index += 1;
    if (!this.isPunct(".", "?.")) this.fail("Visitor data is read from visitor.claims.", this.token.start);
    this.index += 1;
    const claims = this.token;
    if (claims.kind !== "identifier" || claims.value !== "claims") this.fail("Visitor data is read from visitor.claims.", claims.start);
    this.index += 1;

    const path: string[] = [];
    let nodes: ClaimSchema[] | null = this.roots as ClaimSchema[] | null;
    let end = claims.end;
    for (;;) {
      let name: string;
      let nameStart: number;
      if (this.isPunct(".", "?.")) {
        this.index += 1;
        if (this.token.kind === "identifier" && this.token.value === "includes" && path.length > 0 && this.tokens[this.index + 1]?.kind === "punct" && (this.tokens[this.index + 1] as { value: string }).value === "(") {
          return this.parseIncludes({ type: "claim", path, start, end }, nodes);
        }
        const token = this.memberName();
        name = token.value;
        nameStart = token.start;
        end = token.end;
      } else if (this.isPunct("[")) {
        this.index += 1;
        const token = this.token;
        if (token.kind !== "string") this.fail("Write a claim name in brackets as quoted text, as in visitor.claims[\"my-claim\"].", token.start);
        if (FORBIDDEN_NAMES.has(token.value) || token.value.startsWith("__")) this.fail(`${JSON.stringify(token.value)} is not a claim name.`, token.start);
        this.index += 1;
        end = this.expectPunct("]", "Missing ] after the claim name.").end;
        name = token.value;
        nameStart = token.start;
      } else {
        break;
      }
      if (nodes !== null) nodes = this.resolveChild(nodes, path, name, nameStart);
      path.push(name);
      if (this.isPunct("(")) this.fail("Only .includes(…) may be called in a condition.", this.token.start);
    }
    if (path.length === 0) this.fail("Name a claim after visitor.claims, as in visitor.claims.plan.", end);
    const node: ClaimNode = { type: "claim", path, start, end };
    this.resolved.set(node, nodes);
    return node;
  }

  private resolveChild(nodes: ClaimSchema[], path: string[], name: string, position: number): ClaimSchema[] {
    const parents = nodes.filter((node) => node.type === "object");
    if (parents.length === 0) {
      this.fail(`${claimSource(path)} is ${describeClaim(nodes[0]!)}: it has no claim ${JSON.stringify(name)}.`, position);
    }
    const children = childClaims(parents, name);
    if (children.length === 0) this.fail(`${claimSource([...path, name])} is not declared in the site's visitor schema.`, position);
    return children;
  }

  private parseIncludes(target: ClaimNode, nodes: ClaimSchema[] | null): ConditionNode {
    const name = this.tokens[this.index]!;
    this.index += 2; // `includes` `(`
    if (nodes !== null && !nodes.some((node) => node.type === "array" || node.type === "string")) {
      this.fail(`.includes(…) applies to lists and text; ${claimSource(target.path)} is ${describeClaim(nodes[0]!)}.`, name.start);
    }
    this.resolved.set(target, nodes);
    this.enter(name.start);
    if (this.isPunct(")")) this.fail(".includes(…) needs the value to look for.", this.token.start);
    const argument = this.parseLogical("||");
    if (this.isPunct(",")) this.fail(".includes(…) takes one value.", this.token.start);
    const close = this.expectPunct(")", "Missing ) to close .includes(.");
    this.depth -= 1;
    if (nodes !== null && argument.type === "literal") {
      const expected = nodes.flatMap((node) => (node.type === "array" ? [node.items] : node.type === "string" ? [{ type: "string" as const, description: "" }] : []));
      this.checkLiteralAgainst(argument, expected, target.path);
    }
    return { type: "includes", target, argument, start: target.start, end: close.end };
  }

  /** A literal compared with a declared claim must be of its type (and one of its values for an enum). */
  private checkComparable(claim: ConditionNode, other: ConditionNode, operator: CompareOperator) {
    if (claim.type !== "claim" || other.type !== "literal") return;
    const nodes = this.resolved.get(claim);
    if (!nodes) return;
    if (operator === "<" || operator === "<=" || operator === ">" || operator === ">=") {
      if (!nodes.some((node) => node.type === "number" || node.type === "string")) {
        this.fail(`${claimSource(claim.path)} is ${describeClaim(nodes[0]!)}: only numbers and text can be ordered.`, claim.start);
      }
    }
    this.checkLiteralAgainst(other, nodes, claim.path);
  }

  private checkLiteralAgainst(literal: ConditionNode & { type: "literal" }, nodes: ClaimSchema[], path: string[]) {
    const value = literal.value;
    if (value === null || value === undefined || nodes.length === 0) return;
    const type = typeof value;
    const sameType = nodes.filter((node) => node.type === type);
    if (sameType.length === 0) {
      const hint = nodes.some((node) => node.type === "array") ? " (use .includes(…) to look in a list)" : "";
      this.fail(`${claimSource(path)} is ${describeClaim(nodes[0]!)}, never ${JSON.stringify(value)}${hint}.`, literal.start);
    }
    if (type === "string" && sameType.every((node) => node.type === "string" && node.enum)) {
      const values = sameType.flatMap((node) => (node.type === "string" ? node.enum ?? [] : []));
      if (!values.includes(value as string)) this.fail(`${JSON.stringify(value)} is not a value of ${claimSource(path)} (${describeClaim(sameType[0]!)}).`, literal.start);
    }
  }

  private describe(token: Token): string {
    if (token.kind === "end") return "end of the condition";
    if (token.kind === "identifier") return JSON.stringify(token.value);
    if (token.kind === "punct") return token.value;
    return "value";
  }
}

/**
 * Parses a condition. With a schema (or several, when any of them may declare a claim), a claim
 * the schemas do not declare, or a literal of the wrong type for it, is an error naming its position;
 * with null only the syntax is checked.
 */
export function parseCondition(source: string, schema: AdaptiveSchema | readonly AdaptiveSchema[] | null): ParseResult {
  if (typeof source !== "string") return { ok: false, error: { message: "A condition is text.", position: 0 } };
  if (source.length > MAX_CONDITION_LENGTH) {
    return { ok: false, error: { message: `Conditions are at most ${MAX_CONDITION_LENGTH} characters long.`, position: MAX_CONDITION_LENGTH } };
  }
  try {
    const ast = new Parser(tokenize(source), schemaRoots(schema)).parse();
    return { ok: true, ast };
  } catch (error) {
    if (error instanceof ConditionSyntaxError) return { ok: false, error: error.error };
    throw error;
  }
}
