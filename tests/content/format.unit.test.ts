import type { DocumentBlock, JSONDocument } from "@gitbook/api";
import { describe, expect, test } from "vitest";
import { plainText } from "../../server/content/format/document-text";
import { documentToMarkdown, evaluateVariables, extractLinks, markdownToDocument } from "../../server/content/format";
import { assertConformsToSchema } from "../helpers/conformance";

const corpus: Record<string, string> = {
  "getting-started": `# Getting started

Welcome to **Quire**, the _documentation_ platform. Install \`quire\` with ~~yarn~~ npm, then read the [API guide](/pages/api-guide) or the [FAQ](https://quire.dev/faq).

{% hint style="info" %}
Quire {{ space.vars.version }} needs Node 22. Run \`node -v\` to check.
{% endhint %}

## Install

1. Download the archive
2. Unpack it:
   \`\`\`bash
   tar xzf quire.tgz
   \`\`\`
3. Start the server
   - on Linux: \`./quire start\`
   - on macOS:
     1. allow the binary
     2. run it

{% hint style="warning" %}
Keep your **API tokens** secret.

- rotate them monthly
- never commit them
{% endhint %}

### Next steps

See [configuration](/pages/config#database) and [below](#troubleshooting).

#### Troubleshooting

Port already in use? Stop the other server.
`,
  "api-reference": `# API reference

{% code title="client.ts" lineNumbers="true" %}
\`\`\`typescript
import { Quire } from "quire";

const client = new Quire({ token: process.env.TOKEN });
\`\`\`
{% endcode %}

\`\`\`json
{ "id": "space_1", "title": "Docs" }
\`\`\`

| Parameter | Type | Required | Description |
| :--- | :---: | ---: | --- |
| \`spaceId\` | string | yes | The **space** to read |
| \`format\` | \`markdown\` \\| \`document\` | no | See [formats](/pages/formats)<br>Default: markdown |

{% hint style="danger" %}
Deleting a space cannot be undone.
{% endhint %}

{% hint style="success" %}
| Code | Meaning |
| --- | --- |
| 200 | OK |
{% endhint %}

---

Errors answer \`{ "error": { "code", "message" } }\`.
`,
  changelog: `# Changelog

## {{ space.vars.version }}

- [x] Page documents in the API
- [x] Hints of every style
- [ ] Tables with merged cells
  - [ ] design
  - [x] research

> Upgrading from 1.x? Read the migration notes first.
>
> > Nested quotes keep their **emphasis**.

Released by the ***core team*** on {{ page.vars.releaseDate }}.

0. zero-based
1. lists keep their start
`,
  media: `# Screenshots

![Dashboard](/files/file_dashboard "The dashboard after sign-in")

![Light](https://cdn.quire.dev/light.png) ![Dark](https://cdn.quire.dev/dark.png)

<figure><img src="/files/file_settings" alt="Settings"><figcaption><p>The settings page</p></figcaption></figure>

Inline ![icon](/files/file_icon) in a sentence, and [![badge](https://img.shields.io/badge/quire-ok-green)](https://quire.dev).

- A list with an image: ![step](/files/file_step)

Read [the guide][guide], the [setup notes](./setup.md#linux) or [the FAQ page](/help/faq). Mail <support@quire.dev>.

[guide]: /pages/guide "Guide"
`,
  // Constructs the reference has no exact place for: each must still give a valid, stable document.
  edge: `##### Deep heading with \`code\`

<div align="center">Raw HTML</div>

A footnote[^1] and <kbd>Ctrl</kbd>.

[^1]: The note.

\`\`\`js title="app.js"
run({{ space.vars.flag }});
\`\`\`

\`\`\`md
{% hint style="info" %}
Not a hint: this is code.
{% endhint %}
\`\`\`

{% embed url="https://www.youtube.com/watch?v=quire" %}

{% hint style="tip" %}
Unknown styles read as info.
{% endhint %}

{% hint style="info" %}
{% endhint %}

- item with a hint
  {% hint style="success" %}
  Inside the item.
  {% endhint %}
- item with an image ![shot](/files/file_shot)

| | |
| - | - |
| headless | table |

**Bold ***and* plain, \\*escaped\\*, a | pipe.
`,
};

