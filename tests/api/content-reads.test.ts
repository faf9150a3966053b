import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { documentToMarkdown } from "../../server/content/format";
import { commitRevision, readPage, readPages, type FileVersion, type Page } from "../../server/content/revisions";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { commitPages, createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

// Counts the store reads behind each request (the test server runs in this process).
vi.mock("../../server/content/revisions", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../server/content/revisions")>();
  return { ...original, readPage: vi.fn(original.readPage), readPages: vi.fn(original.readPages) };
});

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const now = new Date().toISOString();
const file = (name: string, extra: Partial<FileVersion> = {}): FileVersion => ({
  id: newId(),
  name,
  contentType: "application/pdf",
  size: 1234,
  blob: `blob-${newId()}`,
  createdAt: now,
  ...extra,
});

/**
 * A space whose main content is a small tree, with two files:
 *   guide/ (configure/ (advanced), install), faq
 */
async function setup() {
  const tenant = await createTenant();
  const admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Docs" })).body;
  const ids = { guide: newId(), configure: newId(), advanced: newId(), install: newId(), faq: newId() };
  const initialRevision = space.revision as string;
  await commitPages(
    space.id,
    [
      { id: ids.guide, title: "Guide", slug: "guide", sortKey: 1, markdown: "# Guide\n" },
      { id: ids.install, title: "Install", slug: "install", parentId: ids.guide, sortKey: 2, markdown: "Run `npm i`.\n" },
      { id: ids.configure, title: "Configure", slug: "configure", parentId: ids.guide, sortKey: 1, markdown: "Configure it.\n" },
      { id: ids.advanced, title: "Advanced", slug: "advanced", parentId: ids.configure, markdown: "Some **bold** text.\n" },
      { id: ids.faq, title: "FAQ", slug: "faq", sortKey: 2, emoji: "🎉", markdown: "Questions.\n" },
    ],
    { replace: true },
  );
  const files = [file("manual.pdf"), file("diagram.png", { contentType: "image/png", width: 640, height: 480 })];
  const revision = await commitOnMain(space.id, { putFiles: files });
  return { tenant, admin, space, ids, files, initialRevision, revision, base: `/v1/spaces/${space.id}` };
}

/** A new main revision of a space with files (and pages) put on top of its current one. */
async function commitOnMain(spaceId: string, changes: { put?: Page[]; putFiles?: FileVersion[] }) {
  return db().$transaction(async (tx) => {
    const space = await tx.space.findUniqueOrThrow({ where: { id: spaceId } });
    const base = await tx.revision.findUniqueOrThrow({ where: { id: space.revisionId! } });
    const revision = await commitRevision(tx, { spaceId, base, parents: [base.id], ...changes });
    await tx.space.update({ where: { id: spaceId }, data: { revisionId: revision.id } });
    return revision;
  });
}

/** Edits a change request's content the way the content-edit endpoint will: a new revision it points at. */
async function commitToChangeRequest(changeRequestId: string, changes: { put?: Page[]; putFiles?: FileVersion[]; remove?: string[] }) {
  return db().$transaction(async (tx) => {
    const changeRequest = await tx.changeRequest.findUniqueOrThrow({ where: { id: changeRequestId } });
    const base = await tx.revision.findUniqueOrThrow({ where: { id: changeRequest.revisionId } });
    const revision = await commitRevision(tx, { spaceId: changeRequest.spaceId, base, parents: [base.id], changeRequestId, ...changes });
    await tx.changeRequest.update({ where: { id: changeRequestId }, data: { revisionId: revision.id } });
    return revision;
  });
}

type TreePage = { id: string; title: string; path: string; pages: TreePage[] };
const outline = (pages: TreePage[]): unknown[] => pages.map((page) => [page.path, ...(page.pages.length ? [outline(page.pages)] : [])]);

