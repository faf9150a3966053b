import type { DocumentBlock, DocumentInline, DocumentText, JSONDocument } from "@gitbook/api";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { documentToMarkdown, markdownToDocument } from "../../server/content/format";

/**
 * The format's round trips on random documents of every block and mark the reference lets each
 * container hold: document → markdown → document is the identity (keys and heading anchors aside,
 * which are made on reading), and markdown → document → markdown is stable after one pass.
 */

const FILE = "file-0123456789abcdef";
const resolvePath = (path: string) => (path === `files/${FILE}` || path === `/files/${FILE}` ? { kind: "file" as const, file: FILE } : undefined);

type Block = DocumentBlock;
type Inline = DocumentText | DocumentInline;

// Words carry the characters markdown and GitBook's tags give a meaning to, so that escaping is tried too.
const word = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("alpha", "Bravo", "charlie", "delta", "échelle", "42", "naïve", "日本語") },
  { weight: 1, arbitrary: fc.constantFrom("a*b", "_under_", "#tag", "[x]", "<b>", "x|y", "{%", "%}", "$$", "1.", "-", "+", "~", "\\", "&amp;", "{{", "!") },
);
const COLOR = (text: string, background: string) => ({ object: "mark", type: "color", data: { text, background } });
const MARKS = [
  ...["bold", "italic", "strikethrough", "code", "keyboard", "superscript", "subscript"].map((type) => ({ object: "mark", type })),
  COLOR("red", "default"),
  COLOR("default", "yellow"),
];
const markSet = fc.oneof(
  { weight: 3, arbitrary: fc.constant([] as object[]) },
  { weight: 2, arbitrary: fc.subarray(MARKS, { maxLength: 2 }).filter((marks) => marks.filter((mark) => mark.type === "color").length < 2) },
);

/** A text of words, each word a leaf with its marks, single spaces between them unmarked. */
const text: fc.Arbitrary<DocumentText> = fc.array(fc.tuple(word, markSet), { minLength: 1, maxLength: 4 }).map((words) => ({
  object: "text",
  leaves: words.flatMap(([value, marks], i) => [
    ...(i > 0 ? [{ object: "leaf" as const, text: " ", marks: [] }] : []),
    { object: "leaf" as const, text: value, marks: marks as never },
  ]),
}));

const link: fc.Arbitrary<DocumentInline> = fc
  .tuple(fc.constantFrom("https://example.com/guide", "https://quire.dev/a?b=c#d"), fc.constantFrom("the guide", "here"))
  .map(([url, label]) => ({ object: "inline", type: "link", data: { ref: { kind: "url", url } }, nodes: [{ object: "text", leaves: [{ object: "leaf", text: label, marks: [] }] }] }) as DocumentInline);

const mention = fc.constant({ object: "inline", type: "mention", isVoid: true, data: { ref: { kind: "page", page: "page-1" } } } as DocumentInline);
const formula = fc.constantFrom("a^2", "\\sqrt{x}").map((value) => ({ object: "inline", type: "inline-math", isVoid: true, data: { formula: value } }) as DocumentInline);

/** Inline content: texts, links, mentions and formulas, a space between each (two texts side by side would read as one). */
const inlines: fc.Arbitrary<Inline[]> = fc
  .array(fc.oneof({ weight: 6, arbitrary: text }, { weight: 1, arbitrary: link }, { weight: 1, arbitrary: mention }, { weight: 1, arbitrary: formula }), { minLength: 1, maxLength: 3 })
  .map((parts) =>
  parts.flatMap((part, i) => (i > 0 ? [{ object: "text", leaves: [{ object: "leaf", text: " ", marks: [] }] } as DocumentText, part] : [part])),
);

