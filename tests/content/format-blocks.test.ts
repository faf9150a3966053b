import type { JSONDocument } from "@gitbook/api";
import { describe, expect, test } from "vitest";
import { markdownBlocks } from "../../components/change-requests/diff-model";
import { isolateTagLines as isolateReaderTagLines, remarkLiquidBlocks } from "../../server/content/render/liquid-blocks";
import { linkDestinations } from "../../server/change-requests/content-changes/markdown-links";
import { documentToMarkdown, extractLinks, markdownToDocument } from "../../server/content/format";
import { plainText } from "../../server/content/format/document-text";
import { markdownLimitProblem, MAX_NESTING } from "../../server/content/format/markdown-limits";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { pageSections } from "../../server/search/sections";
import { assertConformsToSchema } from "../helpers/conformance";
import { cpuMsOf } from "../helpers/cpu-time";

/**
 * Every block the editor edits, in GitBook's markdown and as the reference's document, both ways:
 * canonical markdown comes back unchanged, and a document comes back equal but for its keys.
 */

/** Canonical markdown of each block, as documentToMarkdown writes it (and GitBook does: `*` bullets, `_` emphasis, `***` rules, padded tables, `<figure>` images). */
const canonical: Record<string, string> = {
  headings: "# One\n\n## Two\n\n### Three\n",
  "paragraph with marks, links and variables":
    "Plain **bold** _italic_ ~~struck~~ `code` [a page](/pages/p1), [a site](https://quire.dev) and {{ space.vars.version }} on {{ page.vars.date }}.\n",
  lists: "* one\n* two\n  * nested\n\n3. third\n4. fourth\n\n* [x] done\n* [ ] to do\n",
  code: '```ts\nconst a = 1;\n```\n\n{% code title="app.ts" lineNumbers="true" %}\n```ts\nrun();\n```\n{% endcode %}\n',
  table: "| Name | Value |\n| ---- | ----: |\n| a    | **1** |\n",
  hints: '{% hint style="warning" %}\nCareful.\n\n* a list in a hint\n{% endhint %}\n',
  images: '<figure><img src="/files/file_diagram" alt="Diagram"><figcaption><p>The caption</p></figcaption></figure>\n',
  quote: "> Quoted **text**.\n>\n> > Nested.\n",
  divider: "Above\n\n***\n\nBelow\n",
  embed: '{% embed url="https://www.youtube.com/watch?v=quire" %}\n',
  tabs: '{% tabs %}\n{% tab title="Windows" %}\nRun the installer.\n{% endtab %}\n\n{% tab title="macOS" %}\nDrag it to **Applications**.\n{% endtab %}\n{% endtabs %}\n',
  "tabs holding hints, code, images and files":
    '{% tabs %}\n{% tab title="npm" %}\n{% hint style="info" %}\nNeeds Node {{ space.vars.node }}.\n{% endhint %}\n\n```bash\nnpm install quire\n```\n{% endtab %}\n\n{% tab title="Files" %}\n<figure><img src="/files/file_shot" alt="Shot"><figcaption></figcaption></figure>\n\n{% file src="/files/file_tgz" %}\nThe archive\n{% endfile %}\n{% endtab %}\n{% endtabs %}\n',
  expandable: "<details>\n\n<summary>Why &#x26; how</summary>\n\nBecause.\n\n</details>\n",
  "expandable open by default, holding lists, code and a table":
    '<details open>\n\n<summary>Steps for {{ space.vars.product }}</summary>\n\n1. Install\n2. Run\n\n* [ ] check\n\n```sh\nquire start\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n{% hint style="success" %}\nDone.\n{% endhint %}\n\n{% file src="/files/file_log" %}\n\n</details>\n',
  file: '{% file src="/files/file_manual" %}\nThe **user** manual, {{ space.vars.version }}\n{% endfile %}\n',
  "file without a caption": '{% file src="/files/file_bare" %}\n',
  "empty tab and empty expandable": '{% tabs %}\n{% tab title="" %}\n\n{% endtab %}\n{% endtabs %}\n\n<details>\n\n<summary></summary>\n\n\n\n</details>\n',
};

const stripKeys = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (key, each) => (key === "key" ? undefined : each)));

