import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LAYOUT_PRESETS, DEFAULT_PAGE_LAYOUT } from "../../server/content/page-display";
import { newId } from "../../server/ids";
import { getSpacePages } from "../../server/spaces/space-pages";
import { assertChangesConform } from "../helpers/conformance";
import { commitPages, createTenant } from "../helpers/factories";
import { searchIndexed } from "../helpers/jobs";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

/** One pixel of PNG, as base64. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** A space with two pages, and helpers to apply changes to change requests and merge them. */
async function setup() {
  const tenant = await createTenant();
  const admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Docs", empty: true })).body;
  const ids = { guide: newId(), secret: newId() };
  await commitPages(space.id, [
    { id: ids.guide, title: "Guide", slug: "guide", markdown: "The guide mentions zebras.\n" },
    { id: ids.secret, title: "Internal notes", slug: "internal", markdown: "Internal notes mention zebras too.\n" },
  ]);
  const crs = `/v1/spaces/${space.id}/change-requests`;
  const open = async (subject: string) => (await admin.post(crs, { subject })).body as { id: string; number: number };
  const apply = (number: number, changes: unknown[]) => admin.post(`${crs}/${number}/content?compat=false`, { changes });
  const merge = (number: number) => admin.post(`${crs}/${number}/merge`);
  const mainPage = async (pageId: string) => (await admin.get(`/v1/spaces/${space.id}/content/page/${pageId}`)).body;
  return { tenant, admin, space, ids, crs, open, apply, merge, mainPage };
}

