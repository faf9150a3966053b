import type { ConditionError } from "./types";

/**
 * Splits a condition into tokens in one left-to-right pass (linear in its length). Unknown
 * characters and JavaScript operators the language leaves out are errors that say what to write.
 */

export type Token =
  | { kind: "identifier"; value: string; start: number; end: number }
  | { kind: "string"; value: string; start: number; end: number }
  | { kind: "number"; value: number; start: number; end: number }
  | { kind: "punct"; value: Punct; start: number; end: number }
  | { kind: "end"; start: number; end: number };

export type Punct =
  | "(" | ")" | "[" | "]" | "." | "?." | ","
  | "!" | "-" | "&&" | "||"
  | "==" | "===" | "!=" | "!==" | "<" | "<=" | ">" | ">=";

export class ConditionSyntaxError extends Error {
  constructor(readonly error: ConditionError) {
    super(error.message);
  }
}

const fail = (message: string, position: number): never => {
  throw new ConditionSyntaxError({ message, position });
};

// Longest first, so `===` is not read as `==` then `=`.
const PUNCTS: Punct[] = ["===", "!==", "==", "!=", "<=", ">=", "&&", "||", "?.", "(", ")", "[", "]", ".", ",", "!", "-", "<", ">"];

const MISTAKES: Record<string, string> = {
  "=": "A single = assigns: compare with === (or ==).",
  "&": "Combine conditions with && (a single & is not supported).",
  "|": "Combine conditions with || (a single | is not supported).",
  "`": "Write text between \"double\" or 'single' quotes.",
  "+": "Arithmetic is not supported in conditions.",
  "*": "Arithmetic is not supported in conditions.",
  "/": "Arithmetic is not supported in conditions.",
  "%": "Arithmetic is not supported in conditions.",
  "?": "The ?: operator is not supported: combine conditions with && and ||.",
  ";": "A condition is one expression: remove the ;.",
};

const isIdentifierStart = (c: string) => /[A-Za-z_$]/.test(c);
const isIdentifierPart = (c: string) => /[A-Za-z0-9_$]/.test(c);
const isDigit = (c: string) => c >= "0" && c <= "9";

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", v: "\v", "0": "\0" };

function readString(source: string, start: number): Token {
  const quote = source[start];
  let value = "";
  let i = start + 1;
  while (i < source.length) {
    const c = source[i]!;
    if (c === quote) return { kind: "string", value, start, end: i + 1 };
    if (c === "\n" || c === "\r") break;
    if (c === "\\") {
      const next = source[i + 1];
      if (next === undefined) break;
      if (next === "u") {
        const hex = source.slice(i + 2, i + 6);
        if (!/^[0-9A-Fa-f]{4}$/.test(hex)) fail("Write a \\u escape as \\u followed by four hexadecimal digits.", i);
        value += String.fromCharCode(parseInt(hex, 16));
        i += 6;
        continue;
      }
      value += ESCAPES[next] ?? next;
      i += 2;
      continue;
    }
    value += c;
    i += 1;
  }
  return fail(`This text has no closing ${quote}.`, start);
}

function readNumber(source: string, start: number): Token {
  const pattern = /\d+(\.\d+)?([eE][+-]?\d+)?/y;
  pattern.lastIndex = start;
  const text = pattern.exec(source)![0];
  const value = Number(text);
  if (!Number.isFinite(value)) fail("This number is too large.", start);
  if (isIdentifierPart(source[start + text.length] ?? "")) fail("A number cannot be followed by letters.", start + text.length);
  return { kind: "number", value, start, end: start + text.length };
}

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      i += 1;
      continue;
    }
    let token: Token;
    if (isIdentifierStart(c)) {
      let end = i + 1;
      while (end < source.length && isIdentifierPart(source[end]!)) end += 1;
      token = { kind: "identifier", value: source.slice(i, end), start: i, end };
    } else if (c === "\"" || c === "'") {
      token = readString(source, i);
    } else if (isDigit(c)) {
      token = readNumber(source, i);
    } else {
      const punct = PUNCTS.find((p) => source.startsWith(p, i));
      if (!punct) return fail(MISTAKES[c] ?? `Unexpected character ${JSON.stringify(c)}.`, i);
      token = { kind: "punct", value: punct, start: i, end: i + punct.length };
    }
    tokens.push(token);
    i = token.end;
  }
  tokens.push({ kind: "end", start: source.length, end: source.length });
  return tokens;
}
