import { Fragment, Slice, type Node } from "prosemirror-model";
import { describe, expect, it } from "vitest";
import { documentToProseMirror, proseMirrorToDocument } from "@/components/editor/prosemirror/document-conversion";
import { keptWhere } from "@/components/editor/prosemirror/nesting";
import { canonicalDoc, preparePaste } from "@/components/editor/prosemirror/paste";
import { schema } from "@/components/editor/prosemirror/schema";
import { storableDoc } from "@/components/editor/prosemirror/storable";
import { documentToMarkdown, markdownToDocument } from "@/server/content/format";

/**
 * What a paste becomes: exactly what the page holds once saved (its blocks through markdown and
 * back), tables as the page stores them, images uploaded or said to be left out.
 */

const { nodes } = schema;
const text = (value: string, ...marks: string[]) => schema.text(value, marks.map((mark) => schema.marks[mark]!.create()));
const p = (...content: (Node | string)[]) => nodes.paragraph!.create(null, content.map((item) => (typeof item === "string" ? text(item) : item)));
const cell = (type: "table_cell" | "table_header", content: Node[], attrs: Record<string, unknown> = {}) => nodes[type]!.create(attrs, content);
const row = (...cells: Node[]) => nodes.table_row!.create(null, cells);
const doc = (...blocks: Node[]) => nodes.doc!.create(null, blocks);
const markdownOf = (node: Node) => documentToMarkdown(proseMirrorToDocument(node));

describe("a pasted table", () => {
  // What the schema's parser makes of <table> from a web page or a spreadsheet: no `data`, a first row of plain cells.
  const pasted = nodes.table!.create(null, [
    row(cell("table_cell", [p(text("Tool", "bold"))]), cell("table_cell", [p("Use")])),
    row(cell("table_cell", [p("npm")]), cell("table_cell", [p("install"), p("and update")])),
    row(cell("table_cell", [p("A merged cell")], { colspan: 2 })),
  ]);

  it("is written without the error that lost everything after it (a table with no data)", () => {
    for (const data of [null, {}, { view: { type: "grid" } }]) {
      const table = nodes.table!.create({ data }, pasted.content);
      expect(() => markdownOf(doc(table))).not.toThrow();
    }
  });

  it("becomes a grid: the first row titles the columns in plain text, each cell one paragraph, merged cells split", () => {
    const stored = storableDoc(doc(pasted, p("After the table")));
    expect(markdownOf(stored)).toBe("| Tool          | Use                   |\n| ------------- | --------------------- |\n| npm           | install<br>and update |\n| A merged cell |                       |\n\nAfter the table\n");
    // Already storable: a second pass changes nothing.
    expect(storableDoc(stored).eq(stored)).toBe(true);
  });

  it("is pasted as the page stores it, the text after it kept", () => {
    const { slice } = preparePaste(new Slice(Fragment.from([pasted, p("Typed after")]), 0, 0));
    const saved = canonicalDoc(doc(...slice.content.content));
    expect(saved.eq(doc(...slice.content.content))).toBe(true);
    expect(markdownOf(saved)).toContain("Typed after");
  });
});

