import { describe, expect, test } from "vitest";
import { ObjectStore } from "../../server/content/store/object-store";
import { emptyTrie, LEAF_SIZE, trieDiff, trieEntries, trieGet, trieSet } from "../../server/content/store/trie";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { createOrganization } from "../helpers/factories";

/** A space to store objects in, and a factory of stores on it (each with an empty cache). */
async function newStore() {
  const organization = await createOrganization();
  const space = await db().space.create({ data: { id: newId(), organizationId: organization.id, title: "Trie" } });
  return () => new ObjectStore(db(), space.id);
}

const entriesOf = (count: number, version = "v1") => new Map(Array.from({ length: count }, (_, i) => [`p:page-${i}`, `${version}-${i}`]));

async function storedObjects(store: ObjectStore) {
  return db().contentObject.count({ where: { spaceId: store.spaceId } });
}

describe("content trie", () => {
  test("holds 10,000 entries, reads each one, and lists them all", async () => {
    const makeStore = await newStore();
    const store = makeStore();
    const expected = entriesOf(10_000);
    const root = await trieSet(store, emptyTrie(store), expected);
    await store.flush();
    // A new store has an empty cache: everything is read back from the database.
    const fresh = makeStore();
    expect(await trieEntries(fresh, root)).toEqual(expected);
    expect(await trieGet(fresh, root, "p:page-4321")).toBe("v1-4321");
    expect(await trieGet(fresh, root, "p:missing")).toBeUndefined();
  });

  test("equal contents have equal roots, whatever the order of the edits", async () => {
    const store = (await newStore())();
    const all = entriesOf(500);
    const oneGo = await trieSet(store, emptyTrie(store), all);
    let stepwise = emptyTrie(store);
    for (const [key, value] of [...all].reverse()) stepwise = await trieSet(store, stepwise, new Map([[key, value]]));
    expect(stepwise).toBe(oneGo);
    // Removing entries until a leaf's size collapses the branches back into the canonical leaf.
    const few = entriesOf(LEAF_SIZE - 2);
    const removals = new Map([...all.keys()].filter((key) => !few.has(key)).map((key) => [key, null] as [string, null]));
    expect(await trieSet(store, oneGo, removals)).toBe(await trieSet(store, emptyTrie(store), few));
  });

  test("changing one entry of 10,000 writes one path of nodes, and a diff finds just that entry", async () => {
    const makeStore = await newStore();
    const store = makeStore();
    const root = await trieSet(store, emptyTrie(store), entriesOf(10_000));
    await store.flush();
    const before = await storedObjects(store);

    const editing = makeStore();
    const edited = await trieSet(editing, root, new Map([["p:page-77", "v2-77"], ["p:page-new", "v1-new"], ["p:page-5", null]]));
    await editing.flush();
    // Three changed keys: at most three paths of a 10,000-entry trie (three levels: 16 × 16 × leaves of ~40).
    expect((await storedObjects(store)) - before).toBeLessThanOrEqual(9);

    const diff = await trieDiff(makeStore(), root, edited);
    expect(diff).toEqual(
      new Map([
        ["p:page-77", { before: "v1-77", after: "v2-77" }],
        ["p:page-new", { after: "v1-new" }],
        ["p:page-5", { before: "v1-5", after: undefined }],
      ]),
    );
    expect(await trieDiff(makeStore(), root, root)).toEqual(new Map());
  });
});
