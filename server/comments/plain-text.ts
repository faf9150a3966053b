/**
 * A comment's markdown as the text a reader sees, for places that show text, not markdown (a
 * notification's excerpt, its email): emphasis, code and strike marks dropped, links and images
 * as their text, block markers (headings, quotes, lists, fences) gone. Each rule is one linear
 * regular expression over bounded input (a comment's body), with no nested quantifiers.
 */
export function markdownToPlainText(markdown: string): string {
  return (
    markdown
      // Fenced code: the fence lines go, the code stays.
      .replace(/^ {0,3}(`{3,}|~{3,})[^\n]*$/gm, "")
      // Block markers at a line's start: headings, quotes, list bullets and numbers, task boxes.
      .replace(/^[ \t]*(?:>[ \t]?)*(?:#{1,6}[ \t]+|[-*+][ \t]+(?:\[[ xX]\][ \t]+)?|\d{1,9}[.)][ \t]+)?/gm, "")
      // Images and links: their text.
      .replace(/!?\[([^\]\n]{0,500})\]\([^)\n]{0,2000}\)/g, "$1")
      // Emphasis, strong, strike and code marks: a run of them against a word ("2 * 3" keeps its star).
      // An escaped mark (`\*`) is no mark.
      .replace(/(?<!\\)(?:\*+|~~+|`+)(?=\S)|(?<=[^\s\\])(?:\*+|~~+|`+)/g, "")
      .replace(/(?<![A-Za-z0-9\\])_+(?=\S)|(?<=[^\s\\])_+(?![A-Za-z0-9])/g, "")
      // HTML tags people wrote.
      .replace(/<\/?[A-Za-z][^<>\n]{0,200}>/g, "")
      // Escapes: the escaped character.
      .replace(/\\([\\`*_{}[\]()#+\-.!~>|])/g, "$1")
  );
}
