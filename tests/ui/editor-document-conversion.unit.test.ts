import type { JSONDocument } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { documentToProseMirror, emptyDocument, proseMirrorToDocument } from "@/components/editor/prosemirror/document-conversion";
import { documentToMarkdown, markdownToDocument } from "@/server/content/format";

/** Text nodes' own keys are the one thing the editor does not carry (ProseMirror text has no attributes). */
function withoutTextKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTextKeys);
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value).filter(([name]) => !(name === "key" && (value as { object?: string }).object === "text"));
  return Object.fromEntries(entries.map(([name, item]) => [name, withoutTextKeys(item)]));
}

const throughEditor = (document: JSONDocument) => {
  const node = documentToProseMirror(document);
  node.check();
  return proseMirrorToDocument(node);
};

/** One markdown source per block type markdown has a syntax for; each is canonical (documentToMarkdown writes it back as is). */
const MARKDOWN: Record<string, string> = {
  "headings 1–3": "# Title\n\n## Section\n\n### Detail\n",
  "paragraph with marks": "Plain **bold** *italic* ~~struck~~ `code` ***both*** and a line\\\nbreak.\n",
  links: "See [the guide](https://example.com/guide), [a page](/pages/abc123), [**bold link**](https://example.com) and [an anchor](#setup).\n",
  "bulleted list": "- one\n- two\n  - nested\n- three\n",
  "numbered list": "3. three\n4. four\n",
  "task list": "- [ ] to do\n- [x] done\n",
  "code block with a language": "```ts\nconst a = 1;\n\nconsole.log(a);\n```\n",
  "code block with attributes": '{% code title="index.js" lineNumbers="true" %}\n```js\nlet x;\n```\n{% endcode %}\n',
  table: "| Name | Value |\n| - | :-: |\n| a | **1** |\n| b |  |\n",
  hint: '{% hint style="warning" %}\nCareful **now**.\n\n- a list inside\n{% endhint %}\n',
  quote: "> Quoted\n>\n> > nested\n",
  divider: "Above\n\n---\n\nBelow\n",
  images: '![A cat](https://example.com/cat.png "The caption") ![](/files/file1)\n',
  embed: '{% embed url="https://www.youtube.com/watch?v=1" %}\n',
  variables: "Version {{ space.vars.version }} of {{ page.vars.product }}.\n",
  "inline image": "Text with ![icon](https://example.com/i.png) inside.\n",
  tabs: '{% tabs %}\n{% tab title="Linux" %}\nUse the **package**.\n{% endtab %}\n\n{% tab title="Docker" %}\nRun the image.\n{% endtab %}\n{% endtabs %}\n',
  "tabs holding a hint, code, an image and a file":
    '{% tabs %}\n{% tab title="Setup" %}\n{% hint style="danger" %}\nStop the server first.\n{% endhint %}\n\n```sh\nquire stop\n```\n{% endtab %}\n\n{% tab title="Assets" %}\n![Logo](/files/logo)\n\n{% file src="/files/backup" %}\nA backup\n{% endfile %}\n{% endtab %}\n{% endtabs %}\n',
  expandable: "<details>\n\n<summary>What is kept</summary>\n\nEvery page.\n\n</details>\n",
  "expandable open, holding a list, code and a table":
    '<details open>\n\n<summary>Upgrade {{ space.vars.product }}</summary>\n\n- [x] back up\n\n```sh\nquire upgrade\n```\n\n| from | to |\n| - | - |\n| 1 | 2 |\n\n</details>\n',
  "file with a caption": '{% file src="/files/guide" %}\nThe *printed* guide\n{% endfile %}\n',
  "file without a caption": '{% file src="/files/raw" %}\n{% endfile %}\n',
  "empty tab": '{% tabs %}\n{% tab title="" %}\n\n{% endtab %}\n{% endtabs %}\n',
  "empty page": "",
};

