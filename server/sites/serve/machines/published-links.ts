import { parseMarkdown } from "../../../content/format/parse-markdown";
import { walkTree } from "../../../content/format/tree-walk";

/** Where a page body's canonical links lead on the published site; undefined leaves a link as written. */
export type LinkResolver = { page(pageId: string): string | undefined; file(fileId: string): string | undefined };

/**
 * Canonical `/pages/<id>` and `/files/<id>` targets: after a `(` (links, images), a quote (tag and
 * HTML attributes), `<` (autolink-style destinations) or a space (definitions). Linear: one class
 * run per match.
 */
const TARGET = /(^|[("'<\s])\/(pages|files)\/([A-Za-z0-9_-]{1,100})/g;

/**
 * A page body with its links to pages and files rewritten to their published URLs, code left as
 * written (a snippet about `/pages/…` is text). Edits the text in place rather than re-serializing
 * the tree, so the markdown stays byte-for-byte the author's elsewhere.
 */
export function withPublishedLinks(markdown: string, resolve: LinkResolver): string {
  if (!markdown.includes("/pages/") && !markdown.includes("/files/")) return markdown;
  const code: [number, number][] = [];
  for (const node of walkTree(parseMarkdown(markdown))) {
    if ((node.type === "code" || node.type === "inlineCode") && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
      code.push([node.position.start.offset, node.position.end.offset]);
    }
  }
  code.sort((a, b) => a[0] - b[0]);
  const out: string[] = [];
  let at = 0;
  for (const [start, end] of code) {
    if (start < at) continue;
    out.push(rewrite(markdown.slice(at, start), resolve), markdown.slice(start, end));
    at = end;
  }
  out.push(rewrite(markdown.slice(at), resolve));
  return out.join("");
}

function rewrite(text: string, resolve: LinkResolver): string {
  return text.replace(TARGET, (match, before: string, kind: "pages" | "files", id: string) => {
    const url = kind === "pages" ? resolve.page(id) : resolve.file(id);
    return url === undefined ? match : `${before}${url}`;
  });
}
