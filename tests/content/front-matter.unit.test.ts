import { describe, expect, test } from "vitest";
import { readMarkdownMeta } from "../../server/change-requests/content-changes/markdown-meta";
import { formatFrontMatter, parseFrontMatter } from "../../server/content/format/front-matter";
import { writePageFile } from "../../server/content/format/page-file";
import { DEFAULT_PAGE_LAYOUT } from "../../server/content/page-display";
import { cpuMsOf } from "../helpers/cpu-time";

const read = (file: string) => readMarkdownMeta(file, { headingAsTitle: true, titleMax: 200 });

describe("GitBook's front matter", () => {
  test("scalars quoted, folded or plain, comments and nested mappings; what else YAML allows is left out", () => {
    const lines = [
      "description: >-",
      "  A long description, folded",
      "  over two lines.",
      "icon: 'rocket'",
      'emoji: "🚀"',
      "hidden: true",
      "coverY: -12.5",
      "plain: text # a comment",
      "list:",
      "  - one",
      "layout:",
      "  width: wide",
      "  cover:",
      "    visible: false",
      "  outline:",
      "    visible: true",
      "after: yes",
    ];
    expect(parseFrontMatter(lines)).toEqual({
      description: "A long description, folded over two lines.",
      icon: "rocket",
      emoji: "🚀",
      hidden: true,
      coverY: -12.5,
      plain: "text",
      list: {},
      layout: { width: "wide", cover: { visible: false }, outline: { visible: true } },
      after: "yes",
    });
  });

  test("a page written as markdown takes its settings from its front matter and its title from its heading", () => {
    const meta = read("---\ndescription: How to start\nicon: bolt\nhidden: true\nnoIndex: true\nif: visitor.claims.beta\ncover: https://example.com/c.png\ncoverY: 40\nlayout:\n  width: wide\n  outline:\n    visible: false\n---\n\n# Start here\n\nThe body.\n");
    expect(meta).toEqual({
      markdown: "The body.\n",
      title: "Start here",
      description: "How to start",
      icon: "bolt",
      hidden: true,
      noIndex: true,
      condition: "visitor.claims.beta",
      cover: { src: "https://example.com/c.png", yPos: 40 },
      layout: { ...DEFAULT_PAGE_LAYOUT, width: "wide", outline: false },
    });
  });

  test("a page file is written as GitBook writes it, and read back into the same settings", () => {
    const page = { title: "Start", description: "d".repeat(90), icon: "bolt", hidden: true, cover: { src: "https://example.com/c.png", yPos: 0 }, layout: { ...DEFAULT_PAGE_LAYOUT, width: "wide" as const }, body: "Body.\n" };
    const file = writePageFile(page);
    expect(file.startsWith(`---\ndescription: >-\n  ${"d".repeat(90)}\nhidden: true\nicon: bolt\ncover: https://example.com/c.png\ncoverY: 0\nlayout:\n  width: wide\n`)).toBe(true);
    expect(file.endsWith("---\n\n# Start\n\nBody.\n")).toBe(true);
    const { markdown, ...fields } = read(file);
    expect(markdown).toBe("Body.\n");
    expect(fields).toEqual({ title: "Start", description: page.description, icon: "bolt", hidden: true, cover: page.cover, layout: page.layout });
    expect(formatFrontMatter({})).toBe("");
    expect(writePageFile({ title: "", body: "Only a body.\n" })).toBe("Only a body.\n");
  });

  test("100,000 front matter lines read in linear time", () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => (i % 2 ? `  key${i}: value` : `key${i}:`));
    expect(cpuMsOf(() => parseFrontMatter(lines)).ms).toBeLessThan(1000);
  });
});
