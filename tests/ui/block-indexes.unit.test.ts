import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, test } from "vitest";
import { markdownBlocks } from "../../components/change-requests/diff-model";
import { grammarsOf, loadGrammars } from "../../components/content/code-highlight";
import { MarkdownView } from "../../components/content/markdown-view";
import { markdownToDocument } from "../../server/content/format/markdown-to-document";

/**
 * Comments anchor to a page's top-level blocks by key: the reader numbers the elements it renders
 * (`data-block-index`) and the review screen the new version's blocks of its diff, in the order of
 * the document's top-level blocks, whose keys they take.
 */

const PAGE = `# Publishing

Before you publish, read [the guide][guide].

[guide]: https://example.com/guide

- [x] Write the introduction
- [ ] Ask for a review

{% hint style="warning" %}
Merged text is what readers see.
{% endhint %}

\`\`\`ts
const published = false;
\`\`\`

| Step | Who |
| --- | --- |
| Write | Editor |

> A quote.

---

The end.
`;

const indexesIn = (html: string) => [...html.matchAll(/data-block-index="(\d+)"/g)].map((match) => Number(match[1]));

describe("block indexes", () => {
  // The page's code block waits for its grammar (components/content/code-highlight.ts): at hand, as on the server.
  beforeAll(() => loadGrammars(grammarsOf(PAGE)));

  test("the reader numbers each top-level block once, as many as the document has", () => {
    const html = renderToStaticMarkup(createElement(MarkdownView, { markdown: PAGE, blockIndexes: true }));
    const blocks = markdownToDocument(PAGE).nodes.length;
    expect(indexesIn(html)).toEqual(Array.from({ length: blocks }, (_, index) => index));
    // The hint keeps its index on the callout it renders.
    expect(html).toMatch(/<aside role="note" aria-label="Warning" data-hint="warning" data-block-index="\d+"/);
  });

  test("without the option the page renders as before", () => {
    const html = renderToStaticMarkup(createElement(MarkdownView, { markdown: PAGE }));
    expect(html).not.toContain("data-block-index");
  });

  test("a page without link definitions has as many diff blocks as document blocks", () => {
    const page = PAGE.replace("[the guide][guide]", "the guide").replace("[guide]: https://example.com/guide\n\n", "");
    expect(markdownBlocks(page)).toHaveLength(markdownToDocument(page).nodes.length);
  });
});
