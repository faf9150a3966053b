import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { commitRevision, currentRevision, type Page } from "../../server/content/revisions";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { catchUpSearchIndexes, setMainRevision } from "../../server/search/index-space";
import { commitPages, commitToChangeRequest, createTenant, pagesOf } from "../helpers/factories";
import { searchIndexed } from "../helpers/jobs";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

type Draft = { id?: string; title: string; slug: string; markdown?: string; parentId?: string | null; description?: string };

/** Publishes pages to a space's main content the way the app does: a revision made main by `setMainRevision`. */
async function publish(spaceId: string, drafts: Draft[]): Promise<Page[]> {
  const now = new Date().toISOString();
  const pages: Page[] = drafts.map((draft, index) => ({ markdown: "", parentId: null, sortKey: index + 1, createdAt: now, updatedAt: now, ...draft, id: draft.id ?? newId() }));
  await db().$transaction(async (tx) => {
    const space = await tx.space.findUniqueOrThrow({ where: { id: spaceId } });
    const base = await currentRevision(tx, space);
    const revision = await commitRevision(tx, { spaceId, base, parents: [base.id], put: pages });
    await setMainRevision(tx, space, revision);
  });
  await searchIndexed(spaceId);
  return pages;
}

async function setup() {
  const tenant = await createTenant();
  const admin = apiClient(server.url, tenant.admin.token);
  const newSpace = async (title: string) => (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title, empty: true })).body as { id: string };
  const space = await newSpace("Docs");
  const search = (query: string, extra = "") => admin.get(`/v1/spaces/${space.id}/search?query=${encodeURIComponent(query)}${extra}`);
  return { tenant, admin, space, newSpace, search };
}

const titles = (body: { items: { title: string }[] }) => body.items.map((item) => item.title);