type LooseBlock = { type: string; data: unknown; nodes: LooseBlock[] };

function blocksOf(document: { nodes: readonly unknown[] }, type: string): LooseBlock[] {
  const found: unknown[] = [];
  const pending: unknown[] = [...document.nodes];
  for (let node = pending.shift(); node; node = pending.shift()) {
    const value = node as { type?: string; nodes?: unknown[]; fragments?: { nodes: unknown[] }[] };
    if (value.type === type) found.push(value);
    pending.push(...(value.nodes ?? []), ...(value.fragments ?? []).flatMap((fragment) => fragment.nodes));
  }
  return found as LooseBlock[];
}

describe("canonical markdown of every block", () => {
  test.each(Object.entries(canonical))("%s: markdown → document → markdown is unchanged, and the document conforms", (_, markdown) => {
    const document = markdownToDocument(markdown);
    assertConformsToSchema("JSONDocument", document);
    expect(documentToMarkdown(document)).toBe(markdown);
    expect(stripKeys(markdownToDocument(documentToMarkdown(document)))).toEqual(stripKeys(document));
  });

  test("all of them in one page", () => {
    const markdown = Object.values(canonical).join("\n");
    const document = markdownToDocument(markdown);
    assertConformsToSchema("JSONDocument", document);
    expect(documentToMarkdown(document)).toBe(markdown);
  });
});

describe("the new blocks' documents", () => {
  test("tabs: one tabs block of titled items holding their blocks", () => {
    const document = markdownToDocument(canonical["tabs holding hints, code, images and files"]!);
    expect(stripKeys(document.nodes.map((node) => node.type))).toEqual(["tabs"]);
    const [tabs] = blocksOf(document, "tabs");
    expect(tabs!.nodes.map((item) => [item.type, item.data, item.nodes.map((node) => node.type)])).toEqual([
      ["tabs-item", { title: "npm" }, ["hint", "code"]],
      ["tabs-item", { title: "Files" }, ["images", "file"]],
    ]);
    expect(JSON.stringify(stripKeys(tabs))).toContain('{"object":"inline","type":"expression","isVoid":true,"data":{"expression":"space.vars.node"}}');
  });

  test("expandable: a title fragment of one paragraph and a body fragment", () => {
    const document = markdownToDocument(canonical["expandable open by default, holding lists, code and a table"]!);
    const [expandable] = stripKeys(document.nodes) as { type: string; isVoid: boolean; data: unknown; fragments: { fragment: string; type: string; nodes: { type: string }[] }[] }[];
    expect(expandable).toMatchObject({ object: "block", type: "expandable", isVoid: true, data: { defaultExpanded: true } });
    expect(expandable!.fragments.map((fragment) => [fragment.fragment, fragment.type, fragment.nodes.map((node) => node.type)])).toEqual([
      ["expandable-title", "expandable-title", ["paragraph"]],
      ["expandable-body", "expandable-body", ["list-ordered", "list-tasks", "code", "table", "hint", "file"]],
    ]);
    expect(plainText(expandable!.fragments[0]!.nodes)).toBe("Steps for {{ space.vars.product }}");
    expect(JSON.stringify(expandable!.fragments[0])).toContain('"expression":"space.vars.product"');
    expect(stripKeys(markdownToDocument(canonical.expandable!).nodes[0])).toMatchObject({ data: {} });
  });

  test("file: a file of the space, its caption a fragment as images have", () => {
    const [file] = stripKeys(markdownToDocument(canonical.file!).nodes) as unknown[];
    expect(file).toEqual({
      object: "block",
      type: "file",
      isVoid: true,
      data: { ref: { kind: "file", file: "file_manual" } },
      fragments: [
        {
          object: "fragment",
          fragment: "caption",
          nodes: [
            {
              object: "block",
              type: "paragraph",
              data: {},
              nodes: [
                { object: "text", leaves: [{ object: "leaf", text: "The ", marks: [] }, { object: "leaf", text: "user", marks: [{ object: "mark", type: "bold" }] }, { object: "leaf", text: " manual, ", marks: [] }] },
                { object: "inline", type: "expression", isVoid: true, data: { expression: "space.vars.version" } },
              ],
            },
          ],
        },
      ],
    });
    expect(stripKeys(markdownToDocument(canonical["file without a caption"]!).nodes[0])).toMatchObject({ fragments: [] });
  });

  test("a file source is resolved like a link: relative paths through the resolver, web addresses become a link", () => {
    const resolvePath = (path: string) => (path === "../.gitbook/assets/guide.pdf" ? ({ kind: "file", file: "file_guide" } as const) : undefined);
    const document = markdownToDocument(
      '{% file src="../.gitbook/assets/guide.pdf" %}\nGuide\n{% endfile %}\n\n{% file src="<https://cdn.example.com/a.pdf>" %}\nRemote\n{% endfile %}\n\n{% file src="/files/file_lone" %}\n',
      { resolvePath },
    );
    assertConformsToSchema("JSONDocument", document);
    expect(document.nodes.map((node) => node.type)).toEqual(["file", "paragraph", "file"]);
    expect(document.nodes[0]).toMatchObject({ data: { ref: { kind: "file", file: "file_guide" } } });
    expect(document.nodes[1]).toMatchObject({ nodes: [{ type: "link", data: { ref: { kind: "url", url: "https://cdn.example.com/a.pdf" } }, nodes: [{ leaves: [{ text: "Remote" }] }] }] });
    expect(document.nodes[2]).toMatchObject({ data: { ref: { kind: "file", file: "file_lone" } }, fragments: [] });
  });

  test("GitHub's one-line <details><summary> and a summary written right under <details> read the same", () => {
    const spaced = markdownToDocument(canonical.expandable!);
    for (const markdown of ["<details><summary>Why &amp; how</summary>\n\nBecause.\n\n</details>", "<DETAILS>\n<summary>Why &amp; how</summary>\nBecause.\n</details>\n"]) {
      expect(stripKeys(markdownToDocument(markdown))).toEqual(stripKeys(spaced));
    }
  });

  test("tabs written against their content, as GitBook's docs show them, read the same", () => {
    const tight = '{% tabs %}\n{% tab title="Windows" %}\nRun the installer.\n{% endtab %}\n{% tab title="macOS" %}\nDrag it to **Applications**.\n{% endtab %}\n{% endtabs %}';
    expect(stripKeys(markdownToDocument(tight))).toEqual(stripKeys(markdownToDocument(canonical.tabs!)));
  });
});

