import type { JSONDocument } from "@gitbook/api";
import { describe, expect, test } from "vitest";
import { mergeDocuments, type Block, type BlockChoice, type BlockConflict, type Side } from "../../server/content/merge/block-merge";
import { mergePageBody, type BodyChoice } from "../../server/content/merge/body-merge";
import { documentToMarkdown } from "../../server/content/format/document-to-markdown";
import { markdownToDocument } from "../../server/content/format/markdown-to-document";
import { applyBlockKeys, carryBlockKeys, documentBlocks } from "../../server/content/format/block-keys";

/**
 * Merges of every pair of block edits: an insertion, a deletion, an edit or a move on main's side
 * against each of those on the change request's, to the same block or to different ones, at the
 * top level and inside containers (list items, hints, tables, code); each merged document or
 * conflict is spelt out. Every case runs in both directions (main as ours, then as theirs), which
 * must agree: the rules depend on which side is main, not on the direction of the merge.
 */

// ---- Documents with the keys spelt out

const text = (value: string, ...marks: string[]) => ({ object: "text", leaves: [{ object: "leaf", text: value, marks: marks.map((type) => ({ object: "mark", type })) }] });
const paragraph = (key: string, ...nodes: unknown[]): Block => ({ object: "block", type: "paragraph", key, data: {}, nodes: nodes.map((node) => (typeof node === "string" ? text(node) : node)) });
const heading = (key: string, value: string, level = 2): Block => ({ object: "block", type: `heading-${level}`, key, data: {}, nodes: [text(value)] });
const list = (key: string, ...items: Block[]): Block => ({ object: "block", type: "list-unordered", key, data: {}, nodes: items });
const item = (key: string, value: string): Block => ({ object: "block", type: "list-item", key, data: {}, nodes: [paragraph(`${key}p`, value)] });
const hint = (key: string, style: string, ...nodes: Block[]): Block => ({ object: "block", type: "hint", key, data: { style }, nodes });
const link = (url: string, value: string) => ({ object: "inline", type: "link", data: { ref: { kind: "url", url } }, nodes: [text(value)] });
const doc = (...nodes: Block[]): JSONDocument => ({ object: "document", data: {}, nodes: nodes as JSONDocument["nodes"] });

/** Paragraphs by key and text, for the cases on top-level blocks. */
const paragraphs = (...specs: [string, string][]) => doc(...specs.map(([key, value]) => paragraph(key, value)));

type Expected = string | Pick<BlockConflict, "key" | "kind"> & { deletedIn?: "main" | "changeRequest" };

/** The merge of main's and the change request's versions, run in both directions: the merged markdown, or the conflicts (sides named by role). */
function merge(base: JSONDocument, main: JSONDocument, changeRequest: JSONDocument, choices?: Map<string, BlockChoice>): string | Expected[] {
  const run = (mainSide: Side) => {
    const documents = mainSide === "ours" ? { base, ours: main, theirs: changeRequest } : { base, ours: changeRequest, theirs: main };
    const sideChoices = choices && new Map([...choices].map(([key, choice]) => [key, "take" in choice && choice.take !== "both" ? { take: choice.take === "ours" ? mainSide : other(mainSide) } : choice]));
    const result = mergeDocuments(structuredClone(documents), { changeRequest: other(mainSide), choices: sideChoices });
    if (result.ok) return documentToMarkdown(result.document);
    return result.conflicts.map(({ key, kind, ...rest }) => ({ key, kind, ...("deletedIn" in rest ? { deletedIn: rest.deletedIn === mainSide ? ("main" as const) : ("changeRequest" as const) } : {}) }));
  };
  const oneWay = run("ours");
  expect(run("theirs"), "the other direction").toEqual(oneWay);
  return oneWay;
}
const other = (side: Side): Side => (side === "ours" ? "theirs" : "ours");

/** Markdown of paragraphs, in order. */
const md = (...texts: string[]) => `${texts.join("\n\n")}\n`;