describe("the editor's document conversion", () => {
  for (const [name, markdown] of Object.entries(MARKDOWN)) {
    it(`keeps ${name}: JSON → ProseMirror → JSON is identity, and through markdown keeps content`, () => {
      const document = markdownToDocument(markdown);
      expect(withoutTextKeys(throughEditor(document))).toEqual(withoutTextKeys(document));
      // JSON → markdown → JSON → ProseMirror → JSON: the same content, and the same markdown again.
      const reread = markdownToDocument(documentToMarkdown(document));
      expect(withoutTextKeys(throughEditor(reread))).toEqual(withoutTextKeys(document));
      expect(documentToMarkdown(throughEditor(reread))).toBe(documentToMarkdown(document));
    });
  }

  it("keeps tabs, expandables and files as the reference writes them, and blocks it cannot show", () => {
    const paragraph = (key: string, text: string) => ({ object: "block", type: "paragraph", key, data: {}, nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }] });
    const document = {
      object: "document",
      data: {},
      nodes: [
        {
          object: "block",
          type: "tabs",
          key: "t",
          nodes: [
            { object: "block", type: "tabs-item", key: "t.0", data: { title: "macOS" }, nodes: [paragraph("t.0.0", "brew install")] },
            { object: "block", type: "tabs-item", key: "t.1", data: { title: "Linux" }, meta: { id: "linux" }, nodes: [paragraph("t.1.0", "apt install")] },
          ],
        },
        {
          object: "block",
          type: "expandable",
          key: "e",
          isVoid: true,
          data: {},
          fragments: [
            { object: "fragment", key: "e.f0", fragment: "expandable-title", type: "expandable-title", nodes: [paragraph("e.f0.0", "More")] },
            { object: "fragment", key: "e.f1", fragment: "expandable-body", type: "expandable-body", nodes: [paragraph("e.f1.0", "Hidden"), paragraph("e.f1.1", "text")] },
          ],
        },
        { object: "block", type: "file", key: "f", isVoid: true, data: { ref: { kind: "file", file: "file1" } } },
        { object: "block", type: "math", key: "m", isVoid: true, data: { formula: "e = mc^2", inline: false } },
        { object: "block", type: "table", key: "tb", isVoid: true, data: { view: { type: "grid", columns: ["x"], hideHeader: true }, records: { r: { orderIndex: "a0", values: { x: 42 } } }, definition: { x: { id: "x", type: "text", title: "", textAlignment: "left" } } }, fragments: [] },
        { object: "block", type: "paragraph", key: "p", data: {}, nodes: [{ object: "text", leaves: [{ object: "leaf", text: "An ", marks: [] }] }, { object: "inline", type: "emoji", key: "p.1", isVoid: true, data: { code: "1f600" } }, { object: "text", leaves: [{ object: "leaf", text: "!", marks: [{ object: "mark", type: "color", data: { text: "red", background: "default" } }] }] }] },
      ],
    } as unknown as JSONDocument;
    expect(throughEditor(document)).toEqual(document);
  });

  it("starts a new page with one empty paragraph, as the server writes it", () => {
    expect(throughEditor(emptyDocument())).toEqual(emptyDocument());
    expect(withoutTextKeys(markdownToDocument(""))).toEqual(withoutTextKeys({ ...emptyDocument(), nodes: emptyDocument().nodes.map((block) => ({ ...block, key: "0" })) }));
  });

  it("writes blocks made in the editor without keys, and a table's new rows and columns with fresh ids", () => {
    const document = markdownToDocument("| A |\n| - |\n| 1 |\n");
    const doc = documentToProseMirror(document);
    const table = doc.firstChild!;
    const row = table.child(1);
    const newRow = row.type.create(null, row.content.content.map((cell) => cell.type.create({ ...cell.attrs, fragment: null, fragmentKey: null, column: null }, cell.content)));
    const edited = doc.type.create(null, [table.copy(table.content.addToEnd(newRow)), doc.type.schema.node("paragraph", { key: null, data: {} })]);
    const out = proseMirrorToDocument(edited);
    const [outTable, paragraph] = out.nodes as unknown as [{ data: { records: Record<string, { values: Record<string, string> }> }; fragments: { fragment: string }[] }, { key?: string }];
    expect(paragraph.key).toBeUndefined();
    expect(Object.keys(outTable.data.records)).toHaveLength(2);
    const names = outTable.fragments.map((fragment) => fragment.fragment);
    expect(new Set(names).size).toBe(names.length);
    expect(documentToMarkdown(out)).toBe("| A |\n| - |\n| 1 |\n| 1 |\n");
  });
});