describe("a document as the editor builds it", () => {
  const text = (value: string, ...marks: ("bold" | "italic" | "code" | "strikethrough")[]) => ({ object: "text" as const, leaves: [{ object: "leaf" as const, text: value, marks: marks.map((type) => ({ object: "mark" as const, type })) }] });
  const paragraph = (...nodes: unknown[]) => ({ object: "block", type: "paragraph", data: {}, nodes });
  const item = (nodes: unknown[], data: object = {}) => ({ object: "block", type: "list-item", data, nodes });
  const document = {
    object: "document",
    data: {},
    nodes: [
      { object: "block", type: "heading-1", data: {}, meta: { id: "guide" }, nodes: [text("Guide")] },
      paragraph(text("Read "), { object: "inline", type: "link", data: { ref: { kind: "page", page: "p2" } }, nodes: [text("this", "bold")] }, text(" for "), { object: "inline", type: "expression", isVoid: true, data: { expression: "page.vars.audience" } }),
      { object: "block", type: "list-unordered", data: {}, nodes: [item([paragraph(text("a"))]), item([paragraph(text("b")), { object: "block", type: "list-ordered", data: { start: 3 }, nodes: [item([paragraph(text("c"))])] }])] },
      { object: "block", type: "list-tasks", data: {}, nodes: [item([paragraph(text("done"))], { checked: true }), item([paragraph(text("open"))], { checked: false })] },
      { object: "block", type: "code", data: { syntax: "python", title: "a.py" }, nodes: [{ object: "block", type: "code-line", data: {}, nodes: [text("print(1)")] }] },
      { object: "block", type: "hint", data: { style: "danger" }, nodes: [paragraph(text("Stop."))] },
      { object: "block", type: "blockquote", data: {}, nodes: [paragraph(text("Said."))] },
      { object: "block", type: "divider", isVoid: true, data: {} },
      { object: "block", type: "images", isVoid: false, data: {}, nodes: [{ object: "block", type: "image", isVoid: true, data: { ref: { kind: "file", file: "f_img" }, alt: "Alt" }, fragments: [] }] },
      { object: "block", type: "embed", isVoid: true, data: { url: "https://example.com/video" } },
      {
        object: "block",
        type: "tabs",
        data: {},
        nodes: [
          { object: "block", type: "tabs-item", data: { title: "One" }, nodes: [paragraph(text("First"))] },
          { object: "block", type: "tabs-item", data: { title: "Two \"quoted\"" }, nodes: [{ object: "block", type: "hint", data: { style: "info" }, nodes: [paragraph(text("Inner"))] }] },
        ],
      },
      {
        object: "block",
        type: "expandable",
        isVoid: true,
        data: {},
        fragments: [
          { object: "fragment", fragment: "expandable-title", type: "expandable-title", nodes: [paragraph(text("More <details> & such"))] },
          { object: "fragment", fragment: "expandable-body", type: "expandable-body", nodes: [{ object: "block", type: "list-unordered", data: {}, nodes: [item([paragraph(text("x"))])] }] },
        ],
      },
      { object: "block", type: "file", isVoid: true, data: { ref: { kind: "file", file: "f_pdf" } }, fragments: [{ object: "fragment", fragment: "caption", nodes: [paragraph(text("Specs"))] }] },
      { object: "block", type: "file", isVoid: true, data: { ref: { kind: "file", file: "f_zip" } }, fragments: [] },
    ],
  } as unknown as JSONDocument;

  test("conforms, and comes back from its markdown equal but for keys", () => {
    assertConformsToSchema("JSONDocument", document);
    const markdown = documentToMarkdown(document);
    expect(stripKeys(markdownToDocument(markdown))).toEqual(document);
    // Read through /v1 as markdown and written back: the same markdown.
    expect(documentToMarkdown(markdownToDocument(markdown))).toBe(markdown);
    expect(markdown).toContain('{% tab title="Two &quot;quoted&quot;" %}\n{% hint style="info" %}\nInner\n{% endhint %}\n{% endtab %}');
    expect(markdown).toContain("<details>\n\n<summary>More &#x3C;details> &#x26; such</summary>\n\n* x\n\n</details>");
  });
});

