import { expect, test } from "vitest";
import { excerptOf } from "../../server/comments/mentions";
import { markdownToPlainText } from "../../server/comments/plain-text";
import { cpuMsOf } from "../helpers/cpu-time";

test("a comment's markdown reads as its text: marks, links and block markers gone", () => {
  expect(markdownToPlainText("**B** and _i_ and `code` and ~~gone~~")).toBe("B and i and code and gone");
  expect(markdownToPlainText("## Title\n> quoted\n- item\n1. first\n- [x] done")).toBe("Title\nquoted\nitem\nfirst\ndone");
  expect(markdownToPlainText("See [the guide](https://example.com/g) ![logo](/l.png) <b>bold</b> \\*star\\*")).toBe("See the guide logo bold *star*");
  expect(markdownToPlainText("```ts\nconst a = 1;\n```")).toBe("\nconst a = 1;\n");
  // What is no mark stays: a lone star between spaces, snake_case words.
  expect(markdownToPlainText("2 * 3 = 6 in snake_case_name")).toBe("2 * 3 = 6 in snake_case_name");
});

test("a mention's excerpt is plain text with the mention as @Name, and stays fast on hostile input", () => {
  expect(excerptOf("Hey @[Ann B](mention:u1), look at **B**: [this](https://x.test)")).toBe("Hey @Ann B, look at B: this");
  const hostile = `${"*_`[".repeat(50_000)}x`;
  const { ms } = cpuMsOf(() => {
    expect(excerptOf(hostile).length).toBeLessThanOrEqual(140);
    expect(markdownToPlainText(hostile).length).toBeGreaterThan(0);
  });
  expect(ms).toBeLessThan(1_000);
});
