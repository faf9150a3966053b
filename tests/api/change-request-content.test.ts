import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { GET as downloadFile } from "../../app/files/[spaceId]/[key]/route";
import { PageDraft } from "../../server/change-requests/content-changes/page-draft";
import { readFiles } from "../../server/content/revisions";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { diskStorage } from "../../server/storage/disk-storage";
import { postgresStorage } from "../../server/storage/postgres-storage";
import { commitPages, createTenant, pagesOf } from "../helpers/factories";
import { assertChangesConform } from "../helpers/conformance";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
afterEach(() => {
  delete process.env.QUIRE_FETCH_ALLOWLIST;
  vi.restoreAllMocks();
});

/**
 * A space whose main content is
 *   Guides (guides) > Install (install), Configure (configure)
 *   FAQ (faq)
 * and a draft change request on it.
 */
async function setup() {
  const tenant = await createTenant();
  const admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Docs" })).body;
  const ids = { guides: newId(), install: newId(), configure: newId(), faq: newId() };
  await commitPages(
    space.id,
    [
      { id: ids.guides, title: "Guides", slug: "guides", sortKey: 1, markdown: "All the guides." },
      { id: ids.install, title: "Install", slug: "install", parentId: ids.guides, sortKey: 1, markdown: "Install it." },
      { id: ids.configure, title: "Configure", slug: "configure", parentId: ids.guides, sortKey: 2, markdown: "Configure it." },
      { id: ids.faq, title: "FAQ", slug: "faq", sortKey: 2, markdown: "Questions." },
    ],
    { replace: true },
  );
  const changeRequest = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Edits" })).body;
  const crPath = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}`;
  const apply = (changes: unknown[], query = "") => admin.post(`${crPath}/content${query}`, { changes });
  const current = async () => (await admin.get(crPath)).body;
  /** The change request's pages in reading order: `slug path` → page. */
  const pages = async () => {
    const list = await pagesOf((await current()).revision);
    const byId = new Map(list.map((page) => [page.id, page]));
    const pathOf = (page: (typeof list)[number]): string => (page.parentId ? `${pathOf(byId.get(page.parentId)!)}/` : "") + page.slug;
    return list.map((page) => ({ ...page, path: pathOf(page) }));
  };
  const page = async (id: string) => (await pages()).find((candidate) => candidate.id === id);
  return { tenant, admin, space, ids, changeRequest, crPath, apply, current, pages, page };
}

/** The header of a PNG image of `width` × `height` (enough for its dimensions to be read). */
function pngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write("IHDR", 12, "latin1");
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return header;
}

describe("change request content: pages", () => {
  test("insert_page: slugs from titles, into/at, title and metadata from the markdown, refs between new pages", async () => {
    const { apply, ids, pages, page, current, changeRequest } = await setup();
    const response = await apply(
      [
        { operation: "insert_page", ref: "start", title: "Getting Started!", into: ids.guides, at: 0, document: { markdown: "Then [the next steps](./next.md)." } },
        {
          operation: "insert_page",
          ref: "next",
          title: "Ignored: the heading wins",
          into: ids.guides,
          document: { markdown: "---\ndescription: What comes next\nemoji: 🎉\n---\n# Next steps\n\nBack to [start](./start.md), see [install](./install.md)." },
        },
        { operation: "insert_page", title: "Install", into: ids.guides, document: {} },
        { operation: "insert_page", title: "Top", at: 1, document: { markdown: "At the top level." } },
      ],
      "?compat=false",
    );
    expect(response.status).toBe(200);
    const [start, next, install2, top] = response.body.changes;
    expect(start).toMatchObject({ object: "created_page", ref: "start", page: { object: "page" } });
    expect(next).toMatchObject({ object: "created_page", ref: "next" });
    expect(install2).toEqual({ object: "created_page", page: expect.objectContaining({ object: "page" }) });
    expect(start.page.urls.location).toMatch(new RegExp(`/change-requests/${changeRequest.id}/content/page/${start.page.id}$`));
    expect(response.body.changeRequest.revision).not.toBe(changeRequest.revision);
    expect(response.body.changeRequest.revision).toBe((await current()).revision);

    expect((await pages()).map((p) => p.path)).toEqual([
      "guides",
      "guides/getting-started",
      "guides/install",
      "guides/configure",
      "guides/next-steps",
      "guides/install-2",
      "top",
      "faq",
    ]);
    expect(await page(start.page.id)).toMatchObject({ title: "Getting Started!", markdown: `Then [the next steps](/pages/${next.page.id}).` });
    expect(await page(next.page.id)).toMatchObject({
      title: "Next steps",
      description: "What comes next",
      emoji: "🎉",
      markdown: `Back to [start](/pages/${start.page.id}), see [install](/pages/${ids.install}).`,
    });
    expect(await page(install2.page.id)).toMatchObject({ title: "Install", markdown: "" });
    expect(await page(top.page.id)).toMatchObject({ parentId: null, markdown: "At the top level." });
  });

  test("insert_page: an explicit slug must be free among the siblings; into must exist", async () => {
    const { apply, ids } = await setup();
    const taken = await apply([{ operation: "insert_page", title: "Again", slug: "install", into: ids.guides, document: {} }]);
    expect(taken.status).toBe(400);
    expect(fieldErrorsOf(taken.body)).toBe(`changes[0].slug: "install" is already used by page ${ids.install} (Install)`);
    const orphan = await apply([{ operation: "insert_page", title: "Lost", into: "nope", document: {} }]);
    expect(fieldErrorsOf(orphan.body)).toBe("changes[0].into: No page nope in the change request");
    const badSlug = await apply([{ operation: "insert_page", title: "Bad", slug: "Not A Slug", document: {} }]);
    expect(fieldErrorsOf(badSlug.body)).toMatch(/^changes\[0\]\.slug: Must be lowercase/);
  });

  test("update_page: edit the body, rename (slug kept), re-slug, move with into/at, and metadata", async () => {
    const { apply, ids, page, pages } = await setup();
    expect((await apply([{ operation: "update_page", page: ids.install, document: { markdown: "Install it **now**." } }])).status).toBe(200);
    expect(await page(ids.install)).toMatchObject({ title: "Install", slug: "install", markdown: "Install it **now**." });

    await apply([{ operation: "update_page", page: ids.install, title: "Installation", emoji: "🚀", description: "How to install" }]);
    expect(await page(ids.install)).toMatchObject({ title: "Installation", slug: "install", emoji: "🚀", description: "How to install", markdown: "Install it **now**." });

    await apply([{ operation: "update_page", page: ids.install, slug: "installation", emoji: "", description: "" }]);
    const renamed = await page(ids.install);
    expect(renamed).toMatchObject({ slug: "installation" });
    expect(renamed).not.toHaveProperty("emoji");
    expect(renamed).not.toHaveProperty("description");

    await apply([{ operation: "update_page", page: ids.faq, into: ids.guides, at: 1 }]);
    expect((await pages()).map((p) => p.path)).toEqual(["guides", "guides/installation", "guides/faq", "guides/configure"]);
    await apply([{ operation: "update_page", page: ids.configure, into: null, at: 0 }]);
    expect((await pages()).map((p) => p.path)).toEqual(["configure", "guides", "guides/installation", "guides/faq"]);
    await apply([{ operation: "update_page", page: ids.install, at: 5 }]);
    expect((await pages()).map((p) => p.path)).toEqual(["configure", "guides", "guides/faq", "guides/installation"]);

    // An empty slug is derived from the title again (free among the siblings): how the editor has a slug follow its page's title.
    await apply([{ operation: "update_page", page: ids.faq, title: "Installation", slug: "" }]);
    expect(await page(ids.faq)).toMatchObject({ title: "Installation", slug: "installation-2" });
  });

  test("insert_page and update_page take the reference's JSON document, stored as its markdown; a leading heading stays content", async () => {
    const { apply, ids, page, pages } = await setup();
    const text = (value: string) => ({ object: "text", leaves: [{ object: "leaf", text: value, marks: [] }] });
    const document = {
      object: "document",
      data: {},
      nodes: [
        { object: "block", type: "heading-1", key: "h", data: {}, nodes: [text("Title")] },
        { object: "block", type: "paragraph", key: "p", data: {}, nodes: [text("Hello "), { object: "inline", type: "link", data: { ref: { kind: "url", url: "https://example.com" } }, nodes: [text("world")] }] },
      ],
    };
    expect((await apply([{ operation: "update_page", page: ids.install, document: { document } }])).status).toBe(200);
    expect(await page(ids.install)).toMatchObject({ title: "Install", markdown: "# Title\n\nHello [world](https://example.com)\n" });
    expect((await apply([{ operation: "insert_page", title: "From JSON", document: { document } }])).status).toBe(200);
    expect((await pages()).find((candidate) => candidate.slug === "from-json")).toMatchObject({ title: "From JSON", markdown: "# Title\n\nHello [world](https://example.com)\n" });
  });

  test("update_page: slug collisions, moves into descendants and unknown pages are refused", async () => {
    const { apply, ids } = await setup();
    const collision = await apply([{ operation: "update_page", page: ids.configure, slug: "install" }]);
    expect(collision.status).toBe(400);
    expect(fieldErrorsOf(collision.body)).toBe(`changes[0].slug: "install" is already used by page ${ids.install} (Install)`);
    for (const into of [ids.guides, ids.install]) {
      const cycle = await apply([{ operation: "update_page", page: ids.guides, into }]);
      expect(fieldErrorsOf(cycle.body)).toBe("changes[0].into: A page cannot move into itself or its descendants");
    }
    await apply([{ operation: "insert_page", title: "FAQ", into: ids.guides, document: {} }]);
    const clash = await apply([{ operation: "update_page", page: ids.faq, into: ids.guides }]);
    expect(fieldErrorsOf(clash.body)).toMatch(/^changes\[0\]\.into: The page's slug "faq" is already used by page \w+ there/);
    expect(fieldErrorsOf((await apply([{ operation: "update_page", page: "nope", title: "x" }])).body)).toBe("changes[0].page: No page nope in the change request");
  });

  test("delete_page removes the page and its subpages", async () => {
    const { apply, ids, pages } = await setup();
    const response = await apply([{ operation: "delete_page", page: ids.guides }], "?compat=false");
    expect(response.body.changes).toEqual([
      { object: "deleted_page", page: ids.guides },
      { object: "deleted_page", page: ids.install },
      { object: "deleted_page", page: ids.configure },
    ]);
    expect((await pages()).map((p) => p.path)).toEqual(["faq"]);
    expect(fieldErrorsOf((await apply([{ operation: "update_page", page: ids.install, title: "Gone" }])).body)).toBe(`changes[0].page: No page ${ids.install} in the change request`);
  });

  test("revert_page: modified pages reset, deleted ones restored (with subpages), added ones removed", async () => {
    const { admin, apply, ids, pages, page, current, crPath } = await setup();
    const basePages = await pages();
    const added = (
      await apply(
        [
          { operation: "update_page", page: ids.install, title: "Setup", slug: "setup", document: { markdown: "Changed." } },
          { operation: "delete_page", page: ids.guides },
          { operation: "insert_page", title: "New", document: { markdown: "New page." } },
          { operation: "update_page", page: ids.faq, document: { markdown: "First edit." } },
        ],
        "?compat=false",
      )
    ).body.changes.find((change: { object: string }) => change.object === "created_page").page.id;
    const afterFirst = (await current()).revision;
    await apply([{ operation: "update_page", page: ids.faq, document: { markdown: "Second edit." } }]);

    const toFirst = await apply([{ operation: "revert_page", page: ids.faq, revision: afterFirst }], "?compat=false");
    expect(toFirst.body.changes).toEqual([{ object: "updated_page", page: expect.objectContaining({ id: ids.faq }) }]);
    expect((await page(ids.faq))!.markdown).toBe("First edit.");

    const reverted = await apply(
      [
        { operation: "revert_page", page: ids.guides },
        { operation: "revert_page", page: ids.install },
        { operation: "revert_page", page: added },
        { operation: "revert_page", page: ids.faq },
      ],
      "?compat=false",
    );
    expect(reverted.status).toBe(200);
    expect(reverted.body.changes.map((change: { object: string }) => change.object)).toEqual(["created_page", "created_page", "created_page", "deleted_page", "updated_page"]);
    expect(await pages()).toEqual(basePages);
    // Reverted to the exact versions of the base: the change request changes nothing any more.
    expect((await admin.get(`${crPath}/changes`)).body).toEqual({ changes: [] });

    const block = await apply([{ operation: "revert_page", page: ids.faq, block: ["b1"] }]);
    expect(fieldErrorsOf(block.body)).toMatch(/^changes\[0\]\.block: Reverting single blocks is not supported/);
    const unknownRevision = await apply([{ operation: "revert_page", page: ids.faq, revision: "nope" }]);
    expect(fieldErrorsOf(unknownRevision.body)).toBe("changes[0].revision: No revision nope in the space");
  });

  test("links: /pages/<id> stays; slug paths and relative .md paths resolve to pages; others are left as written", async () => {
    const { apply, ids, page } = await setup();
    const overview = (
      await apply(
        [
          {
            operation: "insert_page",
            title: "Overview",
            document: {
              markdown: [
                `[a](/pages/${ids.install}) [b](/guides/install) [c](/pages/guides/configure.md) [d](/pages/guides/README.md)`,
                `[e](/pages/README.md) [f](./faq.md) [g](https://example.com/x) [h](./missing.md) [i](#top) [j](/guides/install#setup)`,
                "",
                "[k]: ../faq.md",
                "",
                "`[code](./faq.md)`",
              ].join("\n"),
            },
          },
          { operation: "update_page", page: ids.install, document: { markdown: "[up](../faq.md) [sibling](./configure.md) [self](install.md)" } },
          { operation: "update_page", page: ids.guides, document: { markdown: "[child](./install.md) [folder](./configure) [fallback](./faq.md) [faq](faq)" } },
        ],
        "?compat=false",
      )
    ).body.changes[0].page.id;
    expect((await page(overview))!.markdown).toBe(
      [
        `[a](/pages/${ids.install}) [b](/pages/${ids.install}) [c](/pages/${ids.configure}) [d](/pages/${ids.guides})`,
        `[e](/pages/${ids.guides}) [f](/pages/${ids.faq}) [g](https://example.com/x) [h](./missing.md) [i](#top) [j](/pages/${ids.install}#setup)`,
        "",
        "[k]: ../faq.md",
        "",
        "`[code](./faq.md)`",
      ].join("\n"),
    );
    expect((await page(ids.install))!.markdown).toBe(`[up](/pages/${ids.faq}) [sibling](/pages/${ids.configure}) [self](/pages/${ids.install})`);
    expect((await page(ids.guides))!.markdown).toBe(`[child](/pages/${ids.install}) [folder](/pages/${ids.configure}) [fallback](/pages/${ids.faq}) [faq](/pages/${ids.faq})`);
  });
});