describe("what a container cannot hold", () => {
  test("a table or an expandable in a tab is lifted out, splitting the tabs around it; a tab left empty stays", () => {
    const document = markdownToDocument('{% tabs %}\n{% tab title="A" %}\nBefore\n\n| a |\n| - |\n| 1 |\n\nAfter\n{% endtab %}\n{% endtabs %}\n\n{% tabs %}\n{% tab title="B" %}\n<details>\n<summary>In a tab</summary>\n\nBody\n\n</details>\n{% endtab %}\n{% endtabs %}');
    assertConformsToSchema("JSONDocument", document);
    expect(document.nodes.map((node) => node.type)).toEqual(["tabs", "table", "tabs", "tabs", "expandable"]);
    // Tab B held nothing else: it keeps its title, empty, before the expandable.
    expect(blocksOf(document, "tabs-item").map((item) => item.data)).toEqual([{ title: "A" }, { title: "A" }, { title: "B" }]);
  });

  test("tabs and expandables in a list item come out after its items, splitting the list; files in hints and quotes become links", () => {
    const document = markdownToDocument(
      '- step\n\n  {% tabs %}\n  {% tab title="Linux" %}\n  apt install quire\n  {% endtab %}\n  {% endtabs %}\n\n  <details>\n\n  <summary>Details</summary>\n\n  Hidden\n\n  </details>\n\n{% hint style="info" %}\n{% file src="/files/f1" %}\nThe file\n{% endfile %}\n{% endhint %}\n\n> {% file src="/files/f2" %}\n> {% endfile %}\n',
    );
    assertConformsToSchema("JSONDocument", document);
    expect(document.nodes.map((node) => node.type)).toEqual(["list-unordered", "tabs", "expandable", "hint", "blockquote"]);
    const [list, tabs, expandable, hint, quote] = document.nodes as unknown as { nodes: { nodes: { type: string }[] }[] }[];
    expect(list!.nodes.map((item) => plainText(item.nodes as never))).toEqual(["step"]);
    expect(plainText([tabs as never])).toBe("apt install quire");
    expect(JSON.stringify(expandable)).toContain("Hidden");
    expect(hint!.nodes[0]).toMatchObject({ type: "paragraph", nodes: [{ type: "link", data: { ref: { kind: "file", file: "f1" } }, nodes: [{ leaves: [{ text: "The file" }] }] }] });
    expect(quote!.nodes[0]).toMatchObject({ type: "paragraph", nodes: [{ type: "link", data: { ref: { kind: "file", file: "f2" } }, nodes: [{ leaves: [{ text: "/files/f2" }] }] }] });
  });

  test("an embed in an expandable becomes a link; a tabs block in an expandable is lifted out", () => {
    const document = markdownToDocument('<details>\n\n<summary>S</summary>\n\n{% embed url="https://example.com/v" %}\n\n{% tabs %}\n{% tab title="T" %}\nx\n{% endtab %}\n{% endtabs %}\n\n</details>');
    assertConformsToSchema("JSONDocument", document);
    expect(document.nodes.map((node) => node.type)).toEqual(["expandable", "tabs"]);
    expect(JSON.stringify(document.nodes[0])).toContain('"ref":{"kind":"url","url":"https://example.com/v"}');
  });
});