describe("space search", () => {
  test("a title match outranks a body match; more matching sections rank a page higher", async () => {
    const { space, search } = await setup();
    await publish(space.id, [
      { title: "Deploying", slug: "deploying", markdown: "# Deploying\n\nShips the app to a kubernetes cluster.\n\n## Rollback\n\nUndo a release.\n" },
      { title: "Kubernetes", slug: "kubernetes", markdown: "Everything about clusters.\n" },
      {
        title: "Operations",
        slug: "operations",
        markdown: "## Scaling\n\nScale kubernetes nodes.\n\n## Monitoring\n\nWatch kubernetes pods.\n\n## Upgrades\n\nUpgrade kubernetes safely.\n",
      },
      { title: "Unrelated", slug: "unrelated", markdown: "Nothing to see.\n" },
    ]);
    const found = await search("kubernetes");
    expect(found.status).toBe(200);
    expect(titles(found.body)).toEqual(["Kubernetes", "Operations", "Deploying"]);
    expect(found.body.count).toBe(3);
    expect(found.body.items.map((item: { rank: number }) => item.rank)).toEqual([1, 2, 3]);
    const scores = found.body.items.map((item: { score: number }) => item.score);
    expect(scores[0]).toBeGreaterThan(scores[1]);
    expect(scores[1]).toBeGreaterThan(scores[2]);
    expect(found.body.items[0].resultType).toBe("page");
    expect(found.body.items[1]).toMatchObject({ resultType: "section" });
    expect(found.body.items[1].sections.map((section: { title: string }) => section.title)).toEqual(expect.arrayContaining(["Scaling", "Monitoring", "Upgrades"]));
  });

  test("results name their sections with heading titles, snippets, anchors, ancestors and paths", async () => {
    const { tenant, space, search } = await setup();
    const [parent] = await publish(space.id, [{ title: "Getting started", slug: "getting-started", markdown: "Start here.\n" }]);
    const [guide] = await publish(space.id, [
      {
        title: "Guide",
        slug: "guide",
        parentId: parent!.id,
        description: "How to set things up",
        markdown: "Intro text.\n\n## Install the CLI\n\nRun the installer, then feed the quokka.\n\n## Configure\n\nEdit the settings file.\n\n## 🚀\n\nLaunch notes.\n",
      },
    ]);
    const found = await search("quokka");
    expect(found.body.items).toHaveLength(1);
    const [page] = found.body.items;
    const pageUrl = `${server.url}/o/${tenant.organization.id}/s/${space.id}/p/${guide!.id}`;
    expect(page).toMatchObject({
      id: guide!.id,
      title: "Guide",
      description: "How to set things up",
      path: "getting-started/guide",
      ancestors: [{ title: "Getting started" }],
      urls: { app: pageUrl },
      resultType: "section",
    });
    expect(page.sections).toEqual([
      {
        id: `${guide!.id}#install-the-cli`,
        title: "Install the CLI",
        path: "getting-started/guide#install-the-cli",
        score: expect.any(Number),
        resultType: "section",
        body: expect.stringContaining("feed the quokka"),
        urls: { app: `${pageUrl}#install-the-cli` },
      },
    ]);

    // A heading without letters or digits still gets an anchor of its own (the lead's is "").
    expect((await search("launch")).body.items[0].sections).toMatchObject([{ id: `${guide!.id}#-1`, title: "🚀", path: "getting-started/guide#-1" }]);

    // Stemming: "installing" finds "installer". While typing, the last word is a prefix of page titles.
    expect(titles((await search("installing")).body)).toEqual(["Guide"]);
    expect(titles((await search("gui")).body)).toEqual(["Guide"]);
    expect((await search("quok")).body.items).toEqual([]);
    // Web search syntax: a phrase, and a word excluded (from a section: sections match on their own).
    expect(titles((await search('"feed the quokka"')).body)).toEqual(["Guide"]);
    expect((await search("installer -quokka")).body.items).toEqual([]);
    expect(titles((await search("zebra or installer")).body)).toEqual(["Guide"]);
    expect((await search("file -quokka")).body.items[0].sections.map((section: { title: string }) => section.title)).toEqual(["Configure"]);
    // Stop words alone match nothing rather than everything.
    expect((await search("the")).body).toEqual({ items: [], count: 0 });
  });

  test("the index follows merges at once: new text found, removed text gone, moved pages get their new path", async () => {
    const { admin, space, search } = await setup();
    const [folder, note] = await publish(space.id, [
      { title: "Animals", slug: "animals", markdown: "About animals.\n" },
      { title: "Field notes", slug: "field-notes", markdown: "## Sightings\n\nA wombat near the river.\n" },
    ]);
    await publish(space.id, [{ ...note!, parentId: folder!.id }]);
    expect((await search("wombat")).body.items[0]).toMatchObject({ title: "Field notes", path: "animals/field-notes" });

    const cr = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Rewrite" })).body as { id: string; number: number };
    const current = await pagesOf((await admin.get(`/v1/spaces/${space.id}`)).body.revision);
    const currentNote = current.find((page) => page.id === note!.id)!;
    const currentFolder = current.find((page) => page.id === folder!.id)!;
    await commitToChangeRequest(cr.id, {
      put: [
        { ...currentNote, markdown: "## Sightings\n\nA platypus near the river.\n" },
        { ...currentFolder, title: "Wildlife", slug: "wildlife" },
        { id: newId(), title: "Birds", slug: "birds", parentId: null, sortKey: 3, markdown: "A platypus is not a bird.\n", createdAt: currentNote.createdAt, updatedAt: currentNote.updatedAt },
      ],
    });
    // Not merged yet: the change request's content is not searched.
    expect((await search("platypus")).body.items).toEqual([]);

    expect((await admin.post(`/v1/spaces/${space.id}/change-requests/${cr.number}/merge`)).status).toBe(200);
    await searchIndexed(space.id);
    const found = await search("platypus");
    expect(titles(found.body).sort()).toEqual(["Birds", "Field notes"]);
    expect(found.body.items.find((item: { title: string }) => item.title === "Field notes")).toMatchObject({
      path: "wildlife/field-notes",
      ancestors: [{ title: "Wildlife" }],
      sections: [expect.objectContaining({ title: "Sightings", path: "wildlife/field-notes#sightings" })],
    });
    expect((await search("wombat")).body).toEqual({ items: [], count: 0 });

    // A page removed by a merge leaves the index too.
    const removal = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Remove birds" })).body as { id: string; number: number };
    const birds = (await pagesOf((await admin.get(`/v1/spaces/${space.id}`)).body.revision)).find((page) => page.title === "Birds")!;
    await commitToChangeRequest(removal.id, { remove: [birds.id] });
    await admin.post(`/v1/spaces/${space.id}/change-requests/${removal.number}/merge`);
    await searchIndexed(space.id);
    expect(titles((await search("platypus")).body)).toEqual(["Field notes"]);
  });

  test("a main revision set without the index is caught up by the next one, or by the catch-up", async () => {
    const { space, search } = await setup();
    await commitPages(space.id, [{ title: "Bypass", slug: "bypass", markdown: "Written around the index: narwhal.\n" }]);
    expect((await search("narwhal")).body.items).toEqual([]);
    await publish(space.id, [{ title: "Next", slug: "next", markdown: "A later edit.\n" }]);
    expect(titles((await search("narwhal")).body)).toEqual(["Bypass"]);

    // Or by the catch-up, which indexes every space left behind.
    await commitPages(space.id, [{ title: "Again", slug: "again", markdown: "Another narwhal.\n" }]);
    expect(await catchUpSearchIndexes({ spaceIds: [space.id] })).toBe(1);
    expect(titles((await search("narwhal")).body).sort()).toEqual(["Again", "Bypass"]);
    expect(await catchUpSearchIndexes({ spaceIds: [space.id] })).toBe(0);
  });

  test("a duplicated space has its own index, copied from the original", async () => {
    const { admin, space, search } = await setup();
    const [page] = await publish(space.id, [{ title: "Original", slug: "original", markdown: "The axolotl lives here.\n" }]);
    const copy = (await admin.post(`/v1/spaces/${space.id}/duplicate`)).body as { id: string };
    await searchIndexed(copy.id);
    await publish(space.id, [{ ...page!, markdown: "Moved out.\n" }]);
    expect((await search("axolotl")).body.items).toEqual([]);
    const inCopy = await admin.get(`/v1/spaces/${copy.id}/search?query=axolotl`);
    expect(inCopy.body.items).toMatchObject([{ id: page!.id, title: "Original", urls: { app: expect.stringContaining(`/s/${copy.id}/p/${page!.id}`) } }]);
  });

  test("pages of results with an opaque cursor, ranks kept", async () => {
    const { space, search } = await setup();
    await publish(
      space.id,
      Array.from({ length: 5 }, (_, index) => ({ title: `Note ${index}`, slug: `note-${index}`, markdown: `${"lemur ".repeat(index + 1)}\n` })),
    );
    const first = await search("lemur", "&limit=2");
    expect(first.body.count).toBe(5);
    expect(titles(first.body)).toEqual(["Note 4", "Note 3"]);
    const second = await search("lemur", `&limit=2&page=${first.body.next.page}`);
    expect(titles(second.body)).toEqual(["Note 2", "Note 1"]);
    expect(second.body.items.map((item: { rank: number }) => item.rank)).toEqual([3, 4]);
    const third = await search("lemur", `&limit=2&page=${second.body.next.page}`);
    expect(titles(third.body)).toEqual(["Note 0"]);
    expect(third.body.next).toBeUndefined();
  });

  test("refuses a missing, empty or too long query and a bad cursor (400), another tenant's space (404), no token (401)", async () => {
    const { tenant, admin, space } = await setup();
    const missing = await admin.get(`/v1/spaces/${space.id}/search`);
    expect(missing.status).toBe(400);
    expect(fieldErrorsOf(missing.body)).toMatch(/^query: /);
    expect((await admin.get(`/v1/spaces/${space.id}/search?query=`)).status).toBe(400);
    const tooLong = await admin.get(`/v1/spaces/${space.id}/search?query=${"a".repeat(513)}`);
    expect(tooLong.status).toBe(400);
    expect(fieldErrorsOf(tooLong.body)).toMatch(/^query: Too big/);
    expect((await admin.get(`/v1/spaces/${space.id}/search?query=${"a".repeat(512)}`)).status).toBe(200);
    expect(fieldErrorsOf((await admin.get(`/v1/spaces/${space.id}/search?query=x&page=bm90LWEtbnVtYmVy`)).body)).toMatch(/^page: /);
    const stranger = apiClient(server.url, tenant.stranger.token);
    expect((await stranger.get(`/v1/spaces/${space.id}/search?query=x`)).status).toBe(404);
    expect((await apiClient(server.url).get(`/v1/spaces/${space.id}/search?query=x`)).status).toBe(401);
  });
});