describe("change request content: batches and access", () => {
  test("an invalid third change rejects the whole batch, naming it, and writes nothing", async () => {
    const { apply, ids, current, pages } = await setup();
    const before = await current();
    const pagesBefore = await pages();
    const revisionsBefore = await db().revision.count({ where: { spaceId: before.space } });
    const response = await apply([
      { operation: "insert_page", title: "Fresh", document: { markdown: "x" } },
      { operation: "update_page", page: ids.install, document: { markdown: "changed" } },
      { operation: "update_page", page: "abc", title: "x" },
    ]);
    expect(response.status).toBe(400);
    expect(fieldErrorsOf(response.body)).toBe("changes[2].page: No page abc in the change request");
    expect((await current()).revision).toBe(before.revision);
    expect((await current()).updatedAt).toBe(before.updatedAt);
    expect(await pages()).toEqual(pagesBefore);
    expect(await db().revision.count({ where: { spaceId: before.space } })).toBe(revisionsBefore);
  });

  test("malformed changes are refused with the change named", async () => {
    const { apply, admin, crPath } = await setup();
    expect(fieldErrorsOf((await apply([{ operation: "rename_page", page: "x" }])).body)).toMatch(/^changes\[0\]\.operation: /);
    const json = await apply([{ operation: "delete_page", page: "x" }, { operation: "insert_page", document: { document: { object: "document", nodes: [{ object: "block" }] } } }]);
    expect(json.status).toBe(400);
    expect(fieldErrorsOf(json.body)).toBe("changes[1].document.document: Nodes[0].type: must be a string");
    expect(fieldErrorsOf((await apply([{ operation: "insert_page", document: { text: "x" } }])).body)).toMatch(/^changes\[0\]\.document: Must be a markdown document/);
    const malformed = await apply([{ operation: "insert_page", document: { document: { object: "document", data: {}, nodes: [{ object: "block", type: "code", data: {} }] } } }]);
    expect(fieldErrorsOf(malformed.body)).toMatch(/^changes\[0\]\.document: Is not a valid document/);
    expect(fieldErrorsOf((await apply([{ operation: "insert_page", title: "No document" }])).body)).toMatch(/^changes\[0\]\.document: Is required/);
    expect((await apply([{ operation: "insert_page", title: "Beta", document: { markdown: "" }, condition: "visitor.claims.beta ==" }])).body.error.details.fields).toEqual({
      "changes[0].condition": expect.stringMatching(/^The condition ends too early/),
    });
    expect(fieldErrorsOf((await apply([{ operation: "insert_files", files: [{ name: "a.txt", base64: "aGk=" }] }])).body)).toBe("changes[0].files[0].contentType: Is required with base64");
    expect(fieldErrorsOf((await apply([{ operation: "insert_files", files: [{ name: "a.txt", contentType: "text/plain", base64: "not base64!" }] }])).body)).toBe(
      "changes[0].files[0].base64: Not valid base64",
    );
    expect(fieldErrorsOf((await apply([{ operation: "insert_files", files: [{ name: "a.txt" }] }])).body)).toBe("changes[0].files[0].url: Set exactly one source: url or base64");
    expect(fieldErrorsOf((await apply([])).body)).toMatch(/^changes: /);
    expect(fieldErrorsOf((await apply(Array.from({ length: 51 }, () => ({ operation: "delete_page", page: "x" })))).body)).toMatch(/^changes: /);
    expect(fieldErrorsOf((await admin.post(`${crPath}/content?compat=maybe`, { changes: [{ operation: "delete_page", page: "x" }] })).body)).toMatch(/^compat: /);
    const duplicateRef = await apply([
      { operation: "insert_page", ref: "a", title: "A", document: {} },
      { operation: "insert_files", files: [{ ref: "a", name: "a.txt", contentType: "text/plain", base64: "aGk=" }] },
    ]);
    expect(fieldErrorsOf(duplicateRef.body)).toBe('changes[1].files[0].ref: "a" is already the ref of changes[0]');
  });

  test("403 below the edit role and on a locked space; 404 across tenants; merged and archived change requests refuse edits", async () => {
    const { tenant, admin, space, crPath, apply, ids } = await setup();
    const change = { changes: [{ operation: "update_page", page: ids.faq, title: "Edited" }] };
    const reader = apiClient(server.url, (await tenant.member("read")).token);
    const forbidden = await reader.post(`${crPath}/content`, change);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toMatch(/edit role/);
    expect((await reader.get(`${crPath}/changes`)).status).toBe(200);
    const editor = apiClient(server.url, (await tenant.member("edit")).token);
    expect((await editor.post(`${crPath}/content`, change)).status).toBe(200);

    const stranger = apiClient(server.url, tenant.stranger.token);
    expect((await stranger.post(`${crPath}/content`, change)).status).toBe(404);
    expect((await stranger.get(`${crPath}/changes`)).status).toBe(404);
    expect((await stranger.post(`${crPath}/content`, { changes: [{ operation: "bogus" }] })).status).toBe(404);

    await admin.patch(`/v1/spaces/${space.id}`, { editMode: "locked" });
    const locked = await apply(change.changes);
    expect(locked.status).toBe(403);
    expect(locked.body.error.message).toMatch(/locked/);
    await admin.patch(`/v1/spaces/${space.id}`, { editMode: "live" });

    await admin.patch(crPath, { status: "archived" });
    expect(fieldErrorsOf((await apply(change.changes)).body)).toBe("changeRequestId: Change request 1 is archived");
    await db().changeRequest.update({ where: { id: crPath.split("/").pop()! }, data: { status: "merged" } });
    const merged = await apply(change.changes);
    expect(merged.status).toBe(400);
    expect(fieldErrorsOf(merged.body)).toBe("changeRequestId: Change request 1 is merged");
  });

  test("concurrent batches on one change request apply one after the other, none lost", async () => {
    const { apply, pages } = await setup();
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) => apply([{ operation: "insert_page", title: `Parallel ${i}`, document: { markdown: `${i}` } }])),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await pages()).filter((page) => page.title.startsWith("Parallel")).map((page) => page.title).sort()).toEqual(
      Array.from({ length: 5 }, (_, i) => `Parallel ${i}`),
    );
  });

  test("a one-page edit reads one page, whatever the space's size; the tree is read only for structure", async () => {
    const { apply, ids } = await setup();
    const loadTree = vi.spyOn(PageDraft.prototype, "loadTree");
    await apply([{ operation: "update_page", page: ids.install, title: "Installing", document: { markdown: "Body with [a link](/pages/" + ids.faq + ")." } }]);
    expect(loadTree).not.toHaveBeenCalled();
    await apply([{ operation: "update_page", page: ids.install, slug: "installing" }]);
    expect(loadTree).toHaveBeenCalledTimes(1);
    await apply([{ operation: "insert_page", title: "More", document: {} }]);
    expect(loadTree).toHaveBeenCalledTimes(2);
  });
});

