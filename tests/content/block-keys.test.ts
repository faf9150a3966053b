import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { applyBlockKeys, carryBlockKeys, documentBlocks } from "../../server/content/format/block-keys";
import { markdownToDocument } from "../../server/content/format/markdown-to-document";
import { newId } from "../../server/ids";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { commitPages, createTenant } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";

/**
 * Block keys stay with their blocks through every write path: generated pages (a list of blocks
 * rendered to markdown) are edited at random — blocks edited a little, moved, inserted, deleted —
 * and written through the real service; every block that survives keeps its key, deleted ones are
 * gone and inserted ones get new keys.
 */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango", "uniform", "victor", "whiskey", "xray", "yankee", "zulu"];
/** Words of inserted blocks: no trigram in common with WORDS' usual ones, so an insert never passes for an edited block. */
const NEW_WORDS = ["qqzv", "vvkx", "zzjq", "jjxw", "wwqz", "xxvj"];

type Kind = "paragraph" | "heading" | "list" | "code" | "quote" | "hint" | "table" | "tabs" | "expandable";
/** A generated block: `id` names it in the test, `words` are its text (a table's cells, a list's items). */
type Spec = { id: number; kind: Kind; words: string[][] };

let nextId = 0;
const words = (pool: string[], min: number, max: number) => fc.array(fc.constantFrom(...pool), { minLength: min, maxLength: max });
const spec = (pool: string[]) =>
  fc.record({
    // No dividers: two are the same block to anyone, so which one a deleted one was is not a question keys can answer.
    kind: fc.constantFrom<Kind>("paragraph", "paragraph", "heading", "list", "code", "quote", "hint", "table", "tabs", "expandable"),
    // Every text gets a word of its own (the block's id), so no two generated blocks are equal.
    words: fc.array(words(pool, 4, 7), { minLength: 2, maxLength: 3 }),
  });
const withId = (value: { kind: Kind; words: string[][] }): Spec => {
  const id = nextId++;
  const tag = `b${id.toString(36)}x`;
  return { id, kind: value.kind, words: value.words.map((text) => [...text, tag]) };
};

/** Markdown of the blocks; a list right after a list takes the other bullet, or markdown would join the two. */
function render(blocks: Spec[]): string {
  let previousBullet = "";
  return (
    blocks
      .map((block) => {
        const [first, ...rest] = block.words.map((text) => text.join(" "));
        const bullet = block.kind === "list" && previousBullet === "-" ? "*" : "-";
        previousBullet = block.kind === "list" ? bullet : "";
        switch (block.kind) {
          case "paragraph":
            return first;
          case "heading":
            return `## ${first}`;
          case "list":
            return [first, ...rest].map((item) => `${bullet} ${item}`).join("\n");
          case "code":
            return ["```js", first, ...rest, "```"].join("\n");
          case "quote":
            return `> ${first}`;
          case "hint":
            return `{% hint style="info" %}\n${first}\n{% endhint %}`;
          case "tabs":
            return ["{% tabs %}", '{% tab title="One" %}', first, "{% endtab %}", "", '{% tab title="Two" %}', rest.join("\n\n"), "{% endtab %}", "{% endtabs %}"].join("\n");
          case "expandable":
            return ["<details>", "", `<summary>${first}</summary>`, "", rest.join("\n\n"), "", "</details>"].join("\n");
          case "table":
            return ["| Name | Value |", "| --- | --- |", ...[first, ...rest].map((cells) => `| ${cells} | ${rest[0] ?? "x"} |`)].join("\n");
        }
      })
      .join("\n\n") + "\n"
  );
}

type Edit = { op: "edit" | "move" | "insert" | "delete"; at: number; to: number; block: { kind: Kind; words: string[][] } };
const edit = fc.record({ op: fc.constantFrom<Edit["op"]>("edit", "move", "insert", "delete"), at: fc.nat(), to: fc.nat(), block: spec(NEW_WORDS) });

/**
 * The blocks after `edits`, and which of them were edited or inserted. A block is edited or moved
 * at most once (one moved and rewritten at once is a new block), and never emptied.
 */