describe("malformed and hostile tags", () => {
  test.each([
    ["tabs never closed", '{% tabs %}\n{% tab title="A" %}\nText\n{% endtab %}', ["paragraph", "tabs"], "{% tabs %}"],
    ["a tab never closed", '{% tabs %}\n{% tab title="A" %}\nText\n{% endtabs %}', ["paragraph", "paragraph"], '{% tab title=\\"A\\" %}'],
    ["a stray end tag", "{% endtab %}\n\nText", ["paragraph", "paragraph"], "{% endtab %}"],
    ["details never closed", "<details>\n<summary>S</summary>\n\nText", ["paragraph", "paragraph", "paragraph"], "<details>"],
    ["a stray </details>", "Text\n\n</details>", ["paragraph", "paragraph"], "</details>"],
    ["a summary outside details", "<summary>S</summary>", ["paragraph"], "<summary>S</summary>"],
    ["tags crossing each other", '{% tab title="A" %}\n<details>\n{% endtab %}\n</details>', ["tabs", "paragraph"], "</details>"],
  ])("%s stays text where it has no pair", (_, markdown, types, kept) => {
    const document = markdownToDocument(markdown);
    assertConformsToSchema("JSONDocument", document);
    expect(document.nodes.map((node) => node.type)).toEqual(types);
    expect(JSON.stringify(document)).toContain(`"text":"${kept}"`);
  });

  test("thousands of unclosed or paired tags convert about as fast as as many paragraphs (no quadratic pairing)", () => {
    const timed = (markdown: string) => cpuMsOf(() => documentToMarkdown(markdownToDocument(markdown))).ms;
    const lines = 8000;
    const cases = [
      '{% tab title="x" %}\n'.repeat(lines),
      "<details>\n".repeat(lines),
      "{% endtabs %}\n".repeat(lines),
      '{% tabs %}\n{% tab title="a" %}\nx\n{% endtab %}\n{% endtabs %}\n'.repeat(lines / 5),
      "<details>\n<summary>s</summary>\nx\n</details>\n".repeat(lines / 4),
    ];
    timed("warm up\n");
    const baseline = timed("text\n\n".repeat(lines));
    for (const markdown of cases) expect(timed(markdown)).toBeLessThan(4 * baseline + 250);
  });

  test("tabs and expandables count toward the nesting limit; stored pages nested deeper pair tags only up to it", () => {
    const nested = (depth: number) => `${'{% tabs %}\n{% tab title="t" %}\n'.repeat(depth)}x\n${"{% endtab %}\n{% endtabs %}\n".repeat(depth)}`;
    expect(markdownLimitProblem(nested(MAX_NESTING / 2))).toBeNull();
    expect(markdownLimitProblem(nested(MAX_NESTING / 2 + 1))).toMatch(/^nested deeper than 64 levels/);
    expect(markdownLimitProblem("<details>\n".repeat(MAX_NESTING + 1))).toMatch(/^nested deeper than 64 levels/);
    // Files hold only a caption and are often written without a closing tag: they do not nest.
    expect(markdownLimitProblem('{% file src="/files/f" %}\n'.repeat(MAX_NESTING + 1))).toBeNull();
    const document = markdownToDocument(`${"<details>\n\n".repeat(500)}deep${"\n\n</details>".repeat(500)}`);
    assertConformsToSchema("JSONDocument", document);
    expect(JSON.stringify(document)).toContain('"text":"deep"');
  });
});