describe("two edits of top-level blocks", () => {
  const base = paragraphs(["a", "Alpha one."], ["b", "Bravo two."], ["c", "Charlie three."], ["d", "Delta four."]);
  // Each operation, on b (the same block) or on c (another block); `x` is main's new block, `y` the change request's.
  const edits = {
    "b edited": ["a", "b2", "c", "d"],
    "b deleted": ["a", "c", "d"],
    "a block inserted after b": ["a", "b", "new", "c", "d"],
    "b moved to the end": ["a", "c", "d", "b"],
    "c edited": ["a", "b", "c2", "d"],
    "c deleted": ["a", "b", "d"],
    "a block inserted after c": ["a", "b", "c", "new", "d"],
    "c moved to the top": ["c", "a", "b", "d"],
  } as const;
  const texts: Record<string, string> = { a: "Alpha one.", b: "Bravo two.", c: "Charlie three.", d: "Delta four." };
  /** A side's document from its list: `b2` is b edited (main and the change request edit different words), `new` its own new block. */
  const side = (name: keyof typeof edits, who: "main" | "changeRequest") =>
    paragraphs(
      ...edits[name].map((entry): [string, string] => {
        if (entry === "new") return who === "main" ? ["x", "Main's new block."] : ["y", "The change request's new block."];
        if (entry.endsWith("2")) return [entry[0]!, who === "main" ? `${texts[entry[0]!]!.replace(".", "")}, by main.` : `Edited ${texts[entry[0]!]!.toLowerCase()}`];
        return [entry, texts[entry]!];
      }),
    );

  const cases: [main: keyof typeof edits, changeRequest: keyof typeof edits, expected: string | Expected[]][] = [
    // The same block.
    ["b edited", "b edited", md("Alpha one.", "Edited bravo two, by main.", "Charlie three.", "Delta four.")],
    ["b edited", "b deleted", [{ key: "b", kind: "deleted", deletedIn: "changeRequest" }]],
    ["b edited", "a block inserted after b", md("Alpha one.", "Bravo two, by main.", "The change request's new block.", "Charlie three.", "Delta four.")],
    ["b edited", "b moved to the end", md("Alpha one.", "Charlie three.", "Delta four.", "Bravo two, by main.")],
    ["b deleted", "b edited", [{ key: "b", kind: "deleted", deletedIn: "main" }]],
    ["b deleted", "b deleted", md("Alpha one.", "Charlie three.", "Delta four.")],
    // The case: a block deleted on one side while the other adds one after it.
    ["b deleted", "a block inserted after b", md("Alpha one.", "The change request's new block.", "Charlie three.", "Delta four.")],
    // Moved is not edited: the deletion wins.
    ["b deleted", "b moved to the end", md("Alpha one.", "Charlie three.", "Delta four.")],
    ["a block inserted after b", "b edited", md("Alpha one.", "Edited bravo two.", "Main's new block.", "Charlie three.", "Delta four.")],
    ["a block inserted after b", "b deleted", md("Alpha one.", "Main's new block.", "Charlie three.", "Delta four.")],
    // Both stay, main's first.
    ["a block inserted after b", "a block inserted after b", md("Alpha one.", "Bravo two.", "Main's new block.", "The change request's new block.", "Charlie three.", "Delta four.")],
    ["a block inserted after b", "b moved to the end", md("Alpha one.", "Main's new block.", "Charlie three.", "Delta four.", "Bravo two.")],
    ["b moved to the end", "b edited", md("Alpha one.", "Charlie three.", "Delta four.", "Edited bravo two.")],
    ["b moved to the end", "b deleted", md("Alpha one.", "Charlie three.", "Delta four.")],
    // The change request's block follows b where main moved it.
    ["b moved to the end", "a block inserted after b", md("Alpha one.", "Charlie three.", "Delta four.", "Bravo two.", "The change request's new block.")],
    ["b moved to the end", "b moved to the end", md("Alpha one.", "Charlie three.", "Delta four.", "Bravo two.")],
    // Different blocks: never a conflict.
    ["b edited", "c edited", md("Alpha one.", "Bravo two, by main.", "Edited charlie three.", "Delta four.")],
    ["b edited", "c deleted", md("Alpha one.", "Bravo two, by main.", "Delta four.")],
    ["b edited", "a block inserted after c", md("Alpha one.", "Bravo two, by main.", "Charlie three.", "The change request's new block.", "Delta four.")],
    ["b edited", "c moved to the top", md("Charlie three.", "Alpha one.", "Bravo two, by main.", "Delta four.")],
    ["b deleted", "c edited", md("Alpha one.", "Edited charlie three.", "Delta four.")],
    ["b deleted", "c deleted", md("Alpha one.", "Delta four.")],
    ["b deleted", "a block inserted after c", md("Alpha one.", "Charlie three.", "The change request's new block.", "Delta four.")],
    ["b deleted", "c moved to the top", md("Charlie three.", "Alpha one.", "Delta four.")],
    ["a block inserted after b", "c edited", md("Alpha one.", "Bravo two.", "Main's new block.", "Edited charlie three.", "Delta four.")],
    ["a block inserted after b", "c deleted", md("Alpha one.", "Bravo two.", "Main's new block.", "Delta four.")],
    ["a block inserted after b", "a block inserted after c", md("Alpha one.", "Bravo two.", "Main's new block.", "Charlie three.", "The change request's new block.", "Delta four.")],
    ["a block inserted after b", "c moved to the top", md("Charlie three.", "Alpha one.", "Bravo two.", "Main's new block.", "Delta four.")],
    ["b moved to the end", "c edited", md("Alpha one.", "Edited charlie three.", "Delta four.", "Bravo two.")],
    ["b moved to the end", "c deleted", md("Alpha one.", "Delta four.", "Bravo two.")],
    ["b moved to the end", "a block inserted after c", md("Alpha one.", "Charlie three.", "The change request's new block.", "Delta four.", "Bravo two.")],
    ["b moved to the end", "c moved to the top", md("Charlie three.", "Alpha one.", "Delta four.", "Bravo two.")],
    ["c edited", "b moved to the end", md("Alpha one.", "Charlie three, by main.", "Delta four.", "Bravo two.")],
    ["c moved to the top", "b deleted", md("Charlie three.", "Alpha one.", "Delta four.")],
  ];
  test.each(cases)("main: %s; change request: %s", (main, changeRequest, expected) => {
    expect(merge(base, side(main, "main"), side(changeRequest, "changeRequest"))).toEqual(expected);
  });

  test("a block rewritten past recognition (a new key) is that block edited: against another rewrite or an edit, it conflicts", () => {
    const main = paragraphs(["a", "Alpha one."], ["m", "Main wrote this instead."], ["c", "Charlie three."], ["d", "Delta four."]);
    const changeRequest = paragraphs(["a", "Alpha one."], ["r", "Rewritten by the change request."], ["c", "Charlie three."], ["d", "Delta four."]);
    expect(merge(base, main, changeRequest)).toEqual([{ key: "b", kind: "edited" }]);
    // Rewritten on one side and edited on the other: edited on both.
    expect(merge(base, main, side("b edited", "changeRequest"))).toEqual([{ key: "b", kind: "edited" }]);
    // Rewritten on one side and deleted on the other, it is the rewrite, a new block.
    expect(merge(base, main, side("b deleted", "changeRequest"))).toBe(md("Alpha one.", "Main wrote this instead.", "Charlie three.", "Delta four."));
  });

  test("a block both sides moved goes where the change request put it", () => {
    expect(merge(base, paragraphs(["b", "Bravo two."], ["a", "Alpha one."], ["c", "Charlie three."], ["d", "Delta four."]), side("b moved to the end", "changeRequest"))).toBe(
      md("Alpha one.", "Charlie three.", "Delta four.", "Bravo two."),
    );
  });

  test("reorders on both sides: main's order, with the blocks the change request moved where it put them", () => {
    // Main moves d to the top; the change request moves b there (a, c, d keep their order).
    const main = paragraphs(["d", "Delta four."], ["a", "Alpha one."], ["b", "Bravo two."], ["c", "Charlie three."]);
    const changeRequest = paragraphs(["b", "Bravo two."], ["a", "Alpha one."], ["c", "Charlie three."], ["d", "Delta four."]);
    expect(merge(base, main, changeRequest)).toBe(md("Bravo two.", "Delta four.", "Alpha one.", "Charlie three."));
  });
});

