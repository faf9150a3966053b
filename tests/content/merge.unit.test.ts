import { describe, expect, test } from "vitest";
import { mergePages, PAGE_FIELD_RULES, pageTreeOf, type PageConflict, type PageState, type PageTree } from "../../server/content/merge/page-merge";
import { LAYOUT_PRESETS } from "../../server/content/page-display";
import type { PageVersion } from "../../server/content/revisions";
import { mergeTokens, wordTokens } from "../../server/content/merge/text-merge";
import { mergePageBody, type BodyMergeInput } from "../../server/content/merge/body-merge";
import { cpuMsOf } from "../helpers/cpu-time";

describe("mergeTokens", () => {
  const words = (text: string) => wordTokens(text);
  const merged = (base: string, ours: string, theirs: string) => {
    const result = mergeTokens(words(base), words(ours), words(theirs));
    return result.ok ? result.tokens.join("") : null;
  };

  test("tokens are words, runs of whitespace and single other characters; ideographs one by one", () => {
    expect(wordTokens("Don't stop,  now!")).toEqual(["Don", "'", "t", " ", "stop", ",", "  ", "now", "!"]);
    expect(wordTokens("日本語 text")).toEqual(["日", "本", "語", " ", "text"]);
  });

  test.each([
    ["only one side changed", "a b c", "a B c", "a b c", "a B c"],
    ["abutting changes", "a b c", "A b c", "a B c", "A B c"],
    ["an insertion before a word the other side replaced", "a b c", "a new b c", "a B c", "a new B c"],
    ["the same change on both sides", "a b c", "a X c", "a X c", "a X c"],
  ])("merges %s", (_name, base, ours, theirs, expected) => {
    expect(merged(base, ours, theirs)).toBe(expected);
    expect(merged(base, theirs, ours)).toBe(expected);
  });

  test.each([
    ["the same word changed differently", "a b c", "a X c", "a Y c"],
    ["different insertions at one place", "a c", "a b c", "a x c"],
    ["a deleted word changed on the other side", "a b c", "a c", "a B c"],
  ])("conflicts on %s", (_name, base, ours, theirs) => {
    expect(merged(base, ours, theirs)).toBeNull();
  });

  test("two long texts rewritten everywhere end fast as a conflict (the diff is bounded)", () => {
    const text = (who: string) => Array.from({ length: 20_000 }, (_, i) => `${who}${i}`).join(" ");
    const { result, ms } = cpuMsOf(() => merged(text("base"), text("ours"), text("theirs")));
    expect(result).toBeNull();
    // Unbounded, the token diff takes minutes here; bounded, well under a second.
    expect(ms).toBeLessThan(5_000);
  });
});