describe("change request content: files", () => {
  test("insert_files from base64: dimensions, refs from pages, and the download route serves the bytes", async () => {
    const { tenant, space, apply, current, page } = await setup();
    const png = Buffer.concat([pngHeader(3, 2), Buffer.from("rest of the image")]);
    const response = await apply(
      [
        { operation: "insert_page", title: "Diagram", document: { markdown: "![The architecture](./arch.png) or [download it](arch.png)." } },
        { operation: "insert_files", files: [{ ref: "arch.png", name: "arch.png", contentType: "image/png", base64: png.toString("base64") }] },
      ],
      "?compat=false",
    );
    expect(response.status).toBe(200);
    const [file] = response.body.insertedFiles;
    expect(file).toMatchObject({ name: "arch.png", contentType: "image/png", size: png.length, dimensions: { width: 3, height: 2 } });
    const pageId = response.body.changes[0].page.id;
    expect((await page(pageId))!.markdown).toBe(`![The architecture](/files/${file.id}) or [download it](/files/${file.id}).`);
    const revision = await db().revision.findUniqueOrThrow({ where: { id: (await current()).revision } });
    expect((await readFiles(db(), revision)).map((stored) => stored.id)).toEqual([file.id]);

    const url = new URL(file.downloadURL);
    const [, , spaceId, key] = url.pathname.split("/");
    expect(spaceId).toBe(space.id);
    const download = (token?: string, path = url.pathname, headers: Record<string, string> = {}) =>
      downloadFile(new Request(`http://localhost${path}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } }), {
        params: Promise.resolve({ spaceId: path.split("/")[2]!, key: path.split("/")[3]! }),
      });
    const served = await download(tenant.admin.token);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("content-disposition")).toBe("inline; filename*=UTF-8''arch.png");
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect((await download(tenant.admin.token, url.pathname, { "if-none-match": `"${key}"` })).status).toBe(304);
    expect((await download((await tenant.member("read")).token)).status).toBe(200);
    expect((await download(tenant.stranger.token)).status).toBe(404);
    expect((await download()).status).toBe(401);
    expect((await download(tenant.admin.token, `/files/${space.id}/${"0".repeat(64)}`)).status).toBe(404);
    expect((await download(tenant.admin.token, `/files/${space.id}/..%2F..%2Fetc`)).status).toBe(404);
  });

  test("insert_files from a URL: fetched through safe-fetch when the host is allowlisted, refused otherwise", async () => {
    const gif = Buffer.concat([Buffer.from("GIF89a", "latin1"), Buffer.from([5, 0, 7, 0]), Buffer.alloc(20)]);
    const origin: Server = createServer((req, res) => {
      if (req.url === "/logo.gif") res.writeHead(200, { "content-type": "image/gif" }).end(gif);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", resolve));
    const source = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
    try {
      const { apply, current } = await setup();
      const before = (await current()).revision;
      const refused = await apply([{ operation: "insert_files", files: [{ name: "logo.gif", url: `${source}/logo.gif` }] }]);
      expect(refused.status).toBe(400);
      expect(fieldErrorsOf(refused.body)).toBe("changes[0].files[0].url: 127.0.0.1 is a private or reserved address; only public addresses are fetched");
      expect((await current()).revision).toBe(before);

      process.env.QUIRE_FETCH_ALLOWLIST = "127.0.0.1";
      const fetched = await apply([{ operation: "insert_files", files: [{ name: "logo.gif", url: `${source}/logo.gif` }] }], "?compat=false");
      expect(fetched.status).toBe(200);
      expect(fetched.body.insertedFiles).toEqual([expect.objectContaining({ name: "logo.gif", contentType: "image/gif", size: gif.length, dimensions: { width: 5, height: 7 } })]);
      const missing = await apply([{ operation: "insert_files", files: [{ name: "x.gif", url: `${source}/missing.gif` }] }]);
      expect(fieldErrorsOf(missing.body)).toBe("changes[0].files[0].url: The server answered 404");
    } finally {
      await new Promise<void>((resolve) => origin.close(() => resolve()));
    }
  });
});

describe("change request changes", () => {
  test("classifies pages created, edited, moved and deleted, and files created; limit and more", async () => {
    const { tenant, admin, apply, ids, crPath } = await setup();
    expect((await admin.get(`${crPath}/changes`)).body).toEqual({ changes: [] });
    const response = await apply(
      [
        { operation: "insert_page", title: "News", document: { markdown: "Fresh." } },
        { operation: "update_page", page: ids.install, title: "Installation", document: { markdown: "Install it, now." } },
        { operation: "update_page", page: ids.install, into: null },
        { operation: "update_page", page: ids.faq, at: 0 },
        { operation: "delete_page", page: ids.configure },
        { operation: "insert_files", files: [{ name: "notes.txt", contentType: "text/plain", base64: Buffer.from("notes").toString("base64") }] },
      ],
      "?compat=false",
    );
    const newsId = response.body.changes[0].page.id;
    const file = response.body.insertedFiles[0];

    // Fetched without the automatic check, and checked item by item (see assertChangesConform).
    const body = await (await fetch(`${server.url}${crPath}/changes`, { headers: { authorization: `Bearer ${tenant.admin.token}` } })).json();
    assertChangesConform(body);
    expect(body.more).toBeUndefined();
    expect(body.changes).toEqual([
      { type: "page_created", page: { id: newsId, type: "document", title: "News", path: "news" } },
      {
        type: "page_edited",
        page: { id: ids.install, type: "document", title: "Installation", path: "install" },
        attributes: { title: { before: "Install", after: "Installation" }, document: { before: "Install it.", after: "Install it, now." } },
      },
      // Reordered among the same siblings: moved, with no parent change to show.
      { type: "page_moved", page: { id: ids.faq, type: "document", title: "FAQ", path: "faq" }, parent: {} },
      {
        type: "page_moved",
        page: { id: ids.install, type: "document", title: "Installation", path: "install" },
        parent: { before: { id: ids.guides, type: "document", title: "Guides", path: "guides" } },
      },
      { type: "page_deleted", page: { id: ids.configure, type: "document", title: "Configure", path: "guides/configure" } },
      { type: "file_created", file: { id: file.id, name: "notes.txt", contentType: "text/plain", downloadURL: file.downloadURL } },
    ]);
    const limited = await admin.get(`${crPath}/changes?limit=1`);
    expect(limited.body.changes.map((change: { type: string }) => change.type)).toEqual(["page_created"]);
    expect(limited.body.more).toBe(5);
    expect((await admin.get(`${crPath}/changes?limit=0`)).status).toBe(400);
  });
});

describe("file storage", () => {
  test("disk and PostgreSQL stores keep bytes under their SHA-256, once", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "quire-files-"));
    try {
      for (const storage of [diskStorage(root), postgresStorage()]) {
        const bytes = Buffer.from(`bytes ${newId()}`);
        const key = await storage.put(bytes);
        expect(key).toBe(createHash("sha256").update(bytes).digest("hex"));
        expect(await storage.put(Buffer.from(bytes))).toBe(key);
        expect((await storage.get(key))!.equals(bytes)).toBe(true);
        expect(await storage.get("f".repeat(64))).toBeNull();
        expect(await storage.get("../../etc/passwd")).toBeNull();
      }
      expect(await readdir(root)).toHaveLength(1);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