describe("text of a block edited on both sides, word by word", () => {
  const base = doc(paragraph("p", "The quick brown fox jumps over the lazy dog."));
  const edited = (...nodes: unknown[]) => doc(paragraph("p", ...nodes));

  test.each([
    ["different words", "The quick red fox jumps over the lazy dog.", "The quick brown fox jumps over the sleepy dog.", "The quick red fox jumps over the sleepy dog.\n"],
    ["neighbouring words", "The slow brown fox jumps over the lazy dog.", "The quick brown cat jumps over the lazy dog.", "The slow brown cat jumps over the lazy dog.\n"],
    ["an insertion next to an edit", "The very quick brown fox jumps over the lazy dog.", "The quick brown fox leaps over the lazy dog.", "The very quick brown fox leaps over the lazy dog.\n"],
    ["the same edit", "The quick brown fox jumps over the lazy cat.", "The quick brown fox jumps over the lazy cat.", "The quick brown fox jumps over the lazy cat.\n"],
  ])("merges edits to %s", (_name, main, changeRequest, expected) => {
    expect(merge(base, edited(main), edited(changeRequest))).toBe(expected);
  });

  test.each([
    ["the same word changed differently", "The quick red fox jumps over the lazy dog.", "The quick grey fox jumps over the lazy dog."],
    ["two different insertions at one place", "The quick brown fox jumps high over the lazy dog.", "The quick brown fox jumps far over the lazy dog."],
    ["a word deleted on one side and changed on the other", "The brown fox jumps over the lazy dog.", "The fast brown fox jumps over the lazy dog."],
  ])("conflicts on %s, naming the block", (_name, main, changeRequest) => {
    expect(merge(base, edited(main), edited(changeRequest))).toEqual([{ key: "p", kind: "edited" }]);
  });

  test("marks survive: a word bolded on one side, another word edited on the other", () => {
    const main = edited("The quick ", text("brown", "bold"), " fox jumps over the lazy dog.");
    expect(merge(base, main, edited("The quick brown fox jumps over the sleepy dog."))).toBe("The quick **brown** fox jumps over the sleepy dog.\n");
  });

  test("a word bolded on one side and replaced on the other was changed on both", () => {
    const main = edited("The quick ", text("brown", "bold"), " fox jumps over the lazy dog.");
    expect(merge(base, main, edited("The quick red fox jumps over the lazy dog."))).toEqual([{ key: "p", kind: "edited" }]);
  });

  test("a link keeps its target while the words around and inside it change", () => {
    const linked = (before: string, inside: string) => doc(paragraph("p", before, link("https://example.com/fox", inside), " jumps over the lazy dog."));
    const start = linked("The quick ", "brown fox");
    expect(merge(start, linked("A quick ", "brown fox"), linked("The quick ", "brown wolf"))).toBe("A quick [brown wolf](https://example.com/fox) jumps over the lazy dog.\n");
  });

  test("a heading's level changed on one side and its words on the other", () => {
    const start = doc(heading("h", "Install the app"));
    expect(merge(start, doc(heading("h", "Install the app", 3)), doc(heading("h", "Install the desktop app")))).toBe("### Install the desktop app\n");
  });
});