describe("search reads the new blocks", () => {
  test("search indexes tab titles, the tabs' content, expandables' titles and bodies, and file captions", () => {
    const [lead] = pageSections(`Intro\n\n${canonical["tabs holding hints, code, images and files"]}\n${canonical["expandable open by default, holding lists, code and a table"]}\n${canonical.file}`);
    for (const words of ["npm", "Needs Node {{ space.vars.node }}.", "npm install quire", "Files", "The archive", "Steps for {{ space.vars.product }}", "quire start", "The user manual, {{ space.vars.version }}"]) {
      expect(lead!.body).toContain(words);
    }
    expect(lead!.body).not.toContain("{%");
    expect(lead!.body).not.toContain("<summary>");
  });
});

describe("a file tag's source is a link of its page", () => {
  const markdown = 'Intro [a](./a.md)\n\n{% file src="./manual.pdf" %}\nThe manual\n{% endfile %}\n\n```md\n{% file src="./not-a-file.pdf" %}\n```\n\n> {% file src="/files/f2" %}\n';

  test("found with its exact place, so a write can resolve it like any link", () => {
    const destinations = linkDestinations(markdown);
    expect(destinations.map(({ kind, url }) => [kind, url])).toEqual([
      ["link", "./a.md"],
      ["link", "./manual.pdf"],
      ["link", "/files/f2"],
    ]);
    expect(destinations.map(({ start, end }) => markdown.slice(start, end))).toEqual(["./a.md", "./manual.pdf", "/files/f2"]);
  });

  test("recorded among the page's links", () => {
    expect(extractLinks(markdown).map((link) => link.target)).toEqual([
      { kind: "path", path: "./a.md" },
      { kind: "path", path: "./manual.pdf" },
      { kind: "file", file: "f2" },
    ]);
  });
});

describe("the review's rendered diff", () => {
  test("keeps each tabs, expandable and file block whole, and an unclosed tag as its own block", () => {
    // Blank lines aside (tag lines are isolated before parsing).
    const blocks = markdownBlocks(`# A\n\n${canonical.tabs}\n${canonical.expandable}\n${canonical.file}\n{% hint style="info" %}\n\nText`);
    expect(blocks.map((block) => block.replace(/\n+/g, "\n"))).toEqual([
      "# A",
      canonical.tabs!.trim().replace(/\n+/g, "\n"),
      canonical.expandable!.trim().replace(/\n+/g, "\n"),
      canonical.file!.trim(),
      '{% hint style="info" %}',
      "Text",
    ]);
  });
});

describe("the reader's tag pairing", () => {
  test("thousands of unclosed tags pair in about the time of as many paragraphs (it scanned forward from each)", () => {
    const timed = (markdown: string) => {
      // As the reader parses (micromark, through react-markdown's remark).
      const tree = fromMarkdown(isolateReaderTagLines(markdown), { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
      return { ms: cpuMsOf(() => remarkLiquidBlocks()(tree)).ms, tree };
    };
    timed("warm up");
    const baseline = timed("text\n\n".repeat(8000)).ms;
    for (const line of ['{% tab title="x" %}\n', "<details>\n", '{% hint style="info" %}\n']) expect(timed(line.repeat(8000)).ms).toBeLessThan(20 * baseline + 100);
    const { tree } = timed(canonical["tabs holding hints, code, images and files"]!);
    expect(tree.children).toMatchObject([{ data: { hName: "div", hProperties: { className: ["tabs"] } } }]);
  });
});