const paragraph = inlines.map((nodes): Block => ({ object: "block", type: "paragraph", data: {}, nodes }) as Block);
const heading = fc.tuple(fc.constantFrom("heading-1", "heading-2", "heading-3"), text).map(([type, nodes]): Block => ({ object: "block", type, data: {}, nodes: [nodes] }) as Block);
const divider: fc.Arbitrary<Block> = fc.constant({ object: "block", type: "divider", isVoid: true, data: {} } as Block);
const code = fc
  .record({
    lines: fc.array(fc.constantFrom("const a = 1;", "  return a * 2;", "", "# not a heading", "{% hint %}", "```"), { minLength: 1, maxLength: 3 }),
    syntax: fc.constantFrom(undefined, "js", "bash"),
    title: fc.constantFrom(undefined, "index.js"),
    lineNumbers: fc.constantFrom(undefined, true),
  })
  .map(({ lines, syntax, title, lineNumbers }): Block => ({
    object: "block",
    type: "code",
    data: { ...(syntax ? { syntax } : {}), ...(title ? { title } : {}), ...(lineNumbers ? { lineNumbers } : {}) },
    nodes: lines.map((line) => ({ object: "block", type: "code-line", data: {}, nodes: [{ object: "text", leaves: [{ object: "leaf", text: line, marks: [] }] }] })),
  }) as Block);
const math = fc.constantFrom("x^2 + y^2", "\\frac{a}{b}").map((formula): Block => ({ object: "block", type: "math", isVoid: true, data: { formula } }) as Block);
const embed = fc.constant({ object: "block", type: "embed", isVoid: true, data: { url: "https://www.youtube.com/watch?v=abc" } } as Block);
const file = fc.constant({ object: "block", type: "file", isVoid: true, data: { ref: { kind: "file", file: FILE } }, fragments: [] } as unknown as Block);
const contentRef = fc.constant({ object: "block", type: "content-ref", isVoid: true, data: { ref: { kind: "url", url: "https://example.com/page" } } } as Block);
/** Blocks whose data the reader makes from GitBook's forms: OpenAPI, swagger, reusable content, figures. */
const fromGitBook = fc.constantFrom(
  '{% openapi-operation spec="petstore" path="/pets" method="get" %}\n{% endopenapi-operation %}',
  '{% openapi src="https://example.com/petstore.yaml" path="/pets" method="post" %}\n[https://example.com/petstore.yaml](https://example.com/petstore.yaml)\n{% endopenapi %}',
  '{% include "reusable-1" %}',
  '<figure><img src="https://example.com/a.png" alt="A diagram"><figcaption><p>The <strong>caption</strong></p></figcaption></figure>',
).map((markdown) => markdownToDocument(markdown).nodes[0] as Block);

/** Tables as the reader makes them (their record and column ids are its own): from a markdown table of random cells. */
const table = fc
  .tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 2 }), fc.array(fc.constantFrom("alpha", "**bold** text", "`code`", "a \\| b", "x<br>y"), { minLength: 6, maxLength: 6 }))
  .map(([columns, rows, cells]): Block => {
    const row = (r: number) => `| ${Array.from({ length: columns }, (_, c) => cells[(r * columns + c) % cells.length]).join(" | ")} |`;
    const markdown = [row(0), `|${" --- |".repeat(columns)}`, ...Array.from({ length: rows }, (_, r) => row(r + 1))].join("\n");
    return markdownToDocument(markdown).nodes[0] as Block;
  });

type Depth = number;
const MAX_DEPTH = 3;

function listOf(type: "list-ordered" | "list-unordered" | "list-tasks", depth: Depth): fc.Arbitrary<Block> {
  const item = fc
    .tuple(paragraph, fc.array(itemBlock(depth + 1), { maxLength: depth < MAX_DEPTH ? 2 : 0 }), fc.boolean())
    .map(([first, rest, checked]) => ({ object: "block", type: "list-item", data: type === "list-tasks" ? { checked } : {}, nodes: [first, ...rest] }));
  return fc.array(item, { minLength: 1, maxLength: 3 }).map((nodes): Block => ({ object: "block", type, data: {}, nodes }) as Block);
}

const essentials = (depth: Depth): fc.Arbitrary<Block>[] => [
  paragraph,
  paragraph,
  heading,
  divider,
  ...(depth < MAX_DEPTH ? [listOf("list-unordered", depth), listOf("list-ordered", depth), listOf("list-tasks", depth)] : []),
];

const container = <T extends Block>(blocks: fc.Arbitrary<Block>, make: (nodes: Block[]) => T) => fc.array(blocks, { minLength: 1, maxLength: 3 }).map(make);