describe("blocks in containers", () => {
  const base = doc(paragraph("a", "Before the list."), list("L", item("i1", "One apple."), item("i2", "Two pears."), item("i3", "Three plums.")));

  test("edits to different items of a list merge; an item is a block", () => {
    const main = doc(paragraph("a", "Before the list."), list("L", item("i1", "One green apple."), item("i2", "Two pears."), item("i3", "Three plums.")));
    const changeRequest = doc(paragraph("a", "Before the list."), list("L", item("i1", "One apple."), item("i2", "Two pears."), item("i3", "Three ripe plums.")));
    expect(merge(base, main, changeRequest)).toBe("Before the list.\n\n- One green apple.\n- Two pears.\n- Three ripe plums.\n");
  });

  test("items added at one place on both sides both stay, main's first; an item deleted on one side while the other adds one", () => {
    const main = doc(paragraph("a", "Before the list."), list("L", item("i1", "One apple."), item("m", "From main."), item("i2", "Two pears."), item("i3", "Three plums.")));
    const changeRequest = doc(paragraph("a", "Before the list."), list("L", item("i1", "One apple."), item("c", "From the change request."), item("i2", "Two pears.")));
    expect(merge(base, main, changeRequest)).toBe("Before the list.\n\n- One apple.\n- From main.\n- From the change request.\n- Two pears.\n");
  });

  test("conflicts are told in document order, nested blocks where they are", () => {
    const withLast = (text: string) => doc(paragraph("a", "Before the list."), list("L", item("i1", "One apple."), item("i2", text)), paragraph("z", "After the list."));
    const start = withLast("Two pears.");
    const main = doc(paragraph("a", "Before the list, by main."), list("L", item("i1", "One apple."), item("i2", "Two green pears.")), paragraph("z", "After the list, by main."));
    const changeRequest = doc(paragraph("a", "Before the list, edited."), list("L", item("i1", "One apple."), item("i2", "Two ripe pears.")), paragraph("z", "After the list, edited."));
    expect(merge(start, main, changeRequest)).toEqual([
      { key: "a", kind: "edited" },
      { key: "i2", kind: "edited" },
      { key: "z", kind: "edited" },
    ]);
  });

  test("an item deleted on one side and edited on the other conflicts, naming the item", () => {
    const main = doc(paragraph("a", "Before the list."), list("L", item("i1", "One apple."), item("i3", "Three plums.")));
    const changeRequest = doc(paragraph("a", "Before the list."), list("L", item("i1", "One apple."), item("i2", "Two ripe pears."), item("i3", "Three plums.")));
    expect(merge(base, main, changeRequest)).toEqual([{ key: "i2", kind: "deleted", deletedIn: "main" }]);
  });

  test("a list deleted on one side while the other edits one of its items conflicts, naming the list", () => {
    const changeRequest = doc(paragraph("a", "Before the list."), list("L", item("i1", "One apple."), item("i2", "Two ripe pears."), item("i3", "Three plums.")));
    expect(merge(base, doc(paragraph("a", "Before the list.")), changeRequest)).toEqual([{ key: "L", kind: "deleted", deletedIn: "main" }]);
  });

  test("edits to different items of a list nested in an item merge; the same place conflicts, naming the outer item", () => {
    const nestedIn = (...inner: Block[]) => doc(list("L", { ...item("i1", "Fruit:"), nodes: [paragraph("i1p", "Fruit:"), list("N", ...inner)] }));
    const start = nestedIn(item("n1", "Apples."), item("n2", "Pears."));
    expect(merge(start, nestedIn(item("n1", "Green apples."), item("n2", "Pears.")), nestedIn(item("n1", "Apples."), item("n2", "Ripe pears.")))).toBe("- Fruit:\n  - Green apples.\n  - Ripe pears.\n");
    expect(merge(start, nestedIn(item("n1", "Apples."), item("m", "Plums."), item("n2", "Pears.")), nestedIn(item("n1", "Apples."), item("c", "Figs."), item("n2", "Pears.")))).toEqual([
      { key: "i1", kind: "edited" },
    ]);
  });

  test("a paragraph moved out of a list item (a unit) is deleted there: with an edit of the item on the other side, a conflict", () => {
    const main = doc(paragraph("a", "Before the list."), list("L", item("i1", "One apple."), item("i3", "Three plums.")), paragraph("i2p", "Two pears."));
    const changeRequest = doc(paragraph("a", "Before the list."), list("L", item("i1", "One apple."), item("i2", "Two ripe pears."), item("i3", "Three plums.")));
    expect(merge(base, main, changeRequest)).toEqual([{ key: "i2", kind: "deleted", deletedIn: "main" }]);
    // Without the edit, the paragraph is where main put it.
    expect(merge(base, main, base)).toBe("Before the list.\n\n- One apple.\n- Three plums.\n\nTwo pears.\n");
  });

  test("a paragraph moved out of a hint on one side, edited on the other: moved and edited", () => {
    const start = doc(paragraph("a", "Intro."), hint("H", "info", paragraph("h1", "Files are kept."), paragraph("h2", "Ask to delete them.")));
    const main = doc(paragraph("a", "Intro."), paragraph("h2", "Ask to delete them."), hint("H", "info", paragraph("h1", "Files are kept.")));
    const changeRequest = doc(paragraph("a", "Intro."), hint("H", "info", paragraph("h1", "Files are kept."), paragraph("h2", "Ask us to delete them.")));
    expect(merge(start, main, changeRequest)).toBe('Intro.\n\nAsk us to delete them.\n\n{% hint style="info" %}\nFiles are kept.\n{% endhint %}\n');
  });

  test("a hint's style changed on one side and its text on the other", () => {
    const start = doc(hint("H", "info", paragraph("hp", "Files are kept forever.")));
    const main = doc(hint("H", "warning", paragraph("hp", "Files are kept forever.")));
    const changeRequest = doc(hint("H", "info", paragraph("hp", "Files are kept until deleted.")));
    expect(merge(start, main, changeRequest)).toBe('{% hint style="warning" %}\nFiles are kept until deleted.\n{% endhint %}\n');
  });

  test("a hint deleted on one side while the other adds a paragraph to it conflicts, naming the hint", () => {
    const start = doc(paragraph("a", "Intro."), hint("H", "info", paragraph("hp", "Files are kept forever.")));
    const changeRequest = doc(paragraph("a", "Intro."), hint("H", "info", paragraph("hp", "Files are kept forever."), paragraph("new", "Ask to delete them.")));
    expect(merge(start, doc(paragraph("a", "Intro.")), changeRequest)).toEqual([{ key: "H", kind: "deleted", deletedIn: "main" }]);
  });

  test("the hint's style set differently on both sides conflicts as a container", () => {
    const start = doc(hint("H", "info", paragraph("hp", "Careful.")));
    const result = mergeDocuments(
      { base: start, ours: doc(hint("H", "warning", paragraph("hp", "Careful."))), theirs: doc(hint("H", "danger", paragraph("hp", "Careful."))) },
      { changeRequest: "theirs" },
    );
    expect(result).toEqual({ ok: false, conflicts: [{ key: "H", kind: "edited", container: true }] });
  });
});

