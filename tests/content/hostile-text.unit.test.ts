import type { JSONDocument } from "@gitbook/api";
import type { Root } from "mdast";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { readMarkdownMeta } from "../../server/change-requests/content-changes/markdown-meta";
import { replaceDestinations } from "../../server/change-requests/content-changes/markdown-links";
import { documentToMarkdown, MAX_DOCUMENT_DEPTH } from "../../server/content/format/document-to-markdown";
import { htmlImages } from "../../server/content/format/html-figures";
import { htmlTokens } from "../../server/content/format/html-fragment";
import { plainText } from "../../server/content/format/document-text";
import { replaceLineBreaks, replaceSpans, trimEndOf } from "../../server/content/format/linear-text";
import { markdownLimitProblem, MAX_MARKDOWN_BYTES, MAX_NESTING, nestingDepth } from "../../server/content/format/markdown-limits";
import { markdownToDocument } from "../../server/content/format/markdown-to-document";
import { parseMarkdown } from "../../server/content/format/parse-markdown";
import { capNesting } from "../../server/content/format/tree-walk";
import { jsonShapeProblem } from "../../server/validation/json-shape";
import { findUnstorableText } from "../../server/validation/storable-text";
import { cpuMsOf } from "../helpers/cpu-time";

/**
 * What runs on the event loop on user text is linear: each case below took seconds or minutes
 * with the pattern or copy it replaced (a quadratic scan of a long run of one character), and
 * takes milliseconds now.
 */
const LINEAR_MS = 100;

const figure = (html: string) => htmlImages(html, { definitions: new Map() });

describe("linear on hostile text", () => {
  const blanks = " ".repeat(200_000);
  const deepValue = JSON.parse(`${'{"a":'.repeat(100_000)}"\\u0000"${"}".repeat(100_000)}`);
  const cases: [string, () => unknown][] = [
    ["a leading heading of blanks", () => readMarkdownMeta(`# x${blanks}y`, { headingAsTitle: true, titleMax: 256 })],
    ["a front matter value of blanks", () => readMarkdownMeta(`---\ntitle: x${blanks}y\n---\n`, { headingAsTitle: true, titleMax: 256 })],
    ["a quoted front matter value of escapes", () => readMarkdownMeta(`---\ntitle: "${"\\a".repeat(100_000)}\n---\n`, { headingAsTitle: true, titleMax: 256 })],
    ["a figure of blanks", () => figure(`<figure><img src="x">${blanks}!`)],
    ["a figure of attribute names", () => figure(`<figure><img ${"-".repeat(200_000)}></figure>`)],
    ["HTML of tags never closed", () => htmlTokens('<a href="x" '.repeat(40_000))],
    ["HTML of unquoted attributes", () => htmlTokens(`<a ${"x=y ".repeat(100_000)}`)],
    ["tags never closed", () => replaceSpans("<".repeat(200_000), "<", ">", () => "")],
    ["block tags never closed", () => replaceSpans("{%".repeat(100_000), "{%", "%}", () => " ")],
    ["blanks before a line's end", () => replaceLineBreaks(`${blanks}x\n`, " ")],
    ["newlines before text", () => trimEndOf(`${"\n".repeat(200_000)}x`, "\n")],
    ["40,000 link destinations", () => replaceDestinations("[a](b) ".repeat(40_000), Array.from({ length: 40_000 }, (_, i) => ({ start: i * 7 + 4, end: i * 7 + 5, url: "/pages/x" })))],
    ["JSON of 500,000 arrays", () => jsonShapeProblem("[".repeat(500_000))],
    ["a parsed value nested 100,000 deep", () => findUnstorableText(deepValue)],
  ];
  test.each(cases)("%s", (_, work) => {
    work();
    expect(cpuMsOf(work).ms).toBeLessThan(LINEAR_MS);
  });

  test("each answers as the pattern it replaced", () => {
    expect(readMarkdownMeta("# Getting started ##\n\nBody", { headingAsTitle: true, titleMax: 256 })).toEqual({ markdown: "Body", title: "Getting started" });
    expect(readMarkdownMeta("---\ntitle: 'It''s'\ndescription: \"a \\\"b\\\"\"\n---\n\nBody", { headingAsTitle: true, titleMax: 256 })).toEqual({
      markdown: "Body",
      title: "It's",
      description: 'a "b"',
    });
    const read = figure('<figure><img src="/files/a" alt="A &amp; B"><figcaption><p>Caption</p></figcaption></figure>');
    expect(read).toMatchObject({ type: "images", nodes: [{ data: { ref: { kind: "file", file: "a" }, alt: "A & B" } }] });
    expect(plainText(read!.nodes[0]!.fragments[0]!.nodes)).toBe("Caption");
    expect(figure('<figure><img src="x"></figure> trailing')).toBeUndefined();
    expect(replaceLineBreaks("a  \n \t b\nc", " ")).toBe("a b c");
    expect(replaceDestinations("[a](b) [c](d)", [{ start: 11, end: 12, url: "D" }, { start: 4, end: 5, url: "B" }])).toBe("[a](B) [c](D)");
    expect(jsonShapeProblem(`{"a":"${"[".repeat(200_000)}"}`)).toBeNull();
    expect(jsonShapeProblem(`[${"[]".repeat(100_000)}]`)).toBe("More than 100000 arrays and objects");
    expect(findUnstorableText({ changes: [{ title: "ok" }, { nested: [["a\u0000"]] }] })).toEqual({ path: ["changes", "1", "nested", "0", "0"], problem: "Must not contain the NUL character (\\u0000)" });
  });
});

