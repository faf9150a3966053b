import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { Page } from "../../server/content/revisions";
import { ObjectStore } from "../../server/content/store/object-store";
import { newId } from "../../server/ids";
import { db } from "../../server/db/client";
import { commitPages, commitToChangeRequest, createTenant, pagesOf } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const GUIDE = "# Guide\n\nIntro paragraph.\n\n## Install\n\nRun the installer.\n\n## Use\n\nOpen the app.\n";

/** A space whose main content is two pages, and helpers to open and edit change requests on it. */
async function setup() {
  const tenant = await createTenant();
  const admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Docs", empty: true })).body;
  await commitPages(space.id, [
    { title: "Guide", slug: "guide", markdown: GUIDE },
    { title: "FAQ", slug: "faq", markdown: "# FAQ\n" },
  ]);
  const crs = `/v1/spaces/${space.id}/change-requests`;
  const open = async (subject: string) => (await admin.post(crs, { subject })).body as { id: string; number: number };
  const page = async (title: string) => (await pagesOf((await admin.get(`/v1/spaces/${space.id}`)).body.revision)).find((p) => p.title === title)! as Page;
  const main = async () => pagesOf((await admin.get(`/v1/spaces/${space.id}`)).body.revision);
  return { tenant, admin, space, crs, open, page, main };
}