describe("organization search", () => {
  test("ranks across the spaces the caller can see, grouped per space; hidden, deleted and other tenants' spaces are left out", async () => {
    const { tenant, admin, space, newSpace } = await setup();
    const handbook = await newSpace("Handbook");
    const hidden = await newSpace("Secret");
    const deleted = await newSpace("Old");
    await publish(space.id, [
      { title: "Capybara", slug: "capybara", markdown: "All about the capybara.\n" },
      { title: "Rodents", slug: "rodents", markdown: "## Large ones\n\nThe capybara is large.\n" },
    ]);
    await publish(handbook.id, [{ title: "Team", slug: "team", markdown: "Our mascot is a capybara.\n" }]);
    await publish(hidden.id, [{ title: "Capybara plans", slug: "plans", markdown: "capybara\n" }]);
    await publish(deleted.id, [{ title: "Capybara archive", slug: "archive", markdown: "capybara\n" }]);
    expect((await admin.patch(`/v1/spaces/${hidden.id}`, { defaultLevel: null })).status).toBe(200);
    expect((await admin.delete(`/v1/spaces/${deleted.id}`)).status).toBe(204);
    const otherSpace = (await apiClient(server.url, tenant.stranger.token).post(`/v1/orgs/${tenant.otherOrganization.id}/spaces`, { title: "Theirs", empty: true }))
      .body as { id: string };
    await publish(otherSpace.id, [{ title: "Capybara elsewhere", slug: "elsewhere", markdown: "capybara\n" }]);

    const reader = apiClient(server.url, (await tenant.member("read")).token);
    const found = await reader.get(`/v1/orgs/${tenant.organization.id}/search?query=capybara`);
    expect(found.status).toBe(200);
    expect(found.body.count).toBe(3);
    expect(found.body.items.map((item: { id: string }) => item.id)).toEqual([space.id, handbook.id]);
    expect(found.body.items[0]).toMatchObject({ type: "space", title: "Docs", pages: [{ title: "Capybara", rank: 1 }, { title: "Rodents" }] });
    expect(found.body.items[1]).toMatchObject({ type: "space", title: "Handbook", pages: [{ title: "Team" }] });
    expect(found.body.items.flatMap((item: { pages: { rank: number }[] }) => item.pages.map((page) => page.rank)).sort()).toEqual([1, 2, 3]);
    expect(found.body.items[0].score).toBe(found.body.items[0].pages[0].score);

    // The admin also sees the hidden space; nobody sees the deleted one or the other tenant's.
    const all = await admin.get(`/v1/orgs/${tenant.organization.id}/search?query=capybara`);
    expect(all.body.items.map((item: { title: string }) => item.title).sort()).toEqual(["Docs", "Handbook", "Secret"]);
    const guest = apiClient(server.url, (await tenant.member(null)).token);
    expect((await guest.get(`/v1/orgs/${tenant.organization.id}/search?query=capybara`)).body).toEqual({ items: [], count: 0 });
  });

  test("refuses a missing query (400), another tenant's organization (404), no token (401)", async () => {
    const { tenant, admin } = await setup();
    expect((await admin.get(`/v1/orgs/${tenant.organization.id}/search`)).status).toBe(400);
    expect((await admin.get(`/v1/orgs/${tenant.organization.id}/search?query=${"b".repeat(513)}`)).status).toBe(400);
    expect((await apiClient(server.url, tenant.stranger.token).get(`/v1/orgs/${tenant.organization.id}/search?query=x`)).status).toBe(404);
    expect((await apiClient(server.url).get(`/v1/orgs/${tenant.organization.id}/search?query=x`)).status).toBe(401);
  });
});
