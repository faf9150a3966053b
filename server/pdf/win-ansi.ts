/**
 * The PDF's fonts are the standard 14 (nothing to embed, nothing to ship), which encode text in
 * Windows-1252: a character outside it would be written as garbage. Text is mapped into that set
 * first: typographic look-alikes for common symbols, accents dropped where Unicode decomposes
 * them, decorative emoji dropped, anything else shown as "?".
 */

/** Windows-1252 characters outside Latin-1 (its 0x80–0x9F range). */
const CP1252_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

const LOOK_ALIKES: Record<string, string> = {
  "→": "->",
  "←": "<-",
  "↔": "<->",
  "⇒": "=>",
  "⇐": "<=",
  "⇔": "<=>",
  "↑": "^",
  "↓": "v",
  "≤": "<=",
  "≥": ">=",
  "≠": "!=",
  "≈": "~",
  "∞": "infinity",
  "−": "-",
  "‐": "-",
  "‑": "-",
  "‒": "-",
  "―": "-",
  "′": "'",
  "″": '"',
  "✓": "v",
  "✔": "v",
  "✗": "x",
  "✘": "x",
  "☐": "[ ]",
  "☑": "[x]",
  "☒": "[x]",
  "◦": "·",
  "▪": "•",
  "●": "•",
  "\u2009": " ",
  "\u200A": " ",
  "\u202F": " ",
  "\u2002": " ",
  "\u2003": " ",
  "\u2007": " ",
};

const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\uFE0E\uFE0F]/u;
const DECORATIVE = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\u{E0020}-\u{E007F}]/u;

const encodable = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRAS.has(char);
};

/** `text` in characters the standard PDF fonts can show; newlines are kept, tabs become four spaces. */
export function toWinAnsi(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    if (encodable(char) || char === "\n") out += char;
    else if (char === "\t") out += "    ";
    else if (LOOK_ALIKES[char] !== undefined) out += LOOK_ALIKES[char];
    else if (INVISIBLE.test(char) || DECORATIVE.test(char) || char.codePointAt(0)! < 0x20 || (char.codePointAt(0)! >= 0x7f && char.codePointAt(0)! < 0xa0)) continue;
    else {
      const base = char.normalize("NFKD").replace(/\p{M}/gu, "");
      out += base !== "" && [...base].every(encodable) ? base : "?";
    }
  }
  return out;
}