const pages = Object.entries(corpus);

type AnyBlock = DocumentBlock & { nodes: { data?: unknown }[] };

function blocksOf(document: JSONDocument, type: string): AnyBlock[] {
  const found: AnyBlock[] = [];
  const walk = (nodes: readonly unknown[]) => {
    for (const node of nodes as { object?: string; type?: string; nodes?: unknown[]; fragments?: { nodes: unknown[] }[] }[]) {
      if (node.object === "block" && node.type === type) found.push(node as AnyBlock);
      if (node.nodes) walk(node.nodes);
      for (const fragment of node.fragments ?? []) walk(fragment.nodes);
    }
  };
  walk(document.nodes);
  return found;
}

const leavesOf = (block: DocumentBlock) => ("nodes" in block ? (block.nodes as { leaves?: { text: string; marks: { type: string }[] }[] }[]) : []).flatMap((node) => node.leaves ?? []);

describe("markdownToDocument", () => {
  test.each(pages)("%s conforms to the reference's page document", (_, markdown) => {
    const document = markdownToDocument(markdown);
    assertConformsToSchema("JSONDocument", document);
    assertConformsToSchema("Document", { document });
  });

  test("gives the same document, keys included, for the same markdown", () => {
    for (const [, markdown] of pages) expect(markdownToDocument(markdown)).toEqual(markdownToDocument(markdown));
    const keys = JSON.stringify(markdownToDocument(corpus["getting-started"]!)).match(/"key":"[^"]+"/g) ?? [];
    expect(keys.length).toBeGreaterThan(20);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test("maps headings, marks, links, variables, hints and nested lists", () => {
    const document = markdownToDocument(corpus["getting-started"]!);
    expect(document.nodes.map((node) => node.type)).toEqual(["heading-1", "paragraph", "hint", "heading-2", "list-ordered", "hint", "heading-3", "paragraph", "heading-3", "paragraph"]);
    expect(document.nodes[8]).toMatchObject({ meta: { id: "troubleshooting" } });
    const intro = document.nodes[1]!;
    expect(leavesOf(intro).map((leaf) => [leaf.text, leaf.marks.map((mark) => mark.type)])).toEqual(
      expect.arrayContaining([["Quire", ["bold"]], ["documentation", ["italic"]], ["quire", ["code"]], ["yarn", ["strikethrough"]]]),
    );
    const links = "nodes" in intro ? intro.nodes.filter((node) => node.object === "inline") : [];
    expect(links.map((link) => "data" in link && link.data)).toEqual([{ ref: { kind: "page", page: "api-guide" } }, { ref: { kind: "url", url: "https://quire.dev/faq" } }]);
    expect(blocksOf(document, "hint").map((hint) => hint.data)).toEqual([{ style: "info" }, { style: "warning" }]);
    expect(JSON.stringify(document.nodes[2])).toContain('{"object":"inline","type":"expression","isVoid":true,"data":{"expression":"space.vars.version"}');
    const anchors = JSON.stringify(document.nodes[7]);
    expect(anchors).toContain('{"kind":"anchor","anchor":"database","page":"config"}');
    expect(anchors).toContain('{"kind":"anchor","anchor":"troubleshooting"}');
    const code = blocksOf(document, "code")[0]!;
    expect(code).toMatchObject({ data: { syntax: "bash" }, nodes: [{ type: "code-line", nodes: [{ leaves: [{ text: "tar xzf quire.tgz" }] }] }] });
    expect(blocksOf(document, "list-ordered")).toHaveLength(2);
    expect(blocksOf(document, "list-unordered")).toHaveLength(2);
  });

  test("maps code titles, tables and hints of every style", () => {
    const document = markdownToDocument(corpus["api-reference"]!);
    const [titled, json] = blocksOf(document, "code");
    expect(titled!.data).toEqual({ syntax: "typescript", title: "client.ts", lineNumbers: true });
    expect(titled!.nodes).toHaveLength(3);
    expect(json!.data).toEqual({ syntax: "json" });
    const table = blocksOf(document, "table")[0]!;
    if (table.type !== "table") throw new Error("not a table");
    expect(Object.values(table.data.definition).map((column) => [column.title, "textAlignment" in column && column.textAlignment])).toEqual([
      ["Parameter", "left"],
      ["Type", "center"],
      ["Required", "right"],
      ["Description", "left"],
    ]);
    expect(table.data.view).toEqual({ type: "grid", columns: ["c0", "c1", "c2", "c3"], hideHeader: false });
    const second = table.data.records.r1!;
    const cell = table.fragments.find((fragment) => fragment.fragment === second.values.c3)!;
    expect(plainText(cell.nodes)).toBe("See formats\nDefault: markdown");
    expect(blocksOf(document, "hint").map((hint) => hint.data)).toEqual([{ style: "danger" }, { style: "success" }]);
    expect(blocksOf(document, "divider")).toHaveLength(1);
  });

  test("maps task lists, quotes and ordered starts", () => {
    const document = markdownToDocument(corpus.changelog!);
    const tasks = blocksOf(document, "list-tasks");
    expect(tasks).toHaveLength(2);
    expect(tasks[0]!.nodes.map((item) => item.data)).toEqual([{ checked: true }, { checked: true }, { checked: false }]);
    expect(blocksOf(document, "blockquote")).toHaveLength(2);
    expect(blocksOf(document, "list-ordered")[0]!.data).toEqual({ start: 0 });
    const bold = leavesOf(document.nodes.find((node) => node.type === "paragraph")!);
    expect(bold).toContainEqual({ object: "leaf", text: "core team", marks: [{ object: "mark", type: "bold" }, { object: "mark", type: "italic" }] });
  });

  test("maps images, figures, inline images, references and unresolved paths", () => {
    const document = markdownToDocument(corpus.media!, {
      resolvePath: (path, anchor) => (path === "./setup.md" ? { kind: "anchor", page: "page_setup", anchor: anchor ?? "" } : undefined),
    });
    const images = blocksOf(document, "images");
    expect(images.map((block) => block.nodes.length)).toEqual([1, 2, 1]);
    expect(images[0]!.nodes[0]).toMatchObject({ type: "image", data: { ref: { kind: "file", file: "file_dashboard" }, alt: "Dashboard" } });
    expect(plainText((images[0]!.nodes[0] as { fragments: { nodes: unknown[] }[] }).fragments[0]!.nodes)).toBe("The dashboard after sign-in");
    expect(images[2]!.nodes[0]).toMatchObject({ data: { ref: { kind: "file", file: "file_settings" }, alt: "Settings" } });
    const text = JSON.stringify(document);
    expect(text).toContain('{"object":"inline","type":"inline-image","isVoid":true,"data":{"ref":{"kind":"file","file":"file_icon"},"alt":"icon"}');
    expect(text).toContain('"ref":{"kind":"file","file":"file_step"}');
    expect(text).toContain('{"kind":"page","page":"guide"}');
    expect(text).toContain('{"kind":"anchor","page":"page_setup","anchor":"linux"}');
    expect(text).toContain('{"kind":"url","url":"/help/faq"}');
    expect(text).toContain('{"kind":"url","url":"mailto:support@quire.dev"}');
  });

  test("lifts blocks a container cannot hold out of it, keeping their order", () => {
    const document = markdownToDocument('{% hint style="info" %}\nRun:\n\n```sh\nquire start\n```\n\nThen open it.\n{% endhint %}\n\n> Quoted\n>\n> | a |\n> | - |\n> | 1 |\n');
    assertConformsToSchema("JSONDocument", document);
    expect(document.nodes.map((node) => node.type)).toEqual(["hint", "code", "hint", "blockquote", "table"]);
    expect(markdownToDocument("").nodes).toMatchObject([{ type: "paragraph", nodes: [{ leaves: [{ text: "" }] }] }]);
  });
});

describe("documentToMarkdown", () => {
  test.each(pages)("%s is stable after one round trip", (_, markdown) => {
    const once = documentToMarkdown(markdownToDocument(markdown));
    expect(documentToMarkdown(markdownToDocument(once))).toBe(once);
    expect(markdownToDocument(once)).toEqual(markdownToDocument(documentToMarkdown(markdownToDocument(once))));
  });

  test("writes GitBook's block tags and canonical links", () => {
    const markdown = documentToMarkdown(markdownToDocument(`${corpus["api-reference"]}\n\n${corpus["getting-started"]}`));
    expect(markdown).toContain('{% code title="client.ts" lineNumbers="true" %}\n```typescript\nimport { Quire } from "quire";\n');
    expect(markdown).toContain('{% hint style="info" %}\nQuire {{ space.vars.version }} needs Node 22. Run `node -v` to check.\n{% endhint %}');
    // Padded to the columns' widths, as GitBook writes tables.
    expect(markdown).toContain("| `spaceId` |          string          |      yes | The **space** to read                              |");
    expect(markdown).toContain("| --------- | :----------------------: | -------: | -------------------------------------------------- |");
    expect(markdown).toContain("[configuration](/pages/config#database)");
  });

  test("drops a line break that ends a paragraph: written, it would come back as a backslash", () => {
    const paragraph = (text: string) => ({ object: "block" as const, type: "paragraph" as const, nodes: [{ object: "text" as const, leaves: [{ object: "leaf" as const, text, marks: [] }] }] });
    const document: JSONDocument = { object: "document", data: {}, nodes: [paragraph("Ends with a break\n"), paragraph("Two\nlines\n\n")] };
    const markdown = documentToMarkdown(document);
    expect(markdown).toBe("Ends with a break\n\nTwo\\\nlines\n");
    expect(documentToMarkdown(markdownToDocument(markdown))).toBe(markdown);
    expect(leavesOf(markdownToDocument(markdown).nodes[0]!).map((leaf) => leaf.text)).toEqual(["Ends with a break"]);
  });

  test("rebuilds overlapping marks without losing text or formatting", () => {
    const leaf = (text: string, ...marks: ("bold" | "italic" | "code" | "strikethrough")[]) => ({ object: "leaf" as const, text, marks: marks.map((type) => ({ object: "mark" as const, type })) });
    const paragraph = {
      object: "block" as const,
      type: "paragraph" as const,
      nodes: [
        { object: "text" as const, leaves: [leaf("plain "), leaf("bold ", "bold"), leaf("both", "bold", "italic"), leaf(" italic", "italic"), leaf(" code", "code"), leaf("gone", "strikethrough")] },
        { object: "inline" as const, type: "link" as const, data: { ref: { kind: "page" as const, page: "p1" } }, nodes: [{ object: "text" as const, leaves: [leaf("linked", "bold")] }] },
      ],
    };
    const markdown = documentToMarkdown({ object: "document", data: {}, nodes: [paragraph] });
    // A link's marks stay inside it, as GitBook writes them.
    expect(markdown).toBe("plain **bold _both_** _italic_` code`~~gone~~[**linked**](/pages/p1)\n");
    const back = markdownToDocument(markdown).nodes[0]!;
    expect(leavesOf(back).map((each) => `${each.text}:${each.marks.map((mark) => mark.type).join("+")}`)).toEqual([
      "plain :",
      "bold :bold",
      "both:bold+italic",
      " :",
      "italic:italic",
      " code:code",
      "gone:strikethrough",
    ]);
  });
});

describe("extractLinks", () => {
  test("finds every link and image target with its position", () => {
    const links = extractLinks(corpus.media!);
    expect(links.map((link) => [link.type, link.target])).toEqual([
      ["image", { kind: "file", file: "file_dashboard" }],
      ["image", { kind: "url", url: "https://cdn.quire.dev/light.png" }],
      ["image", { kind: "url", url: "https://cdn.quire.dev/dark.png" }],
      ["image", { kind: "file", file: "file_settings" }],
      ["image", { kind: "file", file: "file_icon" }],
      ["link", { kind: "url", url: "https://quire.dev" }],
      ["image", { kind: "url", url: "https://img.shields.io/badge/quire-ok-green" }],
      ["image", { kind: "file", file: "file_step" }],
      ["link", { kind: "page", page: "guide" }],
      ["link", { kind: "path", path: "./setup.md", anchor: "linux" }],
      ["link", { kind: "path", path: "/help/faq" }],
      ["link", { kind: "url", url: "mailto:support@quire.dev" }],
    ]);
    expect(links[0]!.position.start).toEqual({ line: 3, column: 1, offset: 15 });
    expect(corpus.media!.slice(links[8]!.position.start.offset, links[8]!.position.end.offset)).toBe("[the guide][guide]");
  });

  test("reads anchors and ignores links written inside code", () => {
    const links = extractLinks("See [a](#intro), [b](/pages/p2#setup) and [c](/files/f1).\n\n```md\n[not a link](/pages/p3)\n```\n\n`[nor this](/pages/p4)`\n");
    expect(links.map((link) => link.target)).toEqual([{ kind: "anchor", anchor: "intro" }, { kind: "anchor", anchor: "setup", page: "p2" }, { kind: "file", file: "f1" }]);
  });
});

describe("evaluateVariables", () => {
  test("replaces space and page variables and leaves unknown names", () => {
    const markdown = "v{{ space.vars.version }} on {{page.vars.date}}, {{ space.vars.missing }}, {{ page.vars.version }}, `{{space.vars.version}}`";
    expect(evaluateVariables(markdown, { space: { version: "2.0" }, page: { date: "May 1", version: "page-2.0" } })).toBe(
      "v2.0 on May 1, {{ space.vars.missing }}, page-2.0, `2.0`",
    );
    // Each scope reads its own map; inherited object properties are not variables.
    expect(evaluateVariables("{{ page.vars.version }} {{ space.vars.toString }}", { space: { version: "2.0" }, page: {} })).toBe(
      "{{ page.vars.version }} {{ space.vars.toString }}",
    );
    expect(evaluateVariables("{{ space.vars.major }} {{ page.vars.beta }}", { space: { major: 3 }, page: { beta: false } })).toBe("3 false");
  });

  test("an evaluated page's document holds values, not expressions", () => {
    const evaluated = evaluateVariables(corpus.changelog!, { space: { version: "2.0" }, page: { releaseDate: "May 1" } });
    const document = markdownToDocument(evaluated);
    expect(JSON.stringify(document)).not.toContain('"expression"');
    expect(plainText(document.nodes[1]!.type === "heading-2" ? document.nodes[1]!.nodes : [])).toBe("2.0");
  });
});

describe("blocks nested in containers", () => {
  const types = (nodes: readonly unknown[]): unknown[] =>
    (nodes as { type: string; nodes?: unknown[]; fragments?: { nodes: unknown[] }[] }[]).map((node) =>
      node.type === "paragraph" || node.type.startsWith("heading") || node.type === "code" ? node.type : { [node.type]: types(node.nodes ?? node.fragments!.flatMap((fragment) => fragment.nodes)) },
    );
  const roundTrip = (markdown: string) => {
    const document = markdownToDocument(markdown);
    assertConformsToSchema("JSONDocument", document);
    const written = documentToMarkdown(document);
    expect(documentToMarkdown(markdownToDocument(written))).toBe(written);
    return { document, written };
  };

  test("a quote in a hint stays in the hint (a hint cannot hold a quote: its text does), however the hint is written", () => {
    for (const markdown of ['{% hint style="info" %}\n> x\n{% endhint %}', '{% hint style="info" %}> x{% endhint %}']) {
      const { document, written } = roundTrip(markdown);
      expect(types(document.nodes)).toEqual([{ hint: ["paragraph"] }]);
      expect(written).toBe('{% hint style="info" %}\nx\n{% endhint %}\n');
    }
  });

  test("content on a container tag's line is the container's; in code it is text", () => {
    expect(types(roundTrip('{% hint style="warning" %}Careful{% endhint %}').document.nodes)).toEqual([{ hint: ["paragraph"] }]);
    expect(types(roundTrip('> {% hint style="info" %}Quoted\n> {% endhint %}').document.nodes)).toEqual([{ hint: ["paragraph"] }]);
    const { written } = roundTrip('```\n{% hint style="info" %}> x{% endhint %}\n```');
    expect(written).toBe('```\n{% hint style="info" %}> x{% endhint %}\n```\n');
  });

  test("a hint is never lost: holding only what it cannot hold, it stays, empty, before it", () => {
    const { document } = roundTrip('{% hint style="danger" %}\n```js\nx\n```\n{% endhint %}');
    expect(types(document.nodes)).toEqual([{ hint: ["paragraph"] }, "code"]);
    expect(document.nodes[0]).toMatchObject({ data: { style: "danger" } });
  });

  test("tabs and an expandable in a list item keep their kind: they come out after the item, the items after them a list of their own, numbered on", () => {
    const { document, written } = roundTrip(
      '1. a\n2. b\n\n   {% tabs %}\n   {% tab title="A" %}\n   x\n   {% endtab %}\n   {% endtabs %}\n\n   after\n3. c\n   <details>\n\n   <summary>More</summary>\n\n   body\n\n   </details>\n4. d',
    );
    expect(types(document.nodes)).toEqual([
      { "list-ordered": [{ "list-item": ["paragraph"] }, { "list-item": ["paragraph"] }] },
      { tabs: [{ "tabs-item": ["paragraph"] }] },
      "paragraph",
      { "list-ordered": [{ "list-item": ["paragraph"] }] },
      { expandable: ["paragraph", "paragraph"] },
      { "list-ordered": [{ "list-item": ["paragraph"] }] },
    ]);
    expect(document.nodes[3]).toMatchObject({ data: { start: 3 } });
    expect(document.nodes[5]).toMatchObject({ data: { start: 4 } });
    expect(written).toContain('{% tab title="A" %}\nx\n{% endtab %}');
  });

  test("text that reads as a tag or a formula is escaped; blocks after a list in an item stay in it", () => {
    const text = (value: string): JSONDocument => ({ object: "document", data: {}, nodes: [{ object: "block", type: "paragraph", data: {}, nodes: [{ object: "text", leaves: [{ object: "leaf", text: value, marks: [] }] }] }] });
    for (const value of ["{% endhint %}", "a {% hint %} b", "$$x$$", "costs $$ or $$$"]) {
      const markdown = documentToMarkdown(text(value));
      expect(plainText(markdownToDocument(markdown).nodes), markdown).toBe(value);
    }
    const { document, written } = roundTrip("* a\n  * b\n\n  | x |\n  | - |\n  | 1 |\n");
    const shape = [{ "list-unordered": [{ "list-item": ["paragraph", { "list-unordered": [{ "list-item": ["paragraph"] }] }, { table: ["paragraph"] }] }] }];
    expect(types(document.nodes)).toEqual(shape);
    expect(types(markdownToDocument(written).nodes)).toEqual(shape);
  });
});
