/**
 * Bounds on the shape of a JSON body, checked on its text in one pass before it is parsed. V8
 * parses 1 MB of nested arrays (`[[[[…`, or many `[[]]`) in 70–130 ms on a two-core server, a
 * stall for every other request; these bounds keep a body's parse to a few milliseconds and are
 * far beyond any operation's input (a content batch nests six levels and holds a few hundred
 * arrays and objects; a document of any accepted page, a few hundred levels).
 */
export const MAX_JSON_DEPTH = 512;
export const MAX_JSON_CONTAINERS = 100_000;

/** What breaks the bounds in JSON text (its arrays and objects, brackets in strings left out), or null. */
export function jsonShapeProblem(text: string): string | null {
  let depth = 0;
  let containers = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > MAX_JSON_DEPTH) return `nested deeper than ${MAX_JSON_DEPTH} levels`;
      if (++containers > MAX_JSON_CONTAINERS) return `more than ${MAX_JSON_CONTAINERS} arrays and objects`;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--;
    }
  }
  return null;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