function quote(depth: Depth): fc.Arbitrary<Block> {
  const inner = fc.oneof(...essentials(depth + 1), ...(depth < MAX_DEPTH ? [fc.constant(null).chain(() => quote(depth + 1))] : []));
  return container(inner, (nodes) => ({ object: "block", type: "blockquote", data: {}, nodes }) as Block);
}

function hint(depth: Depth): fc.Arbitrary<Block> {
  const inner = fc.oneof(...essentials(depth + 1), embed, table);
  return fc.tuple(fc.constantFrom("info", "warning", "danger", "success"), fc.array(inner, { minLength: 1, maxLength: 3 })).map(([style, nodes]): Block => ({ object: "block", type: "hint", data: { style }, nodes }) as unknown as Block);
}

/** Blocks a list item holds in the reference. */
function itemBlock(depth: Depth): fc.Arbitrary<Block> {
  return fc.oneof(...essentials(depth), code, math, table, ...(depth < MAX_DEPTH ? [hint(depth), quote(depth)] : []));
}

/** Blocks a tab, a step and an update hold (DocumentBlockTabsItem). */
function rich(depth: Depth): fc.Arbitrary<Block>[] {
  return [...essentials(depth), code, embed, file, contentRef, math, ...(depth < MAX_DEPTH ? [hint(depth), quote(depth)] : [])];
}

function expandable(depth: Depth): fc.Arbitrary<Block> {
  const body = fc.oneof(...essentials(depth + 1), code, file, table, ...(depth < MAX_DEPTH ? [hint(depth + 1), quote(depth + 1)] : []));
  return fc.tuple(text, fc.array(body, { minLength: 1, maxLength: 2 })).map(([title, nodes]): Block => ({
    object: "block",
    type: "expandable",
    isVoid: true,
    data: {},
    fragments: [
      { object: "fragment", fragment: "expandable-title", type: "expandable-title", nodes: [{ object: "block", type: "paragraph", data: {}, nodes: [title] }] },
      { object: "fragment", fragment: "expandable-body", type: "expandable-body", nodes },
    ],
  }) as unknown as Block);
}

function items(type: "tabs" | "stepper" | "columns", depth: Depth): fc.Arbitrary<Block> {
  const itemType = { tabs: "tabs-item", stepper: "stepper-step", columns: "column" }[type];
  const inner = fc.oneof(...rich(depth + 1), ...(type !== "tabs" ? [expandable(depth + 1)] : []));
  const item = fc.tuple(fc.constantFrom("First", "Second tab"), fc.array(inner, { minLength: 1, maxLength: 2 })).map(([title, nodes]) => ({
    object: "block",
    type: itemType,
    data: type === "tabs" ? { title } : {},
    nodes,
  }));
  return fc.array(item, { minLength: 1, maxLength: 3 }).map((nodes): Block => ({ object: "block", type, data: {}, ...(type === "columns" ? { isVoid: false } : {}), nodes }) as Block);
}

const updates = (depth: Depth): fc.Arbitrary<Block> =>
  fc.array(fc.tuple(fc.constantFrom("2025-12-25", "2026-01-02"), fc.array(fc.oneof(...rich(depth + 1)), { minLength: 1, maxLength: 2 })), { minLength: 1, maxLength: 2 }).map(
    (entries): Block =>
      ({
        object: "block",
        type: "updates",
        data: { format: "full" },
        nodes: entries.map(([date, nodes]) => ({ object: "block", type: "update", data: { date: `${date}T00:00:00.000Z` }, nodes })),
      }) as Block,
  );

const topLevel: fc.Arbitrary<Block> = fc.oneof(
  ...essentials(0),
  code,
  math,
  embed,
  file,
  contentRef,
  table,
  quote(0),
  hint(0),
  expandable(0),
  items("tabs", 0),
  items("stepper", 0),
  items("columns", 0),
  updates(0),
  fromGitBook,
  fc.array(fc.oneof(...essentials(1), code, hint(1)), { minLength: 1, maxLength: 2 }).map((nodes): Block => ({ object: "block", type: "if", data: { expression: "visitor.claims.beta" }, nodes }) as Block),
);

