import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { CommentMarkdown } from "../../components/discussions/comment-markdown";
import { mentionMarkdown } from "../../components/discussions/mentions";

/** Comments are written by anyone who may comment: their markdown must render inert. */

const render = (markdown: string) => renderToStaticMarkup(createElement(CommentMarkdown, { markdown }));

describe("comment markdown", () => {
  test("raw HTML, event handlers and scriptable URLs render inert", () => {
    const html = render(
      [
        `<script>alert(1)</script>`,
        `<img src=x onerror="alert(2)">`,
        `<a href="javascript:alert(3)" onclick="alert(4)">click</a>`,
        `[link](javascript:alert(5)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](  JaVaScRiPt:alert(6))`,
        `![pixel](javascript:alert(7))`,
        `<iframe src="https://evil.example"></iframe><style>body{display:none}</style>`,
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/<script|<iframe|<style|<img/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/javascript:|data:text/i);
    expect(html).toContain(">link</a>");
  });

  test("markdown formatting and safe links still render", () => {
    const html = render("**bold** and `code` and [docs](https://example.com/docs)\n\n- one\n- two");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<code>code</code>");
    expect(html).toContain('href="https://example.com/docs"');
    expect(html).toContain('rel="noreferrer noopener nofollow"');
    expect(html).toContain("<li>one</li>");
  });

  test("a mention shows as a styled @Name, not a link", () => {
    const html = render(`Thanks ${mentionMarkdown("Ada Lovelace", "user_1")}, see above.`);
    expect(html).toContain('<span class="rounded bg-indigo-50 px-0.5 font-medium text-indigo-700" data-mention="user_1">@Ada Lovelace</span>');
    expect(html).not.toContain("mention:");
    expect(html).not.toContain("@@");
  });

  test("a mention's name cannot break out of its brackets", () => {
    expect(mentionMarkdown("Eve](javascript:alert(1)) [x", "u2")).toBe("@[Eve(javascript:alert(1)) x](mention:u2)");
    const html = render(mentionMarkdown("Eve](javascript:alert(1)) [x", "u2"));
    expect(html).not.toMatch(/href="javascript/i);
  });
});
