import { describe, expect, test } from "vitest";
import type { Actor } from "../../server/auth/actor";
import { db } from "../../server/db/client";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { createTenant } from "../helpers/factories";
import { searchIndexed } from "../helpers/jobs";

/** The command palette's search and a space's history (list, diff, restore), called as the browser does. */

const createCaller = createCallerFactory(appRouter);
const callerFor = (actor: Actor) => createCaller({ actor, baseUrl: "http://quire.test" });
type Caller = ReturnType<typeof callerFor>;

async function setup() {
  const tenant = await createTenant();
  const admin = callerFor({ userId: tenant.admin.user.id, via: "session" });
  const memberOf = async (role: "read" | "edit" | null) => callerFor({ userId: (await tenant.member(role)).user.id, via: "session" });
  return { tenant, admin, organizationId: tenant.organization.id, memberOf };
}

/** Writes `changes` to the space through a merged change request: one revision of its main content. */
async function publish(caller: Caller, spaceId: string, subject: string, changes: unknown[]) {
  const changeRequest = await caller.changeRequests.create({ spaceId, subject });
  await caller.changeRequests.applyChanges({ spaceId, ref: String(changeRequest.number), changes });
  await caller.changeRequests.merge({ spaceId, ref: String(changeRequest.number) });
  return changeRequest.number;
}

type TreePage = { id: string; title: string; pages: TreePage[] };
const flatten = (pages: TreePage[]): TreePage[] => pages.flatMap((page) => [page, ...flatten(page.pages)]);
const pageIdOf = async (caller: Caller, spaceId: string, title: string) =>
  flatten((await caller.changeRequests.pages({ spaceId, source: { kind: "main" } })).pages as TreePage[]).find((page) => page.title === title)!.id;