const documents: fc.Arbitrary<JSONDocument> = fc.array(topLevel, { minLength: 1, maxLength: 5 }).map((nodes) => ({ object: "document", data: {}, nodes }) as JSONDocument);

/** A document as compared: without the keys and heading anchors made on reading, each text as its characters and their marks. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  if (record.object === "text") {
    const leaves = record.leaves as { text: string; marks: { type: string; data?: unknown }[] }[];
    const leafMarks = (marks: { type: string; data?: unknown }[]) => marks.map((mark) => mark.type + (mark.data ? JSON.stringify(mark.data) : "")).sort().join("+");
    return leaves.flatMap((leaf) => [...leaf.text].map((char) => `${char}:${leafMarks(leaf.marks)}`)).join("|");
  }
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(record)) {
    if (key === "key" || (key === "meta" && typeof record.type === "string" && record.type.startsWith("heading-"))) continue;
    out[key] = comparable(field);
  }
  // Adjacent texts read back as one.
  if (Array.isArray(out.nodes)) out.nodes = joinTexts(out.nodes as unknown[]);
  return out;
}

function joinTexts(nodes: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const node of nodes) {
    if (typeof node === "string" && typeof out.at(-1) === "string") out[out.length - 1] = `${out.at(-1)}|${node}`;
    else out.push(node);
  }
  return out;
}

/**
 * Markdown as people and GitBook write it, and as they should not: lines of every block's syntax
 * (GitBook's tags opened and closed anywhere, containers prefixed and indented), in any order.
 */
const LINES = [
  "Some *emphasis*, **strong** and `code` text.",
  "A [link](https://example.com) and <mark style=\"color:red;\">marked</mark> words.",
  "# Title",
  "### Third",
  "* item",
  "- other item",
  "1. first",
  "   * nested",
  "  continued",
  "* [ ] task",
  "> quoted",
  "> > deeper",
  "> * quoted item",
  "---",
  "```js",
  "```",
  "    indented code",
  "| a | b |",
  "| --- | --- |",
  "| 1 | 2 |",
  "$$",
  "x^2",
  "$$a$$",
  '{% hint style="info" %}',
  "{% endhint %}",
  '{% hint style="info" %}> x{% endhint %}',
  "{% tabs %}",
  '{% tab title="A" %}',
  "{% endtab %}",
  "{% endtabs %}",
  "{% stepper %}",
  "{% step %}",
  "{% endstep %}",
  "{% endstepper %}",
  '{% code title="a.js" lineNumbers="true" %}',
  "{% endcode %}",
  '{% embed url="https://www.youtube.com/watch?v=abc" %}',
  '{% content-ref url="https://example.com/page" %}',
  "{% endcontent-ref %}",
  "<details>",
  "<summary>More</summary>",
  "</details>",
  "<figure><img src=\"https://example.com/a.png\" alt=\"A\"><figcaption><p>Caption</p></figcaption></figure>",
  '{% if visitor.claims.beta %}',
  "{% endif %}",
  "",
];
const markdownPages = fc
  .array(fc.tuple(fc.constantFrom(...LINES), fc.constantFrom("", "", "  ", "> ", "* ")), { minLength: 1, maxLength: 14 })
  .map((lines) => lines.map(([line, prefix]) => prefix + line).join("\n"));

const read = (markdown: string) => markdownToDocument(markdown, { resolvePath });

describe("round trips of random documents", () => {
  test("document → markdown → document is the identity", () => {
    fc.assert(
      fc.property(documents, (document) => {
        const markdown = documentToMarkdown(document);
        expect(comparable(read(markdown)), markdown).toEqual(comparable(document));
      }),
      { numRuns: 200 },
    );
  });

  test("markdown → document → markdown is stable after one pass", () => {
    fc.assert(
      fc.property(markdownPages, (markdown) => {
        const once = documentToMarkdown(read(markdown));
        expect(documentToMarkdown(read(once)), `${markdown}\n=>\n${once}`).toBe(once);
      }),
      { numRuns: 200 },
    );
  });
});