/** A page body merged from markdown, keys carried from base as a markdown write carries them; run in both directions. */
function mergeMarkdown(base: string, main: string, changeRequest: string, choices?: BodyChoice[]) {
  const keyed = (markdown: string, source?: JSONDocument) => {
    const document = markdownToDocument(markdown);
    return applyBlockKeys(document, source ? carryBlockKeys(document, [source]) : documentBlocks(document).map((_, i) => `k${i}`));
  };
  const baseDocument = keyed(base);
  const version = (markdown: string, document: JSONDocument) => ({ markdown, blockKeys: documentBlocks(document).map((block) => block.key!) });
  const [mainDocument, changeRequestDocument] = [keyed(main, baseDocument), keyed(changeRequest, baseDocument)];
  const input = { pageId: "page", base: version(base, baseDocument), ours: version(main, mainDocument), theirs: version(changeRequest, changeRequestDocument) };
  const oneWay = mergePageBody({ ...input, changeRequest: "theirs", choices });
  const otherWay = mergePageBody({ ...input, ours: input.theirs, theirs: input.ours, changeRequest: "ours", choices: choices?.map((choice) => ("take" in choice && choice.take !== "both" ? { ...choice, take: other(choice.take) } : choice)) });
  if (oneWay.ok) expect(otherWay).toMatchObject({ ok: true, markdown: oneWay.markdown });
  else expect(otherWay.ok).toBe(false);
  return { result: oneWay, baseDocument };
}

