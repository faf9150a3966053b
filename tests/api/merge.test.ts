import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { MAX_CONFLICT_TEXT, mergeConflictsSchema, type MergeConflicts } from "../../server/content/merge/conflicts";
import type { Page } from "../../server/content/revisions";
import { ObjectStore } from "../../server/content/store/object-store";
import { newId } from "../../server/ids";
import { db } from "../../server/db/client";
import { commitPages, commitToChangeRequest, createTenant, pagesOf } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";
import { WorkerPool } from "../../server/workers/worker-pool";
import { cpuMsOfAsync } from "../helpers/cpu-time";

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

  test("edits to different blocks of one page, in main and in a change request, merge block by block", async () => {
    const { admin, crs, open, page, main } = await setup();
    const first = await open("Install section");
    const second = await open("Use section");
    const guide = await page("Guide");
    await commitToChangeRequest(first.id, { put: [{ ...guide, markdown: GUIDE.replace("Run the installer.", "Run `npm install`.") }] });
    await commitToChangeRequest(second.id, { put: [{ ...guide, title: "User guide", markdown: GUIDE.replace("Open the app.", "Open the app in a browser.") }] });
    expect((await admin.post(`${crs}/${first.id}/merge`)).status).toBe(200);
    expect((await admin.get(`${crs}/${second.id}`)).body.outdated).toBe(true);
    // The body is merged once, before the write (its lock) begins: the write takes that merge.
    const pool = vi.spyOn(WorkerPool.prototype, "map");
    try {
      expect((await admin.post(`${crs}/${second.id}/merge`)).status).toBe(200);
      expect(pool.mock.calls.filter(([task]) => task === "mergePageBody").map(([, inputs]) => inputs.length)).toEqual([1]);
    } finally {
      pool.mockRestore();
    }
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

  // The issue's case: adjacent lines conflicted as in Git; blocks do not.
  test("a change request deleting the last paragraph while main appends one after it merges and updates cleanly", async () => {
    const { admin, crs, open, page, main } = await setup();
    const [appends, deletes] = [await open("Append"), await open("Delete the last paragraph")];
    const guide = await page("Guide");
    await commitToChangeRequest(appends.id, { put: [{ ...guide, markdown: `${GUIDE}\nA new last paragraph.\n` }] });
    await commitToChangeRequest(deletes.id, { put: [{ ...guide, markdown: GUIDE.replace("\nOpen the app.\n", "") }] });
    expect((await admin.post(`${crs}/${appends.id}/merge`)).status).toBe(200);
    expect((await admin.post(`${crs}/${deletes.id}/update`)).status).toBe(200);
    expect((await admin.post(`${crs}/${deletes.id}/merge`)).status).toBe(200);
    expect((await main()).find((p) => p.id === guide.id)!.markdown).toBe(GUIDE.replace("Open the app.", "A new last paragraph."));
  });

  test("the 409 shape: each conflict names its page (id, title, path) and its block's key, in both directions", async () => {
    const { admin, space, crs, open } = await setup();
    const [setupPage, quoted, twoLines] = [newId(), newId(), newId()];
    const guide = (await pagesOf((await admin.get(`/v1/spaces/${space.id}`)).body.revision)).find((p) => p.title === "Guide")!;
    const body = "Uploads start in the editor.\n\n- Pick a file.\n- Send it.\n\nFiles are kept forever.\n";
    await commitPages(space.id, [
      { id: setupPage, title: "Setup; file uploads", slug: "setup", parentId: guide.id, markdown: body },
      { id: quoted, title: 'Say "hello" (twice)', slug: "hello", markdown: "Hello.\n", sortKey: 5 },
      // The title schema trims a title but keeps line breaks inside it.
      { id: twoLines, title: "Two\nlines", slug: "two-lines", markdown: "Two.\n", sortKey: 6 },
    ]);
    // The blocks' keys, as a client reads them.
    const read = (await admin.get(`/v1/spaces/${space.id}/content/page/${setupPage}?format=document`)).body;
    const [opening, list] = read.document.nodes as { key: string; nodes: { key: string }[] }[];
    const sendIt = list!.nodes[1]!.key;

    const [main, cr] = [await open("Main"), await open("Proposal")];
    const pages = new Map((await pagesOf((await admin.get(`/v1/spaces/${space.id}`)).body.revision)).map((p) => [p.id, p as Page]));
    const edit = (id: string, fields: Partial<Page>) => ({ ...pages.get(id)!, ...fields });
    await commitToChangeRequest(main.id, {
      put: [
        // The same words as the change request's, and an item it edits deleted; the last paragraph as it edits it.
        edit(setupPage, { markdown: body.replace("the editor", "the sidebar").replace("- Send it.\n", "").replace("forever", "for a year") }),
        edit(quoted, { description: "A; B" }),
      ],
      remove: [twoLines],
    });
    await commitToChangeRequest(cr.id, {
      put: [
        edit(setupPage, { markdown: body.replace("the editor", "the toolbar").replace("Send it.", "Send it now.").replace("Files are", "Your files are") }),
        edit(quoted, { description: 'C "D"' }),
        edit(twoLines, { markdown: "Two!\n" }),
      ],
    });
    expect((await admin.post(`${crs}/${main.id}/merge`)).status).toBe(200);

    for (const action of ["merge", "update"]) {
      const conflicting = await admin.post(`${crs}/${cr.id}/${action}`);
      expect(conflicting.status).toBe(409);
      const { message, details } = conflicting.body.error;
      expect(message).not.toContain("\n");
      expect(message).toMatch(/^The change request and the space's content conflict in 3 pages \(/);
      const conflicts: MergeConflicts = mergeConflictsSchema.parse(details);
      const text = (markdown: string) => ({ markdown, truncated: false });
      // The same names in both directions: `main` is the space's content, `changeRequest` the change request's.
      expect(conflicts.pages.sort((a, b) => a.title.localeCompare(b.title))).toEqual([
        {
          id: quoted,
          title: 'Say "hello" (twice)',
          path: "hello",
          fields: ["description"],
          conflicts: [{ kind: "description", main: "A; B", changeRequest: 'C "D"' }],
        },
        {
          id: setupPage,
          title: "Setup; file uploads",
          path: "guide/setup",
          fields: ["markdown"],
          conflicts: [
            {
              kind: "content",
              tooDifferent: false,
              // In the change request's order; the last paragraph, edited at different words on each side, merged.
              blocks: [
                { kind: "edited", key: opening!.key, type: "paragraph", container: false, main: text("Uploads start in the sidebar.\n"), changeRequest: text("Uploads start in the toolbar.\n") },
                { kind: "deleted", key: sendIt, type: "list-item", container: false, deletedIn: "main", main: null, changeRequest: text("* Send it now.\n") },
              ],
            },
          ],
        },
        { id: twoLines, title: "Two\nlines", path: "two-lines", fields: ["markdown"], conflicts: [{ kind: "delete-edit", deletedIn: "main" }] },
      ]);
      expect(conflicts.files).toEqual([]);
      expect(conflicts.variables).toEqual([]);
    }
  });

  test("a block rewritten on both sides past its diff's bound conflicts, quickly", async () => {
    const { admin, crs, open, page } = await setup();
    const [a, b] = [await open("A"), await open("B")];
    const guide = await page("Guide");
    // One paragraph of 2,500 lines on each side, rewritten everywhere: past the token diff's bound, whose cost grows with tokens × edits.
    const rewrite = (who: string) => GUIDE.replace("Intro paragraph.\n", Array.from({ length: 2500 }, (_, i) => `${who} wrote line ${i}.\n`).join(""));
    await commitToChangeRequest(a.id, { put: [{ ...guide, markdown: rewrite("A") }] });
    await commitToChangeRequest(b.id, { put: [{ ...guide, markdown: rewrite("B") }] });
    expect((await admin.post(`${crs}/${a.id}/merge`)).status).toBe(200);
    const { result: conflicting, ms } = await cpuMsOfAsync(() => admin.post(`${crs}/${b.id}/merge`));
    expect(ms).toBeLessThan(10_000);
    expect(conflicting.status).toBe(409);
    const [content] = mergeConflictsSchema.parse(conflicting.body.error.details).pages[0]!.conflicts;
    expect(content).toMatchObject({ kind: "content", tooDifferent: false, blocks: [{ kind: "edited", type: "paragraph", main: { truncated: true }, changeRequest: { truncated: true } }] });
    if (content?.kind !== "content" || content.blocks[0]?.kind !== "edited") throw new Error("expected an edited block");
    // The block as markdown (its soft line breaks written as spaces), cut to what a client can show.
    expect(content.blocks[0].main.markdown).toHaveLength(MAX_CONFLICT_TEXT);
    expect(content.blocks[0].main.markdown).toMatch(/^A wrote line 0\. A wrote line 1\./);

  });

  describe("a file deleted on one side while pages of the merge still use it", () => {
    const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex").toString("base64");

    /** Main gains "Setup; file uploads" and the file diagram.png, through a merged change request. */
    async function withFile(markdown: (fileId: string) => string) {
      const context = await setup();
      const { admin, crs, open, page } = context;
      const adding = await open("Add the diagram");
      const apply = async (number: number, changes: unknown[]) => {
        const applied = await admin.post(`${crs}/${number}/content?compat=false`, { changes });
        expect(applied.status, JSON.stringify(applied.body)).toBe(200);
        return applied;
      };
      const inserted = await apply(adding.number, [
        { operation: "insert_files", files: [{ name: "diagram.png", contentType: "image/png", base64: PNG }] },
        { operation: "insert_page", title: "Setup; file uploads", slug: "setup", document: { markdown: "Upload files here.\n" } },
      ]);
      const fileId: string = inserted.body.insertedFiles[0].id;
      const setupPageId: string = inserted.body.changes.find((change: { page?: { id: string } }) => change.page)!.page.id;
      await apply(adding.number, [{ operation: "update_page", page: setupPageId, document: { markdown: markdown(fileId) } }]);
      expect((await admin.post(`${crs}/${adding.number}/merge`)).status).toBe(200);
      const setupPage = await page("Setup; file uploads");
      return { ...context, apply, fileId, setupPage };
    }
    const referencedBy = (setupPage: Page) => [{ id: setupPage.id, title: "Setup; file uploads", path: "setup" }];
    const filesOf = async (admin: ReturnType<typeof apiClient>, spaceId: string) => (await admin.get(`/v1/spaces/${spaceId}/content/files`)).body.items;

    test("deleted in main while a change request starts showing it: merge and update answer 409 naming the file and the page", async () => {
      const { admin, space, crs, open, apply, fileId, setupPage } = await withFile(() => "Upload files here.\n");
      const [uses, deletes] = [await open("Show the diagram"), await open("Remove the diagram")];
      await apply(uses.number, [{ operation: "update_page", page: setupPage.id, document: { markdown: `Upload files here.\n\n![Diagram](/files/${fileId})\n` } }]);
      // The API has no operation that deletes a file; a merge that takes a deletion in does.
      await commitToChangeRequest(deletes.id, { removeFiles: [fileId] });
      expect((await admin.post(`${crs}/${deletes.number}/merge`)).status).toBe(200);
      expect(await filesOf(admin, space.id)).toEqual([]);

      for (const action of ["merge", "update"]) {
        const conflicting = await admin.post(`${crs}/${uses.number}/${action}`);
        expect(conflicting.status).toBe(409);
        expect(conflicting.body.error.message).toBe('The change request and the space\'s content conflict in 1 file ("diagram.png").');
        expect(mergeConflictsSchema.parse(conflicting.body.error.details)).toEqual({
          pages: [],
          files: [{ kind: "deleted-while-referenced", id: fileId, name: "diagram.png", deletedIn: "main", referencedBy: referencedBy(setupPage) }],
          variables: [],
          // Only pages both sides edited have versions to choose between.
          resolution: expect.objectContaining({ pages: [], variables: [] }),
        });
      }

      // Without the image, the change request updates and merges.
      await apply(uses.number, [{ operation: "update_page", page: setupPage.id, document: { markdown: "Upload files here, one at a time.\n" } }]);
      expect((await admin.post(`${crs}/${uses.number}/update`)).status).toBe(200);
      expect((await admin.post(`${crs}/${uses.number}/merge`)).status).toBe(200);
    });

    test("deleted in a change request while main keeps showing it: 409; deleting the reference too merges cleanly", async () => {
      const { admin, space, crs, open, page, main, fileId, setupPage } = await withFile((id) => `Upload files here.\n\n![Diagram](/files/${id})\n`);
      const [deletes, other] = [await open("Remove the diagram"), await open("Edit the FAQ")];
      await commitToChangeRequest(deletes.id, { removeFiles: [fileId] });
      // Main moves on, so the merge is three-way: the page showing the file is as in base on both sides.
      await commitToChangeRequest(other.id, { put: [{ ...(await page("FAQ")), markdown: "# FAQ\n\nMore.\n" }] });
      expect((await admin.post(`${crs}/${other.number}/merge`)).status).toBe(200);

      const conflicting = await admin.post(`${crs}/${deletes.number}/merge`);
      expect(conflicting.status).toBe(409);
      expect(mergeConflictsSchema.parse(conflicting.body.error.details).files).toEqual([
        { kind: "deleted-while-referenced", id: fileId, name: "diagram.png", deletedIn: "changeRequest", referencedBy: referencedBy(setupPage) },
      ]);
      expect((await filesOf(admin, space.id)).map((file: { id: string }) => file.id)).toEqual([fileId]);

      await commitToChangeRequest(deletes.id, { put: [{ ...setupPage, markdown: "Upload files here.\n" }] });
      expect((await admin.post(`${crs}/${deletes.number}/merge`)).status).toBe(200);
      expect(await filesOf(admin, space.id)).toEqual([]);
      expect((await main()).find((p) => p.id === setupPage.id)!.markdown).toBe("Upload files here.\n");
    });
  });

  test("concurrent merges of two change requests editing the same words: one wins, the other gets 409, no edit lost", async () => {
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