describe("a paste", () => {
  it("leaves out what a save would lose (empty paragraphs, a line break ending a paragraph) and keeps what GitBook writes as HTML (superscript)", () => {
    const superscript = schema.text("2", [schema.marks.superscript!.create()]);
    const pasted = new Slice(Fragment.from([p("First"), p(), p("Line", nodes.hard_break!.create()), p("x", superscript), p()]), 0, 0);
    const { slice } = preparePaste(pasted);
    expect(slice.content.childCount).toBe(3);
    expect(slice.content.content.map((block) => block.textContent)).toEqual(["First", "Line", "x2"]);
    expect(slice.content.child(1).childCount).toBe(1);
    expect(slice.content.child(2).rangeHasMark(1, 2, schema.marks.superscript!)).toBe(true);
  });

  it("keeps text pasted into a line inline, with its formatting", () => {
    const { slice } = preparePaste(new Slice(Fragment.from([text("bold", "bold"), text(" and plain")]), 0, 0));
    expect(slice.openStart).toBe(0);
    expect(slice.content.firstChild!.isText).toBe(true);
    expect(slice.content.textBetween(0, slice.content.size)).toBe("bold and plain");
  });

  it("keeps the open ends of blocks the format keeps (a paste into the middle of a list item)", () => {
    const list = nodes.list_unordered!.create(null, [nodes.list_item!.create(null, p("one")), nodes.list_item!.create(null, p("two"))]);
    const { slice } = preparePaste(new Slice(Fragment.from(list), 3, 3));
    expect([slice.openStart, slice.openEnd]).toEqual([3, 3]);
  });

  it("uploads images given as data, keeps those of the web, and counts those only on the copying computer", () => {
    const image = (url: string) => nodes.image!.create({ data: { ref: { kind: "url", url }, alt: "" } });
    const png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==";
    const images = nodes.images!.create(null, [image(png), image("https://example.com/cat.png"), image("file:///C:/Users/me/clip.png"), image("blob:https://x/1")]);
    const { slice, images: uploads, unavailableImages } = preparePaste(new Slice(Fragment.from([p("Look"), images]), 0, 0));
    expect(uploads.map((file) => [file.name, file.type, file.size])).toEqual([["pasted-image-1.png", "image/png", 79]]);
    expect(unavailableImages).toBe(2);
    expect(markdownOf(doc(...slice.content.content))).toBe('Look\n\n<figure><img src="https://example.com/cat.png" alt=""><figcaption></figcaption></figure>\n');
  });

  it("splits pasted code into one line per line, as the page stores code", () => {
    const code = nodes.code_block!.create({ data: { syntax: "sh" } }, nodes.code_line!.create(null, text("npm install\nnpm start")));
    const stored = storableDoc(doc(code));
    expect(stored.firstChild!.childCount).toBe(2);
    expect(markdownOf(stored)).toBe("```sh\nnpm install\nnpm start\n```\n");
  });
});

describe("where blocks can go", () => {
  const at = (node: Node, text: string) => {
    let found = -1;
    node.descendants((child, pos) => {
      if (found < 0 && child.isTextblock && child.textContent === text) found = pos + 1;
      return found < 0;
    });
    return node.resolve(found);
  };
  const page = documentToProseMirror(markdownToDocument('Top\n\n> In a quote\n\n- In a list\n\n| a |\n| - |\n| In a cell |\n\n{% hint style="info" %}\nIn a hint\n{% endhint %}\n'));
  const table = () => nodes.table!.create(null, [row(cell("table_header", [p("A")])), row(cell("table_cell", [p("1")]))]);

  it("anything at the top level, text only in a table cell", () => {
    expect(keptWhere(at(page, "Top"), [table()])).toBe(true);
    expect(keptWhere(at(page, "In a cell"), [p("more")])).toBe(false);
  });

  it("elsewhere, what a save of that very page would keep", () => {
    const blocks = { paragraph: () => [p("x")], table: () => [table()], code: () => [nodes.code_block!.create(null, nodes.code_line!.create(null, text("x")))], list: () => [nodes.list_ordered!.create(null, nodes.list_item!.create(null, p("x")))] };
    for (const place of ["In a quote", "In a list", "In a hint"]) {
      for (const [name, make] of Object.entries(blocks)) {
        // The page itself, with the blocks put after the line: saved and read back, is it the same?
        const $line = at(page, place);
        const edited = page.replace($line.after(), $line.after(), new Slice(Fragment.from(make()), 0, 0));
        const kept = markdownOf(canonicalDoc(edited)) === markdownOf(edited);
        expect(keptWhere($line, make()), `${name} ${place}`).toBe(kept);
      }
    }
  });
});