describe("blocks with parts: tables and code", () => {
  const TABLE = "| Name | Port |\n| --- | --- |\n| web | 80 |\n| db | 5432 |\n";

  test("edits to different cells of a table merge", () => {
    const { result } = mergeMarkdown(TABLE, TABLE.replace("80", "8080"), TABLE.replace("5432", "5433"));
    expect(result).toMatchObject({ ok: true, markdown: "| Name | Port |\n| - | - |\n| web | 8080 |\n| db | 5433 |\n" });
  });

  test("one cell edited differently on both sides conflicts, naming the table", () => {
    const { result, baseDocument } = mergeMarkdown(TABLE, TABLE.replace("5432", "5433"), TABLE.replace("5432", "6543"));
    expect(result).toMatchObject({ ok: false, conflicts: [{ kind: "edited", key: baseDocument.nodes[0]!.key, type: "table", container: false }] });
  });

  test("lines of a code block edited on each side merge; the same line conflicts", () => {
    const code = "```sh\nnpm install\nnpm run build\nnpm start\n```\n";
    expect(mergeMarkdown(code, code.replace("npm install", "npm ci"), code.replace("npm start", "npm run start")).result).toMatchObject({
      ok: true,
      markdown: "```sh\nnpm ci\nnpm run build\nnpm run start\n```\n",
    });
    expect(mergeMarkdown(code, code.replace("run build", "run compile"), code.replace("run build", "run bundle")).result).toMatchObject({ ok: false, conflicts: [{ kind: "edited", type: "code" }] });
  });
});