describe("search.everywhere", () => {
  test("finds pages by a word of their body with an excerpt and the section's anchor, spaces, collections and change requests", async () => {
    const { admin, organizationId } = await setup();
    const guides = await admin.content.createCollection({ organizationId, title: "Platypus guides" });
    const space = await admin.content.createSpace({ organizationId, title: "Platypus handbook", parent: guides.id, empty: true });
    const number = await publish(admin, space.id, "Platypus pages", [
      { operation: "insert_page", title: "Setup", slug: "setup", document: { markdown: "Intro.\n\n## Feeding\n\nGive the quokka its breakfast every morning.\n" } },
    ]);
    await admin.changeRequests.create({ spaceId: space.id, subject: "Draft about wombats" });
    await searchIndexed(space.id);

    const byBody = await admin.search.everywhere({ organizationId, query: "quokka" });
    expect(byBody.pages).toEqual([
      expect.objectContaining({ spaceId: space.id, spaceTitle: "Platypus handbook", title: "Setup", section: { title: "Feeding", anchor: "feeding", excerpt: expect.stringContaining("quokka") } }),
    ]);

    const byTitle = await admin.search.everywhere({ organizationId, query: "platypus" });
    expect(byTitle.spaces).toEqual([expect.objectContaining({ id: space.id, title: "Platypus handbook" })]);
    expect(byTitle.collections).toEqual([{ id: guides.id, title: "Platypus guides" }]);
    expect(byTitle.changeRequests.map((each) => each.subject)).toEqual(["Platypus pages"]);

    expect((await admin.search.everywhere({ organizationId, query: `#${number}` })).changeRequests).toEqual([
      { spaceId: space.id, spaceTitle: "Platypus handbook", number, subject: "Platypus pages", status: "merged" },
    ]);
    expect((await admin.search.everywhere({ organizationId, query: "wombats" })).changeRequests.map((each) => each.status)).toEqual(["draft"]);
  });

  test("a change request's number ranks first, above pages and change requests whose titles hold the number", async () => {
    const { admin, organizationId } = await setup();
    const space = await admin.content.createSpace({ organizationId, title: "Numbers", empty: true });
    const first = await publish(admin, space.id, "First", [{ operation: "insert_page", title: "Intro", slug: "intro", document: { markdown: "Start.\n" } }]);
    // Six later change requests and pages whose titles hold "1", updated after #1.
    for (let n = 0; n < 6; n++) await admin.changeRequests.create({ spaceId: space.id, subject: `Big 1-${n}` });
    await publish(admin, space.id, "Pages about 1", Array.from({ length: 6 }, (_, n) => ({ operation: "insert_page" as const, title: `Big 1-${n}`, slug: `big-1-${n}`, document: { markdown: "Number 1.\n" } })));
    await searchIndexed(space.id);

    for (const query of [`#${first}`, String(first)]) {
      const found = await admin.search.everywhere({ organizationId, query });
      expect(found.changeRequests[0]).toMatchObject({ number: first, subject: "First" });
      expect(found.changeRequestsFirst).toBe(true);
    }
    const words = await admin.search.everywhere({ organizationId, query: "Big" });
    expect(words.changeRequestsFirst).toBe(false);
  });

  test("a member finds nothing of a space they cannot see, and the query is bounded", async () => {
    const { admin, organizationId, memberOf } = await setup();
    const secret = await admin.content.createSpace({ organizationId, title: "Secret narwhal", empty: true });
    await publish(admin, secret.id, "Narwhal notes", [{ operation: "insert_page", title: "Tusks", slug: "tusks", document: { markdown: "The narwhal hides here.\n" } }]);
    await db().space.update({ where: { id: secret.id }, data: { defaultLevel: null } });
    await searchIndexed(secret.id);

    const reader = await memberOf("read");
    expect(await reader.search.everywhere({ organizationId, query: "narwhal" })).toEqual({ pages: [], spaces: [], collections: [], changeRequests: [], changeRequestsFirst: false });
    const seen = await admin.search.everywhere({ organizationId, query: "narwhal" });
    expect([seen.pages.length, seen.spaces.length, seen.changeRequests.length]).toEqual([1, 1, 1]);

    await expect(reader.search.everywhere({ organizationId, query: "x".repeat(513) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(reader.search.everywhere({ organizationId, query: "   " })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("history", () => {
  async function withHistory() {
    const context = await setup();
    const { admin, organizationId } = context;
    const space = await admin.content.createSpace({ organizationId, title: "History", empty: true });
    await publish(admin, space.id, "First pages", [
      { operation: "insert_page", title: "Guide", slug: "guide", document: { markdown: "Version one.\n" } },
      { operation: "insert_page", title: "FAQ", slug: "faq", document: { markdown: "Questions.\n" } },
    ]);
    const guideId = await pageIdOf(admin, space.id, "Guide");
    const faqId = await pageIdOf(admin, space.id, "FAQ");
    await publish(admin, space.id, "Second version", [
      { operation: "update_page", page: guideId, title: "Handbook", document: { markdown: "Version two.\n" } },
      { operation: "delete_page", page: faqId },
    ]);
    return { ...context, space, guideId, faqId };
  }

  test("lists the merged change requests newest first with who and how many pages changed, paged", async () => {
    const { admin, space, tenant } = await withHistory();
    const history = await admin.history.list({ spaceId: space.id });
    expect(history.items.map((item) => [item.changeRequest?.subject ?? null, item.pagesAdded, item.pagesEdited, item.pagesRemoved])).toEqual([
      ["Second version", 0, 1, 1],
      ["First pages", 2, 0, 0],
      [null, 0, 0, 0],
    ]);
    expect(history.items[0]).toMatchObject({ current: true, type: "merge", author: { id: tenant.admin.user.id } });
    expect(history.next).toBeUndefined();

    const first = await admin.history.list({ spaceId: space.id, limit: 2 });
    expect(first.items).toHaveLength(2);
    const rest = await admin.history.list({ spaceId: space.id, limit: 2, cursor: first.next });
    expect(rest.items.map((item) => item.id)).toEqual([history.items[2]!.id]);
  });

  test("the diff between two revisions has the review screen's changes, and a revision of another space is not found", async () => {
    const { admin, space, organizationId } = await withHistory();
    const [latest, earlier] = (await admin.history.list({ spaceId: space.id })).items;
    const diff = await admin.history.changes({ spaceId: space.id, from: earlier!.id, to: latest!.id });
    expect(diff.changes.map((change) => [change.type, "page" in change ? change.page?.title : null])).toEqual([
      ["page_edited", "Handbook"],
      ["page_deleted", "FAQ"],
    ]);
    expect(diff.changes[0]).toMatchObject({ attributes: { title: { before: "Guide", after: "Handbook" }, document: { before: "Version one.\n", after: "Version two.\n" } } });

    const other = await admin.content.createSpace({ organizationId, title: "Other" });
    const otherRevision = (await admin.history.list({ spaceId: other.id })).items[0]!.id;
    await expect(admin.history.changes({ spaceId: space.id, from: otherRevision, to: latest!.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("the reader at a past revision lists that revision's pages; another space's revision is not found", async () => {
    const { admin, space, organizationId } = await withHistory();
    const [latest, earlier] = (await admin.history.list({ spaceId: space.id })).items;
    const titles = async (revisionId?: string) => (await admin.settings.spacePages({ spaceId: space.id, revisionId })).pages.map((page) => page.title);
    expect(await titles(earlier!.id)).toEqual(["Guide", "FAQ"]);
    expect(await titles(latest!.id)).toEqual(["Handbook"]);
    expect(await titles()).toEqual(["Handbook"]);
    const other = await admin.content.createSpace({ organizationId, title: "Other" });
    await expect(admin.settings.spacePages({ spaceId: other.id, revisionId: earlier!.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("restoring a page opens a change request with it as it was; it needs the edit permission", async () => {
    const { admin, space, guideId, faqId, memberOf } = await withHistory();
    const [, earlier] = (await admin.history.list({ spaceId: space.id })).items;

    const restored = await admin.history.restorePage({ spaceId: space.id, revisionId: earlier!.id, pageId: guideId });
    expect(restored).toMatchObject({ status: "draft", subject: "Restore “Guide”" });
    const changes = await admin.changeRequests.changes({ spaceId: space.id, ref: String(restored.number) });
    expect(changes.changes).toEqual([expect.objectContaining({ type: "page_edited", attributes: expect.objectContaining({ title: { before: "Handbook", after: "Guide" } }) })]);

    // A deleted page comes back too.
    const faq = await admin.history.restorePage({ spaceId: space.id, revisionId: earlier!.id, pageId: faqId });
    const page = await admin.changeRequests.page({ spaceId: space.id, source: { kind: "change-request", ref: String(faq.number) }, pageId: faqId });
    expect(page).toMatchObject({ title: "FAQ", markdown: "Questions.\n" });

    const reader = await memberOf("read");
    await expect(reader.history.restorePage({ spaceId: space.id, revisionId: earlier!.id, pageId: guideId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(admin.history.restorePage({ spaceId: space.id, revisionId: earlier!.id, pageId: "nope" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // A page already as it was opens nothing.
    const [latest] = (await admin.history.list({ spaceId: space.id })).items;
    const before = (await admin.changeRequests.list({ spaceId: space.id, status: "draft" })).items.length;
    await expect(admin.history.restorePage({ spaceId: space.id, revisionId: latest!.id, pageId: guideId })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "The page “Handbook” is already as it was in this version.",
    });
    expect((await admin.changeRequests.list({ spaceId: space.id, status: "draft" })).items).toHaveLength(before);
  });

  test("a restored page goes back under its old parent while it exists, else to the top level, with a free slug", async () => {
    const { admin, organizationId } = await setup();
    const space = await admin.content.createSpace({ organizationId, title: "Nested", empty: true });
    await publish(admin, space.id, "Parent", [{ operation: "insert_page", title: "Parent", slug: "parent", document: { markdown: "Parent.\n" } }]);
    const parentId = await pageIdOf(admin, space.id, "Parent");
    await publish(admin, space.id, "Child", [{ operation: "insert_page", title: "Child", slug: "child", into: parentId, document: { markdown: "Child.\n" } }]);
    const childId = await pageIdOf(admin, space.id, "Child");
    const [withChild] = (await admin.history.list({ spaceId: space.id })).items;
    await publish(admin, space.id, "Remove both, add a top-level Child", [
      { operation: "delete_page", page: parentId },
      { operation: "insert_page", title: "Another child", slug: "child", document: { markdown: "Another.\n" } },
    ]);

    const restored = await admin.history.restorePage({ spaceId: space.id, revisionId: withChild!.id, pageId: childId });
    const pages = await admin.changeRequests.pages({ spaceId: space.id, source: { kind: "change-request", ref: String(restored.number) } });
    expect(pages.pages.map((page) => [page.title, page.path])).toEqual(
      expect.arrayContaining([
        ["Another child", "child"],
        ["Child", "child-2"],
      ]),
    );
    expect(pages.pages).toHaveLength(2);

    // With its parent back, the same restore puts it under it.
    const parentBack = await admin.history.restorePage({ spaceId: space.id, revisionId: withChild!.id, pageId: parentId });
    await admin.changeRequests.merge({ spaceId: space.id, ref: String(parentBack.number) });
    const again = await admin.history.restorePage({ spaceId: space.id, revisionId: withChild!.id, pageId: childId });
    const nested = await admin.changeRequests.pages({ spaceId: space.id, source: { kind: "change-request", ref: String(again.number) } });
    expect(nested.pages.find((page) => page.title === "Parent")?.pages.map((page) => page.title)).toEqual(["Child"]);
  });
});