describe("merge", () => {
  test("a change request on an unchanged main fast-forwards; the change request records the merge", async () => {
    const { admin, space, crs, open, page, main } = await setup();
    const cr = await open("Edit FAQ");
    const faq = await page("FAQ");
    await commitToChangeRequest(cr.id, { put: [{ ...faq, markdown: "# FAQ\n\nNew answer.\n" }] });
    const merged = await admin.post(`${crs}/${cr.number}/merge`);
    expect(merged.status).toBe(200);
    expect(merged.body.result).toBe("merge");
    expect((await main()).find((p) => p.title === "FAQ")!.markdown).toBe("# FAQ\n\nNew answer.\n");
    const after = (await admin.get(`${crs}/${cr.id}`)).body;
    expect(after).toMatchObject({ status: "merged", revisionMerged: merged.body.revision, outdated: false });
    expect((await admin.get(`/v1/spaces/${space.id}`)).body).toMatchObject({ revision: merged.body.revision, changeRequestsDraft: 0 });
    expect((await admin.post(`${crs}/${cr.id}/merge`)).status).toBe(400);
  });

  test("edits to different parts of one page, in main and in a change request, merge line by line", async () => {
    const { admin, crs, open, page, main } = await setup();
    const first = await open("Install section");
    const second = await open("Use section");
    const guide = await page("Guide");
    await commitToChangeRequest(first.id, { put: [{ ...guide, markdown: GUIDE.replace("Run the installer.", "Run `npm install`.") }] });
    await commitToChangeRequest(second.id, { put: [{ ...guide, title: "User guide", markdown: GUIDE.replace("Open the app.", "Open the app in a browser.") }] });
    expect((await admin.post(`${crs}/${first.id}/merge`)).status).toBe(200);
    expect((await admin.get(`${crs}/${second.id}`)).body.outdated).toBe(true);
    expect((await admin.post(`${crs}/${second.id}/merge`)).status).toBe(200);
    const merged = (await main()).find((p) => p.id === guide.id)!;
    expect(merged.title).toBe("User guide");
    expect(merged.markdown).toBe(GUIDE.replace("Run the installer.", "Run `npm install`.").replace("Open the app.", "Open the app in a browser."));
  });

  test("a conflict answers 409 naming the page and changes nothing", async () => {
    const { admin, space, crs, open, page } = await setup();
    const first = await open("A");
    const second = await open("B");
    const guide = await page("Guide");
    await commitToChangeRequest(first.id, { put: [{ ...guide, markdown: GUIDE.replace("Intro paragraph.", "First intro.") }] });
    await commitToChangeRequest(second.id, { put: [{ ...guide, markdown: GUIDE.replace("Intro paragraph.", "Second intro.") }] });
    await admin.post(`${crs}/${first.id}/merge`);
    const before = (await admin.get(`/v1/spaces/${space.id}`)).body.revision;
    const conflicting = await admin.post(`${crs}/${second.id}/merge`);
    expect(conflicting.status).toBe(409);
    expect(conflicting.body.error.message).toContain("Guide");
    expect((await admin.get(`/v1/spaces/${space.id}`)).body.revision).toBe(before);
    expect((await admin.get(`${crs}/${second.id}`)).body.status).toBe("draft");
  });

  test("concurrent merges of two change requests editing the same line: one wins, the other gets 409, no edit lost", async () => {
    const { admin, crs, open, page, main } = await setup();
    const [a, b] = [await open("A"), await open("B")];
    const faq = await page("FAQ");
    await commitToChangeRequest(a.id, { put: [{ ...faq, markdown: "# FAQ from A\n" }] });
    await commitToChangeRequest(b.id, { put: [{ ...faq, markdown: "# FAQ from B\n" }] });
    const results = await Promise.all([admin.post(`${crs}/${a.id}/merge`), admin.post(`${crs}/${b.id}/merge`)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results[0]!.status === 200 ? "A" : "B";
    expect((await main()).find((p) => p.id === faq.id)!.markdown).toBe(`# FAQ from ${winner}\n`);
  });

  test("update brings main into a change request and clears outdated; a merge after it is clean", async () => {
    const { admin, crs, open, page, main } = await setup();
    const [a, b] = [await open("A"), await open("B")];
    const guide = await page("Guide");
    const faq = await page("FAQ");
    await commitToChangeRequest(a.id, { put: [{ ...faq, markdown: "# FAQ\n\nFrom A.\n" }] });
    await commitToChangeRequest(b.id, { put: [{ ...guide, markdown: GUIDE + "\nMore from B.\n" }] });
    await admin.post(`${crs}/${a.id}/merge`);
    const mainRevision = (await admin.get(`/v1/spaces/${(await admin.get(`${crs}/${b.id}`)).body.space}`)).body.revision;
    const updated = await admin.post(`${crs}/${b.id}/update`);
    expect(updated.status).toBe(200);
    expect(updated.body.result).toBe("update");
    const cr = (await admin.get(`${crs}/${b.id}`)).body;
    expect(cr).toMatchObject({ outdated: false, revision: updated.body.revision, revisionMergedAncestor: mainRevision });
    const inCr = await pagesOf(cr.revision);
    expect(inCr.find((p) => p.id === faq.id)!.markdown).toBe("# FAQ\n\nFrom A.\n");
    expect((await admin.post(`${crs}/${b.id}/merge`)).status).toBe(200);
    const final = await main();
    expect(final.find((p) => p.id === guide.id)!.markdown).toBe(GUIDE + "\nMore from B.\n");
    expect(final.find((p) => p.id === faq.id)!.markdown).toBe("# FAQ\n\nFrom A.\n");
  });

  test("pages added and deleted on both sides merge at page level", async () => {
    const { admin, crs, open, page, main } = await setup();
    const [a, b] = [await open("A"), await open("B")];
    const faq = await page("FAQ");
    const now = new Date().toISOString();
    const added = (id: string, title: string): Page => ({ id, title, slug: title.toLowerCase(), parentId: null, sortKey: 10, markdown: `# ${title}\n`, createdAt: now, updatedAt: now });
    await commitToChangeRequest(a.id, { put: [added("page-a", "Alpha")], remove: [faq.id] });
    await commitToChangeRequest(b.id, { put: [added("page-b", "Beta")] });
    await admin.post(`${crs}/${a.id}/merge`);
    expect((await admin.post(`${crs}/${b.id}/merge`)).status).toBe(200);
    expect((await main()).map((p) => p.title).sort()).toEqual(["Alpha", "Beta", "Guide"]);
  });

  test("a three-way merge reads the pages either side changed, not the space's whole page list", async () => {
    const { admin, space, crs, open, main } = await setup();
    const sections = ["one", "two"].map((slug) => ({ id: newId(), title: slug, slug }));
    const many = Array.from({ length: 400 }, (_, i) => ({ id: newId(), title: `Page ${i}`, slug: `page-${i}`, parentId: sections[i % 2]!.id, markdown: `Page ${i}.\n` }));
    await commitPages(space.id, [...sections, ...many]);
    const all = await main();
    const version = (id: string) => all.find((p) => p.id === id)! as Page;
    // The largest number of stored objects read at once: the whole list would be 400 page versions.
    const largestRead = async (merge: () => Promise<{ status: number }>) => {
      const reads = vi.spyOn(ObjectStore.prototype, "getObjects");
      try {
        expect((await merge()).status).toBe(200);
        return Math.max(...reads.mock.calls.map(([hashes]) => [...hashes].length));
      } finally {
        reads.mockRestore();
      }
    };

    const [a, b] = [await open("A"), await open("B")];
    await commitToChangeRequest(a.id, { put: [{ ...version(many[0]!.id), markdown: "Edited by A.\n" }, { ...version(many[2]!.id), parentId: sections[1]!.id }] });
    await commitToChangeRequest(b.id, { put: [{ ...version(many[1]!.id), title: "Renamed by B" }, { ...version(many[3]!.id), slug: "moved-slug", parentId: sections[0]!.id }] });
    await admin.post(`${crs}/${a.id}/merge`);
    expect(await largestRead(() => admin.post(`${crs}/${b.id}/merge`))).toBeLessThan(50);

    // A move on one side and a new slug on the other put a page where neither side had it:
    // only then is the page list read, to find a sibling already there.
    const [c, d] = [await open("C"), await open("D")];
    const page4 = version(many[4]!.id);
    await commitToChangeRequest(c.id, { put: [{ ...page4, parentId: sections[1]!.id }] });
    await commitToChangeRequest(d.id, { put: [{ ...page4, slug: "page-4-renamed" }] });
    await admin.post(`${crs}/${c.id}/merge`);
    expect(await largestRead(() => admin.post(`${crs}/${d.id}/merge`))).toBeGreaterThanOrEqual(400);
    expect((await main()).find((p) => p.id === page4.id)).toMatchObject({ parentId: sections[1]!.id, slug: "page-4-renamed" });
  });

  test("403 without the merge permission or on a locked space; 404 for another tenant", async () => {
    const { tenant, admin, space, crs, open } = await setup();
    const cr = await open("A");
    const editor = apiClient(server.url, (await tenant.member("edit")).token);
    expect((await editor.post(`${crs}/${cr.id}/merge`)).status).toBe(403);
    expect((await editor.post(`${crs}/${cr.id}/update`)).status).toBe(200);
    expect((await apiClient(server.url, tenant.stranger.token).post(`${crs}/${cr.id}/merge`)).status).toBe(404);
    await admin.patch(`/v1/spaces/${space.id}`, { editMode: "locked" });
    const locked = await admin.post(`${crs}/${cr.id}/merge`);
    expect(locked.status).toBe(403);
    expect(locked.body.error.message).toMatch(/locked/);
    expect(await db().changeRequest.count({ where: { id: cr.id, status: "merged" } })).toBe(0);
  });
});