describe("choices settle conflicts", () => {
  const base = paragraphs(["a", "Alpha one."], ["b", "Bravo two."], ["c", "Charlie three."]);
  const main = paragraphs(["a", "Alpha one."], ["b", "Bravo two, by main."], ["c", "Charlie three."]);
  const changeRequest = paragraphs(["a", "Alpha one."], ["b", "Bravo two, edited."], ["c", "Charlie three."]);

  test.each([
    ["main's version", { take: "ours" } as BlockChoice, md("Alpha one.", "Bravo two, by main.", "Charlie three.")],
    ["the change request's", { take: "theirs" } as BlockChoice, md("Alpha one.", "Bravo two, edited.", "Charlie three.")],
    ["both: two separate blocks, main's first", { take: "both" } as BlockChoice, md("Alpha one.", "Bravo two, by main.", "Bravo two, edited.", "Charlie three.")],
    ["blocks written instead", { blocks: [paragraph("b", "Bravo, written."), heading("new", "And more")] } as BlockChoice, "Alpha one.\n\nBravo, written.\n\n## And more\n\nCharlie three.\n"],
  ])("an edit conflict takes %s", (_name, choice, expected) => {
    // In `merge`, `ours` stands for main and `theirs` for the change request.
    expect(merge(base, main, changeRequest, new Map([["b", choice]]))).toBe(expected);
  });

  test("taking both gives the copy no key, so that it gets a key of its own", () => {
    const result = mergeDocuments({ base, ours: main, theirs: changeRequest }, { changeRequest: "theirs", choices: new Map([["b", { take: "both" }]]) });
    expect(result.ok && result.document.nodes.map((node) => node.key)).toEqual(["a", "b", undefined, "c"]);
  });

  const deleting = paragraphs(["a", "Alpha one."], ["c", "Charlie three."]);
  const nested = doc(paragraph("a", "Alpha one."), list("L", item("i1", "One apple."), item("i2", "Two pears.")));
  test.each([
    ["the deleting side: gone", { take: "ours" } as BlockChoice, md("Alpha one.", "Charlie three.")],
    ["the editing side: back as it has it", { take: "theirs" } as BlockChoice, md("Alpha one.", "Bravo two, edited.", "Charlie three.")],
    ["blocks written instead", { blocks: [paragraph("w", "Written.")] } as BlockChoice, md("Alpha one.", "Written.", "Charlie three.")],
  ])("a deleted-and-edited conflict takes %s", (_name, choice, expected) => {
    expect(merge(base, deleting, changeRequest, new Map([["b", choice]]))).toBe(expected);
  });

  test("a list kept against its deletion comes back with what was deleted with it", () => {
    const edited = doc(paragraph("a", "Alpha one."), list("L", item("i1", "One apple."), item("i2", "Two ripe pears.")));
    const removed = doc(paragraph("a", "Alpha one."));
    expect(merge(nested, removed, edited)).toEqual([{ key: "L", kind: "deleted", deletedIn: "main" }]);
    expect(merge(nested, removed, edited, new Map([["L", { take: "theirs" }]]))).toBe("Alpha one.\n\n- One apple.\n- Two ripe pears.\n");
    expect(merge(nested, removed, edited, new Map([["L", { take: "ours" }]]))).toBe("Alpha one.\n");
  });

  test("a list item written instead of a conflicting one takes the written list's items", () => {
    const mainList = doc(paragraph("a", "Alpha one."), list("L", item("i1", "One apple."), item("i2", "Two green pears.")));
    const changeRequestList = doc(paragraph("a", "Alpha one."), list("L", item("i1", "One apple."), item("i2", "Two ripe pears.")));
    expect(merge(nested, mainList, changeRequestList)).toEqual([{ key: "i2", kind: "edited" }]);
    const written = { blocks: [list("W", item("i2", "Two pears, green or ripe."), item("w2", "And a quince."))] };
    expect(merge(nested, mainList, changeRequestList, new Map([["i2", written]]))).toBe("Alpha one.\n\n- One apple.\n- Two pears, green or ripe.\n- And a quince.\n");
  });
});