describe("space content reads", () => {
  test("the current revision: the page tree in reading order with paths, the files, the reference's shape", async () => {
    const { admin, space, ids, revision, base, tenant } = await setup();
    const { status, body } = await admin.get(`${base}/content`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ object: "revision", id: revision.id, type: "edits", parents: [expect.any(String)], reusableContents: [], tags: [] });
    expect(body.urls.app).toBe(`${server.url}/o/${tenant.organization.id}/s/${space.id}/revisions/${revision.id}`);
    expect(outline(body.pages)).toEqual([["guide", [["guide/configure", [["guide/configure/advanced"]]], ["guide/install"]]], ["faq"]]);
    const [guide, faq] = body.pages;
    expect(guide).toMatchObject({ id: ids.guide, type: "document", kind: "sheet", slug: "guide", markdown: "# Guide\n", tags: [], layout: { width: "default" } });
    expect(guide.urls.app).toBe(`${server.url}/o/${tenant.organization.id}/s/${space.id}/p/${ids.guide}`);
    expect(faq).toMatchObject({ title: "FAQ", emoji: "🎉" });
    expect(body.files.map((f: { name: string }) => f.name).sort()).toEqual(["diagram.png", "manual.pdf"]);

    const pages = await admin.get(`${base}/content/pages`);
    expect(pages.status).toBe(200);
    expect(pages.body).toEqual({ pages: body.pages });

    // No Git metadata nor computed content is kept: both flags are accepted and change nothing.
    const lean = await admin.get(`${base}/content?metadata=false&computed=false`);
    expect(lean.body).toEqual(body);
    expect(lean.body.git).toBeUndefined();
    expect((await admin.get(`${base}/content/pages?metadata=false`)).body).toEqual(pages.body);
  });

  test("one page: its path from its ancestors, markdown by default, document on request, no subtree", async () => {
    const { admin, ids, base } = await setup();
    vi.mocked(readPage).mockClear();
    vi.mocked(readPages).mockClear();
    const { status, body } = await admin.get(`${base}/content/page/${ids.advanced}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: ids.advanced, title: "Advanced", path: "guide/configure/advanced", markdown: "Some **bold** text.\n", pages: [] });
    expect(body.document).toBeUndefined();
    // One read for the page and one per ancestor; never the whole page set.
    expect(readPages).not.toHaveBeenCalled();
    expect(readPage).toHaveBeenCalledTimes(3);

    const document = await admin.get(`${base}/content/page/${ids.advanced}?format=document`);
    expect(document.status).toBe(200);
    expect(document.body.markdown).toBeUndefined();
    expect(document.body.document).toMatchObject({ object: "document", nodes: [{ object: "block", type: "paragraph" }] });
    expect(JSON.stringify(document.body.document)).toContain('"type":"bold"');

    const markdown = await admin.get(`${base}/content/page/${ids.guide}?format=markdown&metadata=false&computed=true`);
    expect(markdown.body).toMatchObject({ path: "guide", markdown: "# Guide\n" });
  });

  test("a page of tabs, an expandable and a file reads as the reference's blocks, which write back the same markdown", async () => {
    const { admin, space, files, base } = await setup();
    const markdown = `{% tabs %}\n{% tab title="npm" %}\nnpm i quire\n{% endtab %}\n\n{% tab title="yarn" %}\n{% hint style="info" %}\nYarn 4.\n{% endhint %}\n{% endtab %}\n{% endtabs %}\n\n<details open>\n\n<summary>More</summary>\n\n* a\n* b\n\n</details>\n\n{% file src="/files/${files[0]!.id}" %}\nThe manual\n{% endfile %}\n`;
    const pageId = newId();
    await commitPages(space.id, [{ id: pageId, title: "Blocks", slug: "blocks", markdown }]);
    // Answers are checked against the reference's page document by the client.
    const document = await admin.get(`${base}/content/page/${pageId}?format=document`);
    expect(document.status).toBe(200);
    expect(document.body.document.nodes.map((node: { type: string }) => node.type)).toEqual(["tabs", "expandable", "file"]);
    expect(document.body.document.nodes[2]).toMatchObject({ data: { ref: { kind: "file", file: files[0]!.id } }, fragments: [{ fragment: "caption" }] });
    expect(documentToMarkdown(document.body.document)).toBe(markdown);
  });

  test("evaluated=true resolves the page's variables; unknown names and the default leave the markup", async () => {
    const { admin, space, base } = await setup();
    const page = { id: newId(), title: "Release", slug: "release", parentId: null, sortKey: 9, createdAt: now, updatedAt: now };
    const withVariables = { ...page, markdown: "Version {{ page.vars.version }} of {{ space.vars.product }}.\n", variables: { version: "2.0" } };
    await commitOnMain(space.id, { put: [withVariables] });
    const raw = await admin.get(`${base}/content/page/${page.id}`);
    expect(raw.body.markdown).toBe("Version {{ page.vars.version }} of {{ space.vars.product }}.\n");
    expect(raw.body.variables).toEqual({ version: "2.0" });
    for (const evaluated of ["true", "deterministic-only"]) {
      const { body } = await admin.get(`${base}/content/page/${page.id}?evaluated=${evaluated}`);
      expect(body.markdown).toBe("Version 2.0 of {{ space.vars.product }}.\n");
    }
    const document = await admin.get(`${base}/content/page/${page.id}?evaluated=true&format=document`);
    expect(JSON.stringify(document.body.document)).toContain("Version 2.0 of");
  });

  test("files: paged by id with the list cursor, read one by one with their download URL", async () => {
    const { admin, space, files, base } = await setup();
    const sorted = [...files].sort((a, b) => (a.id < b.id ? -1 : 1));
    const first = await admin.get(`${base}/content/files?limit=1`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 2, items: [{ id: sorted[0]!.id }] });
    const second = await admin.get(`${base}/content/files?limit=1&page=${first.body.next.page}`);
    expect(second.body.items.map((f: { id: string }) => f.id)).toEqual([sorted[1]!.id]);
    expect(second.body.next).toBeUndefined();
    expect((await admin.get(`${base}/content/files?metadata=false`)).body.items).toHaveLength(2);

    const image = files[1]!;
    const { status, body } = await admin.get(`${base}/content/files/${image.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      id: image.id,
      name: "diagram.png",
      contentType: "image/png",
      size: 1234,
      dimensions: { width: 640, height: 480 },
      downloadURL: `${server.url}/files/${space.id}/${image.blob}`,
    });
    expect((await admin.get(`${base}/content/files/${files[0]!.id}`)).body.dimensions).toBeUndefined();
  });

  test("a revision by id: an older one shows its own content; a merge names the change request", async () => {
    const { admin, tenant, space, initialRevision, revision, base } = await setup();
    const old = await admin.get(`${base}/revisions/${initialRevision}`);
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ id: initialRevision, type: "edits", parents: [], files: [] });
    expect(old.body.pages.map((p: { title: string }) => p.title)).toEqual(["Introduction"]);
    expect(old.body.pages[0].urls.app).toBe(`${server.url}/o/${tenant.organization.id}/s/${space.id}/revisions/${initialRevision}/p/${old.body.pages[0].id}`);
    expect((await admin.get(`${base}/revisions/${revision.id}?metadata=false`)).body.files).toHaveLength(2);

    const changeRequest = (await admin.post(`${base}/change-requests`, { subject: "Merged" })).body;
    const merge = await db().revision.create({ data: { id: newId(), spaceId: space.id, parents: [revision.id], type: "merge", root: revision.root } });
    await db().changeRequest.update({ where: { id: changeRequest.id }, data: { status: "merged", revisionMergedId: merge.id, mergedAt: new Date() } });
    const merged = await admin.get(`${base}/revisions/${merge.id}`);
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ type: "merge", mergedFrom: { object: "change-request", id: changeRequest.id, status: "merged" } });
  });

  test("404: a page or file not in the revision, a revision of another space, another tenant's space", async () => {
    const { admin, tenant, ids, files, base } = await setup();
    expect((await admin.get(`${base}/content/page/${newId()}`)).status).toBe(404);
    expect((await admin.get(`${base}/content/files/${newId()}`)).status).toBe(404);
    expect((await admin.get(`${base}/revisions/${newId()}`)).status).toBe(404);

    const otherSpace = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Other" })).body;
    const otherRevision = await admin.get(`/v1/spaces/${otherSpace.id}/revisions/${otherSpace.revision}`);
    expect(otherRevision.status).toBe(200);
    expect((await admin.get(`${base}/revisions/${otherSpace.revision}`)).status).toBe(404);
    expect((await admin.get(`/v1/spaces/${otherSpace.id}/content/page/${ids.guide}`)).status).toBe(404);

    const changeRequest = (await admin.post(`${base}/change-requests`)).body;
    const stranger = apiClient(server.url, tenant.stranger.token);
    const paths = [
      "/content",
      "/content/pages",
      `/content/page/${ids.guide}`,
      "/content/files",
      `/content/files/${files[0]!.id}`,
      `/revisions/${otherSpace.revision}`,
      `/change-requests/${changeRequest.id}/content`,
      `/change-requests/${changeRequest.number}/content/pages`,
      `/change-requests/${changeRequest.number}/content/page/${ids.guide}`,
      `/change-requests/${changeRequest.number}/content/files`,
      `/change-requests/${changeRequest.number}/content/files/${files[0]!.id}`,
    ];
    for (const path of paths) expect((await stranger.get(`${base}${path}`)).status, path).toBe(404);
    const reader = apiClient(server.url, (await tenant.member("read")).token);
    expect((await reader.get(`${base}/content/page/${ids.guide}`)).status).toBe(200);
  });

  test("401 without a token; 400 names the bad query value", async () => {
    const { admin, ids, base } = await setup();
    expect((await apiClient(server.url).get(`${base}/content`)).status).toBe(401);
    expect((await apiClient(server.url).get(`${base}/content/page/${ids.guide}`)).status).toBe(401);
    const cases: [string, string][] = [
      [`/content/page/${ids.guide}?format=pdf`, "format"],
      [`/content/page/${ids.guide}?evaluated=yes`, "evaluated"],
      ["/content?metadata=maybe", "metadata"],
      ["/content/pages?computed=1", "computed"],
      ["/content/files?limit=0", "limit"],
      ["/content/files?page=%00", "page"],
      [`/content/page/${encodeURIComponent("../x")}`, "pageId"],
    ];
    for (const [path, field] of cases) {
      const { status, body } = await admin.get(`${base}${path}`);
      expect(status, path).toBe(400);
      expect(fieldErrorsOf(body), path).toMatch(new RegExp(`^${field}: `));
    }
  });
});

