import type { Element, Root } from "hast";
import { toHtml } from "hast-util-to-html";
import rehypeHighlight from "rehype-highlight";
import { beforeAll, describe, expect, test } from "vitest";
import { grammarsLoaded, grammarsNamed, grammarsOf, loadGrammars, rehypeCodeHighlight } from "../../components/content/code-highlight";

/**
 * The admin's code blocks load only the grammars they name, yet highlight as the published pages do
 * (rehype-highlight with lowlight's common grammars, no detection): the same HTML, block for block.
 */

const MARKDOWN = [
  "```ts\nconst html = `<p class=\"x\">${name}</p>`; // typescript, embedding html\n```",
  "- a list\n\n  ~~~Python title=app.py\n  def hello(): return 'hi'\n  ~~~",
  "> quoted\n> ```sh\n> echo \"$HOME\" && ls -la\n> ```",
  "```console\n$ npm install\nadded 1 package\n```",
  "```html\n<script>let a = 1;</script><style>p { color: red }</style>\n```",
  "```yaml\nkey: value\nlist: [1, 2]\n```",
].join("\n\n");

const block = (className: string[] | undefined, text: string): Element => ({
  type: "element",
  tagName: "pre",
  properties: {},
  children: [{ type: "element", tagName: "code", properties: className ? { className } : {}, children: [{ type: "text", value: text }] }],
});

/** Blocks as remark turns fences into hast, a few with what rehype-highlight treats specially. */
const tree = (): Root => ({
  type: "root",
  children: [
    block(["language-ts"], "const html = `<p class=\"x\">${name}</p>`;"),
    block(["language-Python"], "def hello(): return 'hi'"),
    block(["language-sh"], 'echo "$HOME" && ls -la'),
    block(["language-console"], "$ npm install\nadded 1 package"),
    block(["language-html"], "<script>let a = 1;</script><style>p { color: red }</style>"),
    block(["language-yaml"], "key: value\nlist: [1, 2]"),
    block(["language-klingon"], "Qapla'"),
    block(["language-ts", "no-highlight"], "const plain = true;"),
    block(undefined, "no language"),
  ],
});

describe("code highlighting", () => {
  const names = grammarsOf(MARKDOWN);
  beforeAll(() => loadGrammars(names));

  test("a markdown's fences name the grammars to load, with those they embed; aliases and case resolve", () => {
    expect(names).toEqual(["bash", "css", "graphql", "javascript", "python", "ruby", "shell", "typescript", "xml", "yaml"]);
    expect(grammarsOf("No code here.\n\n    indented code")).toEqual([]);
    expect(grammarsLoaded(names)).toBe(true);
  });

  test("the blocks come out as the published pages' highlighter makes them", () => {
    const expected = tree();
    // It reports a language it does not know to the file being processed.
    rehypeHighlight({ detect: false })(expected, { message: () => undefined } as never);
    const actual = tree();
    rehypeCodeHighlight({ grammars: grammarsNamed(names) })(actual);
    expect(toHtml(actual)).toBe(toHtml(expected));
    expect(toHtml(actual)).toContain('<span class="hljs-keyword">const</span>');
  });

  test("a block whose grammar is not given keeps its text, marked as highlighted code as before", () => {
    const actual = tree();
    rehypeCodeHighlight({ grammars: {} })(actual);
    expect(toHtml(actual.children[0]!)).toBe('<pre><code class="hljs language-ts">const html = `&#x3C;p class="x">${name}&#x3C;/p>`;</code></pre>');
  });
});