function applyEdits(blocks: Spec[], edits: Edit[]): { after: Spec[]; inserted: Set<number>; changed: Set<number> } {
  const after = [...blocks];
  const inserted = new Set<number>();
  const changed = new Set<number>();
  for (const { op, at, to, block } of edits) {
    if (op === "insert" || after.length === 0) {
      const added = withId(block);
      after.splice(to % (after.length + 1), 0, added);
      inserted.add(added.id);
      continue;
    }
    const index = at % after.length;
    const target = after[index]!;
    // The last block stays: an empty page is one empty paragraph, which is no block of the test's.
    if (op === "delete") {
      if (after.length > 1) after.splice(index, 1);
    }
    else if (changed.has(target.id) || inserted.has(target.id)) continue;
    else if (op === "edit") {
      // A little: one more word in one of its texts.
      const texts = target.words.map((text, i) => (i === to % target.words.length ? [...text, "extra"] : text));
      after[index] = { ...target, words: texts };
      changed.add(target.id);
    } else {
      after.splice(index, 1);
      after.splice(to % (after.length + 1), 0, target);
      changed.add(target.id);
    }
  }
  return { after, inserted, changed };
}

async function setup() {
  const tenant = await createTenant();
  const admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Keys", empty: true })).body;
  const pageId = newId();
  await commitPages(space.id, [{ id: pageId, title: "Page", slug: "page", markdown: "Start.\n" }]);
  const crs = `/v1/spaces/${space.id}/change-requests`;
  const open = async () => (await admin.post(crs, { subject: "Edits" })).body as { id: string };
  const write = async (cr: string, document: { markdown: string } | { document: unknown }, page = pageId) => {
    const answer = await admin.post(`${crs}/${cr}/content`, { changes: [{ operation: "update_page", page, document }] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  const read = async (cr: string | null, format: "document" | "markdown" = "document", page = pageId) => {
    const answer = await admin.get(`${cr ? `${crs}/${cr}` : `/v1/spaces/${space.id}`}/content/page/${page}?format=${format}`);
    expect(answer.status).toBe(200);
    return answer.body as { document: { nodes: { key: string }[] }; markdown: string };
  };
  return { admin, space, pageId, crs, open, write, read };
}

/** Every key of a document, blocks and others, in pre-order. */
function allKeys(document: { nodes: unknown[] }): string[] {
  const keys: string[] = [];
  const visit = (nodes: unknown[]) => {
    for (const node of nodes as { key?: string; nodes?: unknown[]; fragments?: { key?: string; nodes: unknown[] }[] }[]) {
      if (node.key) keys.push(node.key);
      if (node.nodes) visit(node.nodes);
      for (const fragment of node.fragments ?? []) {
        if (fragment.key) keys.push(fragment.key);
        visit(fragment.nodes);
      }
    }
  };
  visit(document.nodes);
  return keys;
}

const blockKeysOf = (document: unknown) => documentBlocks(document as never).map((block) => block.key!);

/** Keys of the document of `markdown` carried from `previous` (keyed), as a write does, and the keyed document. */
function carried(markdown: string, previous?: unknown) {
  const document = markdownToDocument(markdown);
  applyBlockKeys(document, carryBlockKeys(document, previous ? [previous as never] : []));
  return document as unknown as { nodes: { key: string }[] };
}

/** The property, checked on the matcher directly (fast, many runs) and through the service. */
async function checkEdit(generated: { kind: Kind; words: string[][] }[], edits: Edit[], write: (markdown: string) => Promise<{ nodes: { key: string }[] }>) {
  const before = generated.map(withId);
  const first = await write(render(before));
  expect(first.nodes).toHaveLength(before.length);
  const keyOf = new Map(before.map((block, i) => [block.id, first.nodes[i]!.key]));
  const subtreeOf = new Map(before.map((block, i) => [block.id, blockKeysOf({ nodes: [first.nodes[i]] })]));
  const { after, inserted, changed } = applyEdits(before, edits);
  const second = await write(render(after));
  expect(second.nodes).toHaveLength(after.length);
  const keys = allKeys(second);
  expect(new Set(keys).size, "keys are unique").toBe(keys.length);
  const firstKeys = new Set(blockKeysOf(first));
  after.forEach((block, i) => {
    const key = second.nodes[i]!.key;
    if (inserted.has(block.id)) expect(firstKeys.has(key), `inserted ${block.kind} got a new key`).toBe(false);
    else expect(key, `${block.kind} ${block.id} kept its key`).toBe(keyOf.get(block.id));
    if (!inserted.has(block.id) && !changed.has(block.id)) expect(blockKeysOf({ nodes: [second.nodes[i]] })).toEqual(subtreeOf.get(block.id));
  });
  const survivors = new Set(after.map((block) => block.id));
  const secondKeys = new Set(blockKeysOf(second));
  for (const block of before) if (!survivors.has(block.id)) expect(secondKeys.has(keyOf.get(block.id)!), `deleted ${block.kind} is gone`).toBe(false);
  return second;
}

const pages = fc.array(spec(WORDS), { minLength: 1, maxLength: 8 });
const edits = fc.array(edit, { minLength: 1, maxLength: 4 });

describe("block keys", () => {
  test("the matcher: surviving blocks keep their keys (and unedited ones all their blocks' keys), deleted ones go, inserted ones get new keys", async () => {
    await fc.assert(
      fc.asyncProperty(pages, edits, async (generated, changes) => {
        let previous: unknown;
        await checkEdit(generated, changes, async (markdown) => (previous = carried(markdown, previous)) as never);
      }),
      { numRuns: 150 },
    );
  });

  test("through /v1 writes of markdown, then read as markdown or as the document and written back unchanged", async () => {
    const { open, write, read } = await setup();
    const cr = (await open()).id;
    await fc.assert(
      fc.asyncProperty(pages, edits, async (generated, changes) => {
        const second = await checkEdit(generated, changes, async (markdown) => {
          await write(cr, { markdown });
          return (await read(cr)).document;
        });
        await write(cr, { markdown: (await read(cr, "markdown")).markdown });
        expect((await read(cr)).document).toEqual(second);
        await write(cr, { document: second });
        expect(allKeys((await read(cr)).document)).toEqual(allKeys(second));
      }),
      { numRuns: 8 },
    );
  }, 120_000);

  test("a JSON document's keys are kept exactly; a repeated key stays on its first block; keyless blocks match the previous version", async () => {
    const { open, write, read } = await setup();
    const cr = (await open()).id;
    const text = (value: string) => ({ object: "text", leaves: [{ object: "leaf", text: value, marks: [] }] });
    const paragraph = (key: string | undefined, value: string) => ({ object: "block", type: "paragraph", data: {}, nodes: [text(value)], ...(key ? { key } : {}) });
    const list = { object: "block", type: "list-unordered", key: "list", data: {}, nodes: [{ object: "block", type: "list-item", key: "item", data: {}, nodes: [paragraph("inner", "An item")] }] };
    await write(cr, { document: { object: "document", data: {}, nodes: [paragraph("first", "One paragraph."), list, paragraph("last", "Last paragraph.")] } });
    expect(blockKeysOf((await read(cr)).document)).toEqual(["first", "list", "item", "inner", "last"]);

    // The editor split "One paragraph." in two, both halves with its key, and added a keyless block.
    await write(cr, { document: { object: "document", data: {}, nodes: [paragraph("first", "One"), paragraph("first", "paragraph."), list, paragraph(undefined, "Last paragraph!"), paragraph(undefined, "Brand new")] } });
    const keys = blockKeysOf((await read(cr)).document);
    expect(keys.slice(0, 5)).toEqual(["first", keys[1], "list", "item", "inner"]);
    expect(keys[1]).not.toBe("first");
    expect(keys[5], "a keyless block like one of the previous version takes its key").toBe("last");
    expect(new Set(keys).size).toBe(keys.length);
  });

  test("the editor's procedures: applyChanges saves a keyed document, page with format document reads it back with its keys", async () => {
    const tenant = await createTenant();
    const admin = apiClient(server.url, tenant.admin.token);
    const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Editor" })).body;
    const cr = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Edit" })).body as { id: string };
    const trpc = createCallerFactory(appRouter)({ actor: { userId: tenant.admin.user.id, via: "session" }, baseUrl: "http://quire.test" });
    const source = { kind: "change-request" as const, ref: cr.id };
    const pageId = (await trpc.changeRequests.pages({ spaceId: space.id, source })).pages[0]!.id;
    const leaf = (text: string) => ({ object: "text", leaves: [{ object: "leaf", text, marks: [] }] });
    const nodes = [
      { object: "block", type: "heading-2", key: "head", data: {}, nodes: [leaf("Setup")] },
      { object: "block", type: "paragraph", key: "body", data: {}, nodes: [leaf("Install it.")] },
    ];
    await trpc.changeRequests.applyChanges({ spaceId: space.id, ref: cr.id, changes: [{ operation: "update_page", page: pageId, document: { document: { object: "document", data: {}, nodes } } }] });
    const page = await trpc.changeRequests.page({ spaceId: space.id, source, pageId, format: "document" });
    expect("document" in page && blockKeysOf(page.document)).toEqual(["head", "body"]);
  });

  test("a page reverted to an earlier revision takes that revision's keys back; a duplicated space keeps them", async () => {
    const { admin, space, crs, open, write, read, pageId } = await setup();
    const cr = (await open()).id;
    await write(cr, { markdown: "First block here.\n\nSecond block here.\n\nThird block here.\n" });
    const earlier = (await admin.get(`${crs}/${cr}`)).body.revision as string;
    const keys = blockKeysOf((await read(cr)).document);
    await write(cr, { markdown: "Second block here, edited.\n\nA new block.\n" });
    expect(blockKeysOf((await read(cr)).document)[0]).toBe(keys[1]);
    const reverted = await admin.post(`${crs}/${cr}/content`, { changes: [{ operation: "revert_page", page: pageId, revision: earlier }] });
    expect(reverted.status).toBe(200);
    expect(blockKeysOf((await read(cr)).document)).toEqual(keys);

    expect((await admin.post(`${crs}/${cr}/merge`)).status).toBe(200);
    const copy = (await admin.post(`/v1/spaces/${space.id}/duplicate`)).body;
    const copied = await admin.get(`/v1/spaces/${copy.id}/content/page/${pageId}?format=document`);
    expect(blockKeysOf(copied.body.document)).toEqual(keys);
  });

  test("a merge of a change request with main, both sides editing different blocks, keeps both sides' keys; so does an update from main", async () => {
    const { crs, admin, open, write, read } = await setup();
    const p = Array.from({ length: 10 }, (_, i) => `Paragraph ${i} talks about ${WORDS[i]} ${WORDS[i + 1]} ${WORDS[i + 2]}.`);
    const edited = (i: number) => p[i]!.replace(".", " and more.");
    const seed = await open();
    await write(seed.id, { markdown: p.join("\n\n") });
    expect((await admin.post(`${crs}/${seed.id}/merge`)).status).toBe(200);
    const o = blockKeysOf((await read(null)).document);

    const [ours, theirs, other] = [await open(), await open(), await open()];
    // Far enough apart to merge line by line: main edits the first and inserts after the fourth,
    // the request inserts after the seventh and edits the last, the other edits the third and inserts before it.
    await write(ours.id, { markdown: [edited(0), ...p.slice(1, 4), "Inserted on main qqzv", ...p.slice(4)].join("\n\n") });
    await write(theirs.id, { markdown: [...p.slice(0, 7), "Inserted in the request vvkx", ...p.slice(7, 9), edited(9)].join("\n\n") });
    await write(other.id, { markdown: [...p.slice(0, 2), "Inserted elsewhere zzjq", edited(2), ...p.slice(3)].join("\n\n") });
    const mainSide = blockKeysOf((await read(ours.id)).document);
    const requestSide = blockKeysOf((await read(theirs.id)).document);
    const otherSide = blockKeysOf((await read(other.id)).document);
    expect((await admin.post(`${crs}/${ours.id}/merge`)).status).toBe(200);
    expect((await admin.post(`${crs}/${theirs.id}/merge`)).status).toBe(200);
    expect(blockKeysOf((await read(null)).document)).toEqual([...o.slice(0, 4), mainSide[4], ...o.slice(4, 7), requestSide[7], ...o.slice(7)]);

    expect((await admin.post(`${crs}/${other.id}/update`)).status).toBe(200);
    expect(blockKeysOf((await read(other.id)).document)).toEqual([...o.slice(0, 2), otherSide[2], ...o.slice(2, 4), mainSide[4], ...o.slice(4, 7), requestSide[7], ...o.slice(7)]);
  });
});

describe("carryBlockKeys", () => {
  test("a huge keyless document is keyed within bounds, and matched against a huge one within bounds", () => {
    const markdown = Array.from({ length: 5_000 }, (_, i) => `Paragraph ${i % 5}`).join("\n\n");
    const first = markdownToDocument(markdown);
    const keys = carryBlockKeys(first, []);
    expect(new Set(keys).size).toBe(5_000);
    applyBlockKeys(first, keys);
    const second = markdownToDocument(Array.from({ length: 5_000 }, (_, i) => `Paragraph ${(i * 7) % 11}`).join("\n\n"));
    const started = Date.now();
    const carried = carryBlockKeys(second, [first]);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(new Set(carried).size).toBe(carried.length);
  });
});