describe("page markdown bounds", () => {
  test("nesting is counted from quote and list markers, indentation and block tags, in one pass", () => {
    expect(nestingDepth("plain text\n\n# heading")).toBe(0);
    expect(nestingDepth("> > quoted twice")).toBe(2);
    expect(nestingDepth(">>>x")).toBe(3);
    expect(nestingDepth("- - - x")).toBe(3);
    expect(nestingDepth("1. a\n   1) b")).toBe(2);
    expect(nestingDepth("- a\n  - b\n    - c\n      - d")).toBe(4);
    expect(nestingDepth('{% hint style="info" %}\n> quoted in a hint\n{% endhint %}\n> after')).toBe(2);
    expect(nestingDepth("*emphasis* and - a dash\n-not a list")).toBe(0);
  });

  test("the count is never below the parser's, for any nesting of markers and indentation", () => {
    const line = fc.array(fc.constantFrom("> ", ">", "- ", "* ", "+ ", "1. ", "2) ", "  ", "\t", " "), { maxLength: 12 }).map((prefix) => `${prefix.join("")}x`);
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (lines) => {
        const markdown = lines.join("\n");
        expect(nestingDepth(markdown)).toBeGreaterThanOrEqual(containerDepth(parseMarkdown(markdown)));
      }),
      { seed: 20261124, numRuns: 500 },
    );
  });

  test("too large or too deep markdown is named before any parsing", () => {
    expect(markdownLimitProblem("x".repeat(MAX_MARKDOWN_BYTES))).toBeNull();
    expect(markdownLimitProblem("é".repeat(MAX_MARKDOWN_BYTES / 2 + 1))).toBe("larger than 512 KiB");
    expect(markdownLimitProblem(`${"> ".repeat(MAX_NESTING)}x`)).toBeNull();
    expect(markdownLimitProblem(`${"> ".repeat(MAX_NESTING + 1)}x`)).toBe("nested deeper than 64 levels (quotes, list items, hint, code, tab and expandable blocks)");
  });

  test("a stored tree deeper than the limit is read with what lies deeper flattened, in order", () => {
    const tree = parseMarkdown(`${"> ".repeat(300)}deep\n${"> ".repeat(300)}\n${"> ".repeat(300)}deeper`);
    capNesting(tree);
    expect(containerDepth(tree)).toBe(MAX_NESTING);
    const document = markdownToDocument(`${"- ".repeat(200)}one\n\n${"- ".repeat(200)}two`);
    expect(JSON.stringify(document).match(/"text":"(one|two)"/g)).toEqual(['"text":"one"', '"text":"two"']);
  });

  test("a JSON document nested deeper than the limit is a 400 before the recursive conversion", () => {
    let node: unknown = { object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: "x", marks: [] }] }] };
    for (let i = 0; i < 10_000; i++) node = { object: "block", type: "blockquote", nodes: [node] };
    expect(() => documentToMarkdown({ object: "document", data: {}, nodes: [node] } as JSONDocument)).toThrow(`Nested deeper than ${MAX_DOCUMENT_DEPTH} levels`);
  });
});

/** Quotes, list items and footnotes nested in one another, at most. */
function containerDepth(tree: Root): number {
  let deepest = 0;
  const pending: { node: { type: string; children?: unknown[] }; depth: number }[] = [{ node: tree, depth: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const depth = item.depth + (["blockquote", "listItem", "footnoteDefinition"].includes(item.node.type) ? 1 : 0);
    deepest = Math.max(deepest, depth);
    for (const child of item.node.children ?? []) pending.push({ node: child as { type: string; children?: unknown[] }, depth });
  }
  return deepest;
}