describe("mergePages", () => {
  const at = "2026-01-01T00:00:00.000Z";
  const later = "2026-02-01T00:00:00.000Z";
  const latest = "2026-03-01T00:00:00.000Z";
  const page = (id: string, fields: Partial<PageState> = {}): PageState => ({
    id,
    title: id[0]!.toUpperCase() + id.slice(1),
    slug: id,
    parentId: null,
    sortKey: 1,
    markdown: "",
    createdAt: at,
    updatedAt: at,
    ...fields,
  });

  /**
   * intro, guide (setup, usage), api: the base every case starts from. Both sides share the
   * pages they did not change, so this list is also the tree the merge asks about them.
   */
  const basePages = [
    page("intro", { markdown: "Welcome.\n" }),
    page("guide", { sortKey: 2, markdown: "# Guide\n\nFirst paragraph.\n\nSecond paragraph.\n" }),
    page("setup", { parentId: "guide", sortKey: 1 }),
    page("usage", { parentId: "guide", sortKey: 2 }),
    page("api", { sortKey: 3, emoji: "1f4d6" }),
  ];
  const baseById = new Map(basePages.map((p) => [p.id, p]));

  /** Bodies merged in the test's thread (a server merges them in its markdown workers). */
  const mergeBodies = async (inputs: BodyMergeInput[]) => inputs.map(mergePageBody);

  /** Per page id: null = deleted; fields = that page edited (or added, when not in base). */
  type Changes = Record<string, Partial<PageState> | null>;
  type Case = { ours?: Changes; theirs?: Changes };

  function inputOf({ ours = {}, theirs = {} }: Case, tree: PageTree = pageTreeOf(basePages)) {
    const resolve = (changes: Changes) =>
      new Map(Object.entries(changes).map(([id, fields]) => [id, fields && { ...(baseById.get(id) ?? page(id)), ...fields }]));
    const changed = new Set([...Object.keys(ours), ...Object.keys(theirs)]);
    const base = new Map(basePages.filter((p) => changed.has(p.id)).map((p) => [p.id, p]));
    return { base, ours: resolve(ours), theirs: resolve(theirs), tree, changeRequest: "theirs" as const, mergeBodies };
  }
  const swap = ({ ours, theirs }: Case): Case => ({ ours: theirs, theirs: ours });

  const clean: [name: string, changes: Case, expected: Record<string, Partial<PageState> | null>][] = [
    [
      "pages added on both sides",
      { ours: { faq: { sortKey: 4 } }, theirs: { changelog: { parentId: "guide", sortKey: 3 } } },
      { faq: { sortKey: 4, parentId: null }, changelog: { parentId: "guide" } },
    ],
    [
      "a rename on one side and a content edit on the other",
      { ours: { intro: { title: "Welcome", slug: "welcome" } }, theirs: { intro: { markdown: "Welcome, reader.\n" } } },
      { intro: { title: "Welcome", slug: "welcome", markdown: "Welcome, reader.\n" } },
    ],
    [
      "a move on one side and an edit on the other",
      { ours: { setup: { parentId: "api", sortKey: 5 } }, theirs: { setup: { markdown: "Install it.\n", description: "How to" } } },
      { setup: { parentId: "api", sortKey: 5, markdown: "Install it.\n", description: "How to" } },
    ],
    [
      "edits in different paragraphs of one page",
      {
        ours: { guide: { markdown: "# Guide\n\nFirst paragraph, better.\n\nSecond paragraph.\n" } },
        theirs: { guide: { markdown: "# Guide\n\nFirst paragraph.\n\nSecond paragraph, better.\n" } },
      },
      { guide: { markdown: "# Guide\n\nFirst paragraph, better.\n\nSecond paragraph, better.\n" } },
    ],
    ["the same page deleted on both sides", { ours: { api: null }, theirs: { api: null } }, { api: null }],
    ["a page deleted on one side, another edited on the other", { ours: { api: null }, theirs: { intro: { title: "Hello" } } }, { api: null, intro: { title: "Hello" } }],
    [
      "a page deleted on one side and only re-saved on the other",
      { ours: { api: null }, theirs: { api: { updatedAt: later } } },
      { api: null },
    ],
    ["the same edit on both sides", { ours: { usage: { title: "Use" } }, theirs: { usage: { title: "Use" } } }, { usage: { title: "Use" } }],
    ["the same move on both sides", { ours: { usage: { parentId: null, sortKey: 9 } }, theirs: { usage: { parentId: null, sortKey: 9 } } }, { usage: { parentId: null, sortKey: 9 } }],
    [
      "an emoji set on one side and a description on the other",
      { ours: { intro: { emoji: "1f44b" } }, theirs: { intro: { description: "Start here" } } },
      { intro: { emoji: "1f44b", description: "Start here" } },
    ],
    ["an emoji removed on one side, the title edited on the other", { ours: { api: { emoji: undefined } }, theirs: { api: { title: "API" } } }, { api: { title: "API" } }],
    [
      "the later update time of the two",
      { ours: { intro: { title: "Hi", updatedAt: latest } }, theirs: { intro: { markdown: "Hi.\n", updatedAt: later } } },
      { intro: { updatedAt: latest } },
    ],
    ["the same page added identically on both sides", { ours: { faq: { sortKey: 4 } }, theirs: { faq: { sortKey: 4 } } }, { faq: { sortKey: 4 } }],
    [
      "a slug freed on one side and taken by a new page on the other",
      { ours: { setup: { slug: "install" } }, theirs: { start: { parentId: "guide", slug: "setup", sortKey: 3 } } },
      { setup: { slug: "install" }, start: { slug: "setup", parentId: "guide" } },
    ],
    [
      "two moves that chain without a cycle",
      { ours: { setup: { parentId: "api" } }, theirs: { api: { parentId: "usage" } } },
      { setup: { parentId: "api" }, api: { parentId: "usage" } },
    ],
    [
      "a child moved out of a page the other side deleted",
      { ours: { usage: { parentId: null, sortKey: 4 } }, theirs: { guide: null, setup: null } },
      { usage: { parentId: null }, guide: null, setup: null },
    ],
    [
      "a page added under a page the other side moved",
      { ours: { guide: { parentId: "api" } }, theirs: { faq: { parentId: "guide" } } },
      { guide: { parentId: "api" }, faq: { parentId: "guide" } },
    ],
    [
      "a duplicate slug one side already had",
      { ours: { faq: { slug: "help" }, help: { sortKey: 5 } }, theirs: { intro: { title: "Hi" } } },
      { faq: { slug: "help" }, help: { slug: "help" }, intro: { title: "Hi" } },
    ],
  ];
  test.each(clean)("merges %s", async (_name, changes, expected) => {
    for (const sides of [changes, swap(changes)]) {
      const merged = await mergePages(inputOf(sides));
      if (!merged.ok) throw new Error(`unexpected conflicts: ${JSON.stringify(merged.conflicts)}`);
      expect(new Set(merged.result.keys())).toEqual(new Set(Object.keys(expected)));
      for (const [id, fields] of Object.entries(expected)) {
        if (fields === null) expect(merged.result.get(id)).toBeNull();
        else expect(merged.result.get(id)).toMatchObject(fields);
      }
    }
  });

  test("keeps optional fields absent and the creation time of base", async () => {
    const merged = await mergePages(inputOf({ ours: { api: { emoji: undefined, createdAt: later } }, theirs: { api: { title: "API" } } }));
    if (!merged.ok) throw new Error("expected a clean merge");
    const api = merged.result.get("api")!;
    expect("emoji" in api).toBe(false);
    expect("description" in api).toBe(false);
    expect(api.createdAt).toBe(at);
  });

  const conflicting: [name: string, changes: Case, conflicts: Pick<PageConflict, "kind" | "pageId">[]][] = [
    [
      "the same words of a page edited differently",
      { ours: { intro: { markdown: "Hello.\n" } }, theirs: { intro: { markdown: "Hi there.\n" } } },
      [{ kind: "content", pageId: "intro" }],
    ],
    ["two different titles", { ours: { intro: { title: "A" } }, theirs: { intro: { title: "B" } } }, [{ kind: "title", pageId: "intro" }]],
    ["two different slugs", { ours: { intro: { slug: "a" } }, theirs: { intro: { slug: "b" } } }, [{ kind: "slug", pageId: "intro" }]],
    ["two different emojis", { ours: { api: { emoji: "1f600" } }, theirs: { api: { emoji: undefined } } }, [{ kind: "emoji", pageId: "api" }]],
    ["two different descriptions", { ours: { api: { description: "a" } }, theirs: { api: { description: "b" } } }, [{ kind: "description", pageId: "api" }]],
    ["moves to different parents", { ours: { usage: { parentId: null } }, theirs: { usage: { parentId: "api" } } }, [{ kind: "move", pageId: "usage" }]],
    ["moves to different places among the same siblings", { ours: { usage: { sortKey: 0 } }, theirs: { usage: { sortKey: 5 } } }, [{ kind: "move", pageId: "usage" }]],
    ["a page deleted on one side and edited on the other", { ours: { setup: null }, theirs: { setup: { markdown: "Install.\n" } } }, [{ kind: "delete-edit", pageId: "setup" }]],
    ["a page deleted on one side and moved on the other", { ours: { setup: null }, theirs: { setup: { parentId: null } } }, [{ kind: "delete-edit", pageId: "setup" }]],
    ["one page id added differently on both sides", { ours: { faq: { title: "FAQ" } }, theirs: { faq: { title: "Questions" } } }, [{ kind: "add-add", pageId: "faq" }]],
    ["a page added under a page the other side deleted", { ours: { api: null }, theirs: { endpoints: { parentId: "api" } } }, [{ kind: "parent-deleted", pageId: "endpoints" }]],
    ["a page moved under a page the other side deleted", { ours: { api: null }, theirs: { intro: { parentId: "api" } } }, [{ kind: "parent-deleted", pageId: "intro" }]],
    [
      "two moves that make a cycle",
      { ours: { guide: { parentId: "api" } }, theirs: { api: { parentId: "setup" } } },
      [
        { kind: "cycle", pageId: "api" },
        { kind: "cycle", pageId: "guide" },
      ],
    ],
    ["two pages moved under each other", { ours: { intro: { parentId: "api" } }, theirs: { api: { parentId: "intro" } } }, [{ kind: "cycle", pageId: "api" }, { kind: "cycle", pageId: "intro" }]],
    ["two new siblings with one slug", { ours: { faq: {} }, theirs: { help: { slug: "faq" } } }, [{ kind: "duplicate-slug", pageId: "faq" }]],
    [
      "a move and a rename that together take an existing slug",
      { ours: { setup: { parentId: null } }, theirs: { setup: { slug: "api" } } },
      [{ kind: "duplicate-slug", pageId: "setup" }],
    ],
    [
      "a page moved next to a sibling renamed to its slug",
      { ours: { usage: { parentId: null, sortKey: 4 } }, theirs: { api: { slug: "usage" } } },
      [{ kind: "duplicate-slug", pageId: "usage" }],
    ],
    [
      "a rename conflict and a content conflict on one page",
      { ours: { intro: { title: "A", markdown: "A.\n" } }, theirs: { intro: { title: "B", markdown: "B.\n" } } },
      [
        { kind: "content", pageId: "intro" },
        { kind: "title", pageId: "intro" },
      ],
    ],
  ];
  const sorted = (conflicts: Pick<PageConflict, "kind" | "pageId">[]) =>
    conflicts.map(({ kind, pageId }) => ({ kind, pageId })).sort((a, b) => `${a.kind} ${a.pageId}`.localeCompare(`${b.kind} ${b.pageId}`));
  test.each(conflicting)("conflicts on %s", async (_name, changes, conflicts) => {
    for (const sides of [changes, swap(changes)]) {
      const merged = await mergePages(inputOf(sides));
      if (merged.ok) throw new Error("expected conflicts");
      // Two-page conflicts are reported once, on either page.
      expect(sorted(merged.conflicts).map((c) => c.kind)).toEqual(sorted(conflicts).map((c) => c.kind));
      if (sides === changes || !conflicts.some((c) => c.kind === "duplicate-slug")) expect(sorted(merged.conflicts)).toEqual(sorted(conflicts));
    }
  });

  test("conflicts name the page and what is in the way", async () => {
    const content = await mergePages(inputOf({ ours: { intro: { markdown: "Hello.\n" } }, theirs: { intro: { markdown: "Hi.\n" } } }));
    expect(content).toMatchObject({
      ok: false,
      conflicts: [{ kind: "content", pageId: "intro", blocks: [{ kind: "edited", type: "paragraph", versions: { ours: { markdown: "Hello.\n" }, theirs: { markdown: "Hi.\n" } } }] }],
    });
    const parent = await mergePages(inputOf({ ours: { api: null }, theirs: { endpoints: { parentId: "api", title: "Endpoints" } } }));
    expect(parent).toEqual({ ok: false, conflicts: [{ kind: "parent-deleted", pageId: "endpoints", otherPageId: "api" }] });
    const slug = await mergePages(inputOf({ ours: { setup: { parentId: null } }, theirs: { setup: { slug: "api" } } }));
    expect(slug).toEqual({ ok: false, conflicts: [{ kind: "duplicate-slug", pageId: "setup", otherPageId: "api", slug: "api" }] });
    const deleted = await mergePages(inputOf({ ours: { setup: null }, theirs: { setup: { title: "Installation" } } }));
    expect(deleted).toEqual({ ok: false, conflicts: [{ kind: "delete-edit", pageId: "setup" }] });
  });

  test("looks at the tree only around the changed pages", async () => {
    // A space of 10,000 pages in 100 sections; each side changes two of them.
    const pages = Array.from({ length: 100 }, (_, s) => [
      page(`s${s}`, { sortKey: s }),
      ...Array.from({ length: 99 }, (_, i) => page(`s${s}-p${i}`, { parentId: `s${s}`, sortKey: i })),
    ]).flat();
    const full = pageTreeOf(pages);
    const calls = { parentOf: 0, pagesWithSlug: 0 };
    const tree: PageTree = {
      parentOf: (id) => (calls.parentOf++, full.parentOf(id)),
      pagesWithSlug: (parentId, slug) => (calls.pagesWithSlug++, full.pagesWithSlug(parentId, slug)),
    };
    const byId = new Map(pages.map((p) => [p.id, p]));
    const edit = (id: string, fields: Partial<PageState>) => ({ ...byId.get(id)!, ...fields });
    const merged = await mergePages({
      base: new Map(["s1-p1", "s2-p2", "s3-p3"].map((id) => [id, byId.get(id)!])),
      ours: new Map([
        ["s1-p1", edit("s1-p1", { parentId: "s50-p5" })],
        ["s2-p2", edit("s2-p2", { title: "Renamed" })],
      ]),
      theirs: new Map([
        ["s3-p3", edit("s3-p3", { slug: "renamed" })],
        ["s1-p1", edit("s1-p1", { markdown: "Edited.\n" })],
      ]),
      tree,
      changeRequest: "theirs",
      mergeBodies,
    });
    expect(merged.ok).toBe(true);
    expect(calls.parentOf).toBeLessThanOrEqual(2);
    // Each re-placed page's slot is where one side had it, so no unchanged page can clash there.
    expect(calls.pagesWithSlug).toBe(0);
  });

  test("every field of a page version has a merge rule", () => {
    // Every field set: one the rules leave out fails here, not only under the compiler.
    const version: Required<PageVersion> = {
      id: "setup",
      title: "Setup",
      slug: "setup",
      emoji: "1f680",
      description: "How to install",
      parentId: "guide",
      sortKey: 1,
      body: "hash-of-the-body",
      icon: "rocket",
      condition: "visitor.claims.beta",
      hidden: true,
      noIndex: true,
      noRobotsIndex: true,
      layout: LAYOUT_PRESETS.landing,
      cover: { ref: { kind: "url", url: "https://example.com/cover.png" }, yPos: 0 },
      variables: { version: "2" },
      links: [{ kind: "file", file: "diagram", relation: "image" }],
      blockKeys: ["intro", "steps"],
      createdAt: at,
      updatedAt: at,
    };
    const { body: _body, ...fields } = { ...version, markdown: "" };
    expect(Object.keys(PAGE_FIELD_RULES).sort()).toEqual(Object.keys(fields).sort());
  });

  /** A value for every field of `setup`, each different from base. */
  const changed: Required<PageState> = {
    id: "setup",
    title: "Installation",
    slug: "installation",
    emoji: "1f680",
    description: "How to install",
    parentId: "api",
    sortKey: 7,
    markdown: "Install it.\n",
    icon: "rocket",
    condition: "visitor.claims.plan === \"pro\"",
    hidden: true,
    noIndex: true,
    noRobotsIndex: true,
    layout: LAYOUT_PRESETS.landing,
    cover: { ref: { kind: "url", url: "https://example.com/cover.png" }, yPos: 0 },
    variables: { version: "2" },
    links: [{ kind: "url", url: "https://example.com", relation: "link" }],
    blockKeys: ["install"],
    createdAt: later,
    updatedAt: latest,
  };
  test.each(Object.keys(changed) as (keyof PageState)[])("a change to %s on one side survives an edit to another field on the other", async (key) => {
    const other = key === "description" ? "title" : "description";
    const sides: Case = { ours: { setup: { [key]: changed[key] } }, theirs: { setup: { [other]: changed[other] } } };
    // The page's identity and creation stay base's; every other field takes the change.
    const expected = PAGE_FIELD_RULES[key].merge === "base" ? baseById.get("setup")![key] : changed[key];
    for (const [name, input] of [["ours", sides], ["theirs", swap(sides)]] as const) {
      const merged = await mergePages(inputOf(input));
      if (!merged.ok) throw new Error(`unexpected conflicts: ${JSON.stringify(merged.conflicts)}`);
      expect(merged.result.get("setup")?.[key], `${key} changed on ${name}`).toEqual(expected);
      expect(merged.result.get("setup")?.[other]).toEqual(changed[other]);
    }
  });

  test("pageTreeOf answers parents and slugs", async () => {
    const tree = pageTreeOf(basePages);
    expect(await tree.parentOf("setup")).toBe("guide");
    expect(await tree.parentOf("intro")).toBeNull();
    expect(await tree.parentOf("missing")).toBeUndefined();
    expect([...(await tree.pagesWithSlug("guide", "usage"))]).toEqual(["usage"]);
    expect([...(await tree.pagesWithSlug(null, "usage"))]).toEqual([]);
  });
});