describe("page bodies from markdown (mergePageBody)", () => {
  test("versions stored without keys merge by content: their blocks take keys carried from base", () => {
    const base = "# Guide\n\nIntro paragraph.\n\nLast paragraph.\n";
    const result = mergePageBody({
      pageId: "legacy",
      base: { markdown: base },
      // Main appends a paragraph after the last one; the change request deletes the last one.
      ours: { markdown: `${base}\nAppended by main.\n` },
      theirs: { markdown: "# Guide\n\nIntro paragraph.\n" },
      changeRequest: "theirs",
    });
    expect(result).toMatchObject({ ok: true, markdown: "# Guide\n\nIntro paragraph.\n\nAppended by main.\n" });
  });

  test("a conflict carries each version of the block alone, a list item in its list", () => {
    const base = "- One apple.\n- Two pears.\n";
    const { result } = mergeMarkdown(base, "- One apple.\n- Two green pears.\n", "- One apple.\n- Two ripe pears.\n");
    if (result.ok || !("conflicts" in result)) throw new Error("expected a conflict");
    const [conflict] = result.conflicts;
    expect(conflict).toMatchObject({ kind: "edited", type: "list-item", container: false });
    expect(conflict!.versions.base?.markdown).toBe("- Two pears.\n");
    expect(conflict!.versions.ours?.markdown).toBe("- Two green pears.\n");
    expect(conflict!.versions.theirs?.markdown).toBe("- Two ripe pears.\n");
    expect(conflict!.versions.theirs?.document.nodes[0]).toMatchObject({ type: "list-unordered", nodes: [{ type: "list-item", key: conflict!.key }] });
  });

  test("choices written as markdown or as a document; a document that is not one is named", () => {
    const base = "Alpha one.\n\nBravo two.\n";
    const [main, changeRequest] = ["Alpha one.\n\nBravo two, by main.\n", "Alpha one.\n\nBravo two, edited.\n"];
    const { result } = mergeMarkdown(base, main, changeRequest);
    const key = !result.ok && "conflicts" in result ? result.conflicts[0]!.key : "";
    expect(mergeMarkdown(base, main, changeRequest, [{ key, markdown: "Bravo, *written*.\n" }]).result).toMatchObject({ ok: true, markdown: "Alpha one.\n\nBravo, *written*.\n" });
    const written = JSON.stringify(doc(paragraph(key, "Bravo from the editor.")));
    const fromEditor = mergeMarkdown(base, main, changeRequest, [{ key, documentJson: written }]).result;
    expect(fromEditor).toMatchObject({ ok: true, markdown: "Alpha one.\n\nBravo from the editor.\n" });
    // The written block keeps the key the editor gave it.
    expect(fromEditor.ok && JSON.parse(fromEditor.documentJson).nodes[1].key).toBe(key);
    const broken = JSON.stringify({ object: "document", nodes: [{ object: "block", type: "table", data: {} }] });
    expect(mergePageBody({ pageId: "p", base: { markdown: base }, ours: { markdown: main }, theirs: { markdown: changeRequest }, changeRequest: "theirs", choices: [{ key, documentJson: broken }] })).toMatchObject({
      ok: false,
      invalidChoice: { key },
    });
  });

  test("a version past the limits a page is parsed within conflicts as a whole", () => {
    const deep = `${"> ".repeat(70)}deep\n`;
    expect(mergePageBody({ pageId: "p", base: { markdown: "a\n" }, ours: { markdown: "b\n" }, theirs: { markdown: deep }, changeRequest: "theirs" })).toEqual({ ok: false, tooDifferent: true });
  });
});
