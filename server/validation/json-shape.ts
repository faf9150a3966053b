/**
 * A bound on the arrays and objects of a JSON body, checked on its text in one pass before it is
 * parsed. V8 parses 1 MB of nested arrays (`[[[[…`, or many `[[]]`: 300,000–500,000 of them) in
 * 70–130 ms on a two-core server, a stall for every other request; at 100,000 a parse takes
 * 20 ms at most, whatever their nesting, and no operation's input comes near (a content batch
 * holds a few hundred). Nesting itself needs no bound here: JSON.parse does not recurse, and no
 * schema keeps a nested value it does not know.
 */
export const MAX_JSON_CONTAINERS = 100_000;

/** What breaks the bound in JSON text (brackets in strings left out), or null. */
export function jsonShapeProblem(text: string): string | null {
  let containers = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if ((code === OPEN_ARRAY || code === OPEN_OBJECT) && ++containers > MAX_JSON_CONTAINERS) {
      return `More than ${MAX_JSON_CONTAINERS} arrays and objects`;
    }
  }
  return null;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