describe("page icon, visibility, layout and cover", () => {
  test("set through insert_page and update_page, read back, listed as changes and merged", async () => {
    const { tenant, admin, space, ids, crs, open, apply, merge, mainPage } = await setup();
    const cr = await open("Presentation");
    const upload = await apply(cr.number, [{ operation: "insert_files", files: [{ name: "cover.png", contentType: "image/png", base64: PNG }] }]);
    const fileId = upload.body.insertedFiles[0].id;

    const inserted = await apply(cr.number, [
      { operation: "insert_page", title: "Welcome", icon: "house", layout: "landing", document: { markdown: "Hello.\n" } },
      {
        operation: "update_page",
        page: ids.guide,
        hidden: true,
        noRobotsIndex: true,
        layout: { tableOfContents: false, width: "wide" },
        cover: { ref: { kind: "file", file: fileId }, height: 300 },
      },
      { operation: "update_page", page: ids.secret, noIndex: true },
    ]);
    expect(inserted.status).toBe(200);
    const welcomeId = inserted.body.changes[0].page.id;

    const welcome = (await admin.get(`${crs}/${cr.number}/content/page/${welcomeId}`)).body;
    expect(welcome).toMatchObject({ icon: "house", layout: LAYOUT_PRESETS.landing, hidden: false, noIndex: false });
    const guide = (await admin.get(`${crs}/${cr.number}/content/page/${ids.guide}`)).body;
    expect(guide).toMatchObject({
      hidden: true,
      noIndex: false,
      noRobotsIndex: true,
      layout: { ...DEFAULT_PAGE_LAYOUT, tableOfContents: false, width: "wide" },
      cover: { ref: { kind: "file", file: fileId }, yPos: 0, height: 300 },
    });
    // Main is unchanged until the merge.
    expect(await mainPage(ids.guide)).toMatchObject({ hidden: false, layout: DEFAULT_PAGE_LAYOUT });
    expect((await mainPage(ids.guide)).cover).toBeUndefined();

    const answer = await fetch(`${server.url}${crs}/${cr.number}/changes`, { headers: { authorization: `Bearer ${tenant.admin.token}` } });
    const changes = await answer.json();
    assertChangesConform(changes);
    const edited = changes.changes.find((change: { type: string; page: { id: string } }) => change.type === "page_edited" && change.page.id === ids.guide);
    expect(edited.attributes).toEqual({
      hidden: { before: false, after: true },
      noRobotsIndex: { before: false, after: true },
      layout: { before: DEFAULT_PAGE_LAYOUT, after: { ...DEFAULT_PAGE_LAYOUT, tableOfContents: false, width: "wide" } },
      cover: { after: { ref: { kind: "file", file: fileId }, yPos: 0, height: 300 } },
    });

    expect((await merge(cr.number)).status).toBe(200);
    expect(await mainPage(ids.guide)).toMatchObject({ hidden: true, cover: { height: 300 } });
    // Hidden pages stay in the content (and readable); the reader's navigation learns which they are.
    const summaries = await getSpacePages({ actor: { userId: tenant.admin.user.id, via: "session" }}, space.id);
    expect(summaries.pages.map((page) => [page.title, page.hidden])).toEqual([
      ["Guide", true],
      ["Internal notes", false],
      ["Welcome", false],
    ]);
    // A page left out of search is not found; the others are.
    await searchIndexed(space.id);
    const found = (await admin.get(`/v1/spaces/${space.id}/search?query=zebras`)).body.items.map((item: { id: string }) => item.id);
    expect(found).toEqual([ids.guide]);
  });

  test("removed with empty values, false, null and the docs preset; other fields stay", async () => {
    const { ids, open, apply, crs, admin } = await setup();
    const cr = await open("Set then clear");
    await apply(cr.number, [{ operation: "update_page", page: ids.guide, icon: "gear", hidden: true, noIndex: true, layout: "editorial", cover: { ref: { kind: "url", url: "https://example.com/c.png" } } }]);
    await apply(cr.number, [{ operation: "update_page", page: ids.guide, title: "Handbook" }]);
    expect((await admin.get(`${crs}/${cr.number}/content/page/${ids.guide}`)).body).toMatchObject({ title: "Handbook", icon: "gear", hidden: true, layout: LAYOUT_PRESETS.editorial });

    await apply(cr.number, [{ operation: "update_page", page: ids.guide, icon: "", hidden: false, noIndex: false, layout: "docs", cover: null }]);
    const page = (await admin.get(`${crs}/${cr.number}/content/page/${ids.guide}`)).body;
    expect(page).toMatchObject({ title: "Handbook", hidden: false, noIndex: false, layout: DEFAULT_PAGE_LAYOUT });
    expect(page.icon).toBeUndefined();
    expect(page.cover).toBeUndefined();
  });

  test("invalid values are refused with a 400 naming the field", async () => {
    const { ids, open, apply } = await setup();
    const cr = await open("Bad");
    const refused = async (change: Record<string, unknown>, field: string) => {
      const { status, body } = await apply(cr.number, [{ operation: "update_page", page: ids.guide, ...change }]);
      expect(status).toBe(400);
      expect(fieldErrorsOf(body)).toContain(field);
    };
    await refused({ icon: "Not An Icon" }, "changes[0].icon");
    await refused({ hidden: "yes" }, "changes[0].hidden");
    await refused({ layout: "magazine" }, "changes[0].layout");
    await refused({ layout: { width: "huge" } }, "changes[0].layout");
    await refused({ layout: { sidebar: true } }, "changes[0].layout");
    await refused({ cover: { ref: { kind: "file", file: newId() } } }, "changes[0].cover: No file");
    await refused({ cover: { ref: { kind: "url", url: "ftp://example.com/a.png" } } }, "changes[0].cover.ref");
    await refused({ cover: { ref: { kind: "url", url: "https://example.com/a.png" }, height: 5000 } }, "changes[0].cover.height");
  });

  test("merges field by field: different fields combine, one field changed twice conflicts", async () => {
    const { ids, open, apply, merge, mainPage } = await setup();
    const [a, b, c] = [await open("A"), await open("B"), await open("C")];
    await apply(a.number, [{ operation: "update_page", page: ids.guide, hidden: true, layout: { outline: false } }]);
    await apply(b.number, [{ operation: "update_page", page: ids.guide, icon: "book" }]);
    await apply(c.number, [{ operation: "update_page", page: ids.guide, layout: "landing" }]);
    expect((await merge(a.number)).status).toBe(200);
    expect((await merge(b.number)).status).toBe(200);
    expect(await mainPage(ids.guide)).toMatchObject({ hidden: true, icon: "book", layout: { ...DEFAULT_PAGE_LAYOUT, outline: false } });
    const conflicting = await merge(c.number);
    expect(conflicting.status).toBe(409);
    expect(conflicting.body.error.details.pages).toEqual([
      expect.objectContaining({
        id: ids.guide,
        fields: ["layout"],
        conflicts: [{ kind: "layout", main: { ...DEFAULT_PAGE_LAYOUT, outline: false }, changeRequest: LAYOUT_PRESETS.landing }],
      }),
    ]);
  });
});
