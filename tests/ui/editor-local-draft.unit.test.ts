import { describe, expect, it } from "vitest";
import { addPage, draftFromServer, updatePage } from "@/components/editor/draft-model";
import { keepUnsaved, offersFor, readKept, restoreOffers } from "@/components/editor/local-draft";

/**
 * Unsaved work kept on this device: written while it differs from the server's pages, offered
 * back on return when it still does, and gone once saved.
 */

/** localStorage as the browser has it, in memory; `full` refuses writes, as a full storage does. */
function memoryStorage(): Storage & { full: boolean } {
  const items = new Map<string, string>();
  return {
    full: false,
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      if (this.full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

const scope = { spaceId: "s1", changeRequest: "3" };
const server = draftFromServer([
  { id: "intro", title: "Introduction", markdown: "Hello.\n", pages: [] },
  { id: "setup", title: "Setup", markdown: "Install it.\n", pages: [] },
]);
const idOf = (key: string) => (key.startsWith("new-") ? undefined : key);
const keep = (storage: Storage, draft = server, original = server, texts: Record<string, string> = {}, offered = new Set<string>()) =>
  keepUnsaved(storage, scope, { original, draft, idOf, texts, keep: offered, now: 1000 });

describe("unsaved work kept on this device", () => {
  it("keeps each page that differs from the server's, with what the server had, and forgets it once saved", () => {
    const storage = memoryStorage();
    const edited = addPage(updatePage(server, "intro", { markdown: "Hello, reader.\n" }), { key: "new-a-1", title: "Notes", markdown: "Draft.\n" }, {});
    expect(keep(storage, edited)).toBe(true);
    expect(readKept(storage, scope)).toEqual(
      new Map([
        ["intro", { title: "Introduction", markdown: "Hello, reader.\n", base: { title: "Introduction", markdown: "Hello.\n" }, savedAt: 1000 }],
        ["new-a-1", { title: "Notes", markdown: "Draft.\n", base: null, savedAt: 1000 }],
      ]),
    );
    // Saved: the server now has what the editor has.
    keep(storage, edited, edited);
    expect(readKept(storage, scope).size).toBe(0);
  });

  it("offers back on return what still differs from the server, and puts it back", () => {
    const storage = memoryStorage();
    keep(storage, updatePage(server, "intro", { markdown: "Hello, reader.\n" }));
    const offers = offersFor(storage, scope, server);
    expect(offers.map((offer) => [offer.id, offer.changedSince])).toEqual([["intro", false]]);
    const restored = restoreOffers(server, offers, () => "new-x");
    expect(restored.pages.intro!.markdown).toBe("Hello, reader.\n");

    // Saved by another tab meanwhile: nothing to offer, and the entry goes.
    const later = updatePage(server, "intro", { markdown: "Hello, reader.\n" });
    expect(offersFor(storage, scope, later)).toEqual([]);
    expect(readKept(storage, scope).size).toBe(0);
  });

  it("says when the server's page changed since the work began", () => {
    const storage = memoryStorage();
    keep(storage, updatePage(server, "setup", { markdown: "Install it twice.\n" }));
    const moved = updatePage(server, "setup", { markdown: "Install it with npm.\n" });
    expect(offersFor(storage, scope, moved).map((offer) => offer.changedSince)).toEqual([true]);
  });

  it("keeps the text of a page whose document could not be written, and leaves offered entries alone", () => {
    const storage = memoryStorage();
    keep(storage, server, server, { setup: "Install it.\n\nThen | pasted | cells" });
    expect(readKept(storage, scope).get("setup")).toMatchObject({ textOnly: true, markdown: "Install it.\n\nThen | pasted | cells\n" });
    // Offered and not yet answered: a write of the unchanged draft does not remove it.
    keep(storage, server, server, {}, new Set(["setup"]));
    expect(readKept(storage, scope).has("setup")).toBe(true);
  });

  it("answers false when the storage is full", () => {
    const storage = memoryStorage();
    storage.full = true;
    expect(keep(storage, updatePage(server, "intro", { title: "Welcome" }))).toBe(false);
  });
});