describe("change request content reads", () => {
  test("read the change request's revision, by id or number, not the space's main content", async () => {
    const { admin, space, ids, files, base } = await setup();
    const changeRequest = (await admin.post(`${base}/change-requests`, { subject: "More docs" })).body;
    const added = { id: newId(), title: "Upgrade", slug: "upgrade", parentId: ids.install, sortKey: 1, markdown: "Upgrade it.\n", createdAt: now, updatedAt: now };
    const attachment = file("notes.txt", { contentType: "text/plain" });
    const proposed = await commitToChangeRequest(changeRequest.id, { put: [added], putFiles: [attachment], remove: [ids.faq] });

    for (const ref of [changeRequest.id, String(changeRequest.number)]) {
      const crBase = `${base}/change-requests/${ref}`;
      const content = await admin.get(`${crBase}/content`);
      expect(content.status).toBe(200);
      expect(content.body).toMatchObject({ id: proposed.id, type: "edits", parents: [expect.any(String)] });
      expect(outline(content.body.pages)).toEqual([["guide", [["guide/configure", [["guide/configure/advanced"]]], ["guide/install", [["guide/install/upgrade"]]]]]]);

      const pages = await admin.get(`${crBase}/content/pages?computed=false`);
      expect(pages.body).toEqual({ pages: content.body.pages });

      const page = await admin.get(`${crBase}/content/page/${added.id}?format=document`);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ id: added.id, path: "guide/install/upgrade", document: { object: "document" } });
      expect(page.body.urls.app).toMatch(new RegExp(`/s/${space.id}/change-requests/${changeRequest.number}/p/${added.id}$`));
      expect((await admin.get(`${crBase}/content/page/${ids.faq}`)).status).toBe(404);

      const list = await admin.get(`${crBase}/content/files?limit=2`);
      expect(list.body.count).toBe(3);
      expect(list.body.next).toBeDefined();
      const one = await admin.get(`${crBase}/content/files/${attachment.id}?metadata=false`);
      expect(one.body).toMatchObject({ id: attachment.id, name: "notes.txt", contentType: "text/plain" });
    }

    // Main content is untouched.
    expect((await admin.get(`${base}/content/page/${added.id}`)).status).toBe(404);
    expect((await admin.get(`${base}/content/page/${ids.faq}`)).status).toBe(200);
    expect((await admin.get(`${base}/content/files/${attachment.id}`)).status).toBe(404);
    expect((await admin.get(`${base}/content/files`)).body.count).toBe(files.length);
    expect((await admin.get(`${base}/change-requests/999/content`)).status).toBe(404);
    expect((await admin.get(`${base}/change-requests/${changeRequest.id}/content/page/${added.id}?format=html`)).status).toBe(400);
  });
});
