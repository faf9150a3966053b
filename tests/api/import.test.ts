import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { readFiles } from "../../server/content/revisions";
import { db } from "../../server/db/client";
import { startWorkers, stopJobQueue } from "../../server/jobs/workers";
import { newId } from "../../server/ids";
import { fileStorage } from "../../server/storage/file-storage";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { assertConformsToSchema } from "../helpers/conformance";
import { createTenant, pagesOf } from "../helpers/factories";
import { searchIndexed } from "../helpers/jobs";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

/**
 * Website imports end to end: a small site served on loopback (allowlisted for this process, as
 * an administrator would allowlist an intranet host), the /v1 operations, and the pg-boss job
 * run by a worker in this process.
 */

/** A real 1x1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

const layout = (title: string, content: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>${title}</title><meta name="description" content="${title} of Acme's docs"></head>
<body>
  <header><a href="/docs/"><img src="/docs/img/header-logo.png" alt="Acme Docs"></a></header>
  <nav><a href="/docs/">Home</a> <a href="/docs/guide">Guide</a> <a href="/docs/guide/setup">Setup</a> <a href="/docs/api">API</a></nav>
  ${content}
  <footer>© Acme Inc. <a href="https://example.com/legal">Legal</a></footer>
  <script>window.tracking = "should not be imported";</script>
</body></html>`;

const SITE: Record<string, { type: string; body: string | Buffer }> = {
  "/docs/": {
    type: "text/html; charset=utf-8",
    body: layout(
      "Acme Docs",
      `<main>
        <h1>Welcome to Acme</h1>
        <p>Acme makes <strong>widgets</strong>. Read the <a href="guide">guide</a> or <a href="https://example.com/blog">the blog</a>.</p>
        <p><img src="img/logo.png" alt="Acme logo"></p>
        <table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody><tr><td>Free</td><td>0</td></tr></tbody></table>
        <p><a href="/docs/manual.pdf">Manual</a> and <a href="/outside/page">elsewhere</a>.</p>
      </main>`,
    ),
  },
  "/docs/guide": {
    type: "text/html",
    body: layout(
      "Guide | Acme Docs",
      `<article>
        <h1>Guide</h1>
        <p>Back <a href="/docs/">home</a>. Next: <a href="/docs/guide/setup#install">installing</a>.</p>
        <pre><code class="language-sh">npm install acme</code></pre>
      </article>`,
    ),
  },
  "/docs/guide/setup": {
    type: "text/html",
    body: layout(
      "Setup | Acme Docs",
      `<main>
        <h1>Setup</h1>
        <h2 id="install">Install</h2>
        <ul><li>Download</li><li>Run</li></ul>
        <p>See the <a href="/docs/guide">guide</a> and <a href="/docs/missing">a missing page</a>.</p>
        <img src="/docs/img/logo.png" alt="Logo again">
        <img src="/docs/img/diagram.svg" alt="Diagram">
      </main>`,
    ),
  },
  // No <main> nor <article>: the body without its chrome is the content; the title is <title>'s.
  "/docs/api": { type: "text/html", body: layout("API reference", `<div class="content"><h2>Endpoints</h2><p>GET /widgets lists widgets (see the <a href="/docs/old-guide">old guide</a>).</p></div>`) },
  "/docs/img/logo.png": { type: "image/png", body: PNG },
  "/docs/img/header-logo.png": { type: "image/png", body: PNG },
  "/docs/img/diagram.svg": { type: "image/svg+xml", body: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
  "/docs/manual.pdf": { type: "application/pdf", body: "%PDF-1.4" },
  "/outside/page": { type: "text/html", body: layout("Outside", "<main><h1>Outside</h1></main>") },
};

let api: Awaited<ReturnType<typeof startApiServer>>;
let site: Server;
let siteUrl: string;
const hits = new Map<string, number>();
const allowlist = process.env.QUIRE_FETCH_ALLOWLIST;

beforeAll(async () => {
  api = await startApiServer();
  site = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://site").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const resource = SITE[path];
    if (path === "/slow/") {
      // Answers after the time bound the test sets.
      setTimeout(() => res.writeHead(200, { "Content-Type": "text/html" }).end(layout("Slow", "<main><h1>Slow</h1></main>")), 3000);
      return;
    }
    if (path === "/docs/old-guide") {
      res.writeHead(301, { Location: "/docs/guide" }).end();
      return;
    }
    if (!resource) {
      res.writeHead(404, { "Content-Type": "text/html" }).end("<h1>Not found</h1>");
      return;
    }
    res.writeHead(200, { "Content-Type": resource.type }).end(resource.body);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  await startWorkers();
});

afterAll(async () => {
  await stopJobQueue();
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  await api.close();
});

afterEach(() => {
  restoreEnv("QUIRE_FETCH_ALLOWLIST", allowlist);
  delete process.env.QUIRE_IMPORT_MAX_PAGES;
  delete process.env.QUIRE_IMPORT_MAX_BYTES;
  delete process.env.QUIRE_IMPORT_TIMEOUT_MS;
  hits.clear();
});

function restoreEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

const allowLocalSite = () => {
  process.env.QUIRE_FETCH_ALLOWLIST = "127.0.0.1";
};

async function setup() {
  const tenant = await createTenant();
  const admin = apiClient(api.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Acme" })).body;
  return { tenant, admin, space };
}

const byTitle = <P extends { title: string }>(pages: P[], title: string) => pages.find((page) => page.title === title)!;

describe("importing a website", () => {
  test("into a space: pages from the main content, a tree from the paths, the image as a file, links rewritten, true counts", async () => {
    allowLocalSite();
    const { admin, space } = await setup();
    const response = await admin.post(`/v1/spaces/${space.id}/content/import`, { url: `${siteUrl}/docs/`, source: "website" });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    // Four pages and the logo imported; the missing page and the SVG found but not imported (counted out).
    expect(response.body).toEqual({ revision: expect.any(String), importedResources: 5, totalResources: 7 });

    // The import became the space's main revision, on top of the previous one.
    const current = await db().space.findUniqueOrThrow({ where: { id: space.id } });
    expect(current.revisionId).toBe(response.body.revision);
    const revision = await db().revision.findUniqueOrThrow({ where: { id: response.body.revision } });
    expect(revision.parents).toEqual([space.revision]);
    // Made main through the search index, which then holds the imported pages.
    await searchIndexed(space.id);
    const indexed = await db().$queryRaw<{ revision_id: string }[]>`SELECT revision_id FROM search_indexes WHERE space_id = ${space.id}`;
    expect(indexed).toEqual([{ revision_id: response.body.revision }]);
    const titles = await db().$queryRaw<{ title: string }[]>`SELECT title FROM search_pages WHERE space_id = ${space.id} ORDER BY title`;
    expect(titles.map((row) => row.title)).toEqual(["API reference", "Guide", "Introduction", "Setup", "Welcome to Acme"]);

    const pages = await pagesOf(response.body.revision);
    expect(pages.map((page) => [page.title, page.slug, page.depth])).toEqual([
      ["Introduction", "introduction", 0],
      ["Welcome to Acme", "docs", 0],
      ["Guide", "guide", 0],
      ["Setup", "setup", 1],
      ["API reference", "api", 0],
    ]);
    const [welcome, guide, setupPage, apiPage] = ["Welcome to Acme", "Guide", "Setup", "API reference"].map((title) => byTitle(pages, title));
    expect(setupPage!.parentId).toBe(guide!.id);
    expect(welcome!.description).toBe("Acme Docs of Acme's docs");

    const [file, ...otherFiles] = await readFiles(db(), revision);
    expect(otherFiles).toEqual([]);
    expect(file).toMatchObject({ name: "logo.png", contentType: "image/png", size: PNG.length, width: 1, height: 1 });
    expect(await fileStorage().get(file!.blob)).toEqual(PNG);

    // Main content only: no navigation, header, footer or script; the <h1> became the title.
    expect(welcome!.markdown).not.toMatch(/Home|Legal|©|tracking|Acme Docs|# Welcome/);
    expect(welcome!.markdown).toContain("Acme makes **widgets**.");
    expect(welcome!.markdown).toContain(`[guide](/pages/${guide!.id})`);
    expect(welcome!.markdown).toContain("[the blog](https://example.com/blog)");
    expect(welcome!.markdown).toContain(`![Acme logo](/files/${file!.id})`);
    expect(welcome!.markdown).toContain("| Plan | Price |");
    // Links to what was not imported stay absolute, so they still work.
    expect(welcome!.markdown).toContain(`[Manual](${siteUrl}/docs/manual.pdf)`);
    expect(welcome!.markdown).toContain(`[elsewhere](${siteUrl}/outside/page)`);

    expect(guide!.markdown).toContain(`[home](/pages/${welcome!.id})`);
    expect(guide!.markdown).toContain(`[installing](/pages/${setupPage!.id}#install)`);
    expect(guide!.markdown).toContain("```sh\nnpm install acme\n```");
    expect(setupPage!.markdown).toContain("## Install");
    expect(setupPage!.markdown).toContain("- Download\n- Run");
    expect(setupPage!.markdown).toContain(`![Logo again](/files/${file!.id})`);
    expect(setupPage!.markdown).toContain(`[a missing page](${siteUrl}/docs/missing)`);
    expect(setupPage!.markdown).toContain(`![Diagram](${siteUrl}/docs/img/diagram.svg)`);
    // A link to an address that redirects to an imported page points to that page.
    expect(apiPage!.markdown).toBe(`## Endpoints\n\nGET /widgets lists widgets (see the [old guide](/pages/${guide!.id})).`);

    // Each page fetched once despite the loops (the guide once more behind its old address's
    // redirect, which the fetch follows); nothing out of scope, no file link, no chrome image.
    expect(Object.fromEntries(hits)).toEqual({
      "/docs/": 1,
      "/docs/guide": 2,
      "/docs/guide/setup": 1,
      "/docs/api": 1,
      "/docs/missing": 1,
      "/docs/old-guide": 1,
      "/docs/img/logo.png": 1,
      "/docs/img/diagram.svg": 1,
    });

    const record = await db().contentImport.findFirstOrThrow({ where: { spaceId: space.id } });
    expect(record).toMatchObject({ status: "completed", imported: 5, total: 7, revisionId: response.body.revision, changeRequestId: null, limitReached: null });
    expect(record.failures).toEqual([
      { url: `${siteUrl}/docs/missing`, kind: "page", reason: "the server answered 404" },
      { url: `${siteUrl}/docs/img/diagram.svg`, kind: "image", reason: "SVG images are not imported" },
    ]);
  });

  test("into a change request, from a sub-path: only that prefix is crawled; the space's main content untouched", async () => {
    allowLocalSite();
    const { admin, space } = await setup();
    const changeRequest = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Import" })).body;
    const response = await admin.post(`/v1/spaces/${space.id}/change-requests/${changeRequest.number}/content/import`, { url: `${siteUrl}/docs/guide`, source: "website" });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    // The guide, its setup page and the setup page's logo (and its SVG, not imported); home and the missing page are outside /docs/guide.
    expect(response.body).toMatchObject({ importedResources: 3, totalResources: 4 });
    expect(Object.fromEntries(hits)).toEqual({ "/docs/guide": 1, "/docs/guide/setup": 1, "/docs/img/logo.png": 1, "/docs/img/diagram.svg": 1 });

    const updated = (await admin.get(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}`)).body;
    expect(updated.revision).toBe(response.body.revision);
    const inChangeRequest = (await admin.get(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/pages`)).body.pages;
    // The start page is the top of what was imported, beside its sub-pages rather than above all of them.
    expect(inChangeRequest.map((page: { title: string }) => page.title)).toEqual(["Introduction", "Guide", "Setup"]);
    const guide = (await admin.get(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/page/${inChangeRequest[1].id}`)).body;
    expect(guide.markdown).toContain(`[home](${siteUrl}/docs/)`);
    expect(guide.markdown).toContain(`[installing](/pages/${inChangeRequest[2].id}#install)`);
    const files = (await admin.get(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/files`)).body.items;
    expect(files).toEqual([expect.objectContaining({ name: "logo.png", contentType: "image/png", dimensions: { width: 1, height: 1 } })]);

    expect((await admin.get(`/v1/spaces/${space.id}`)).body.revision).toBe(space.revision);
    expect((await admin.get(`/v1/spaces/${space.id}/content/pages`)).body.pages.map((page: { title: string }) => page.title)).toEqual(["Introduction"]);
    const revision = await db().revision.findUniqueOrThrow({ where: { id: response.body.revision } });
    expect(revision).toMatchObject({ changeRequestId: changeRequest.id, parents: [changeRequest.revision] });

    // An archived change request takes no import.
    await admin.patch(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}`, { status: "archived" });
    const refused = await admin.post(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/import`, { url: `${siteUrl}/docs/`, source: "website" });
    expect(refused.status).toBe(400);
    expect(fieldErrorsOf(refused.body)).toMatch(/^changeRequestId: /);
  });

  test("the crawl stops at the page bound; what it found within bounds is counted", async () => {
    allowLocalSite();
    process.env.QUIRE_IMPORT_MAX_PAGES = "2";
    const { admin, space } = await setup();
    const response = await admin.post(`/v1/spaces/${space.id}/content/import`, { url: `${siteUrl}/docs/`, source: "website" });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    // Two pages and the start page's logo.
    expect(response.body).toMatchObject({ importedResources: 3, totalResources: 3 });
    expect((await pagesOf(response.body.revision)).map((page) => page.title)).toEqual(["Introduction", "Welcome to Acme", "Guide"]);
    expect(await db().contentImport.findFirstOrThrow({ where: { spaceId: space.id } })).toMatchObject({ status: "completed", limitReached: "pages" });
    expect(hits.get("/docs/guide/setup")).toBeUndefined();
  });

  test("the crawl stops at the byte bound: what does not fit is out of bounds, not a failure", async () => {
    allowLocalSite();
    const size = (path: string) => Buffer.byteLength(SITE[path]!.body);
    // The home page and the guide fit; the setup page (and the logo) would not.
    process.env.QUIRE_IMPORT_MAX_BYTES = String(size("/docs/") + size("/docs/guide") + 10);
    const { admin, space } = await setup();
    const response = await admin.post(`/v1/spaces/${space.id}/content/import`, { url: `${siteUrl}/docs/`, source: "website" });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ importedResources: 2, totalResources: 2 });
    expect((await pagesOf(response.body.revision)).map((page) => page.title)).toEqual(["Introduction", "Welcome to Acme", "Guide"]);
    expect(await db().contentImport.findFirstOrThrow({ where: { spaceId: space.id } })).toMatchObject({ limitReached: "bytes", failures: [] });
  });

  test("a start page slower than the import's time bound is a 400 naming url", async () => {
    allowLocalSite();
    process.env.QUIRE_IMPORT_TIMEOUT_MS = "1000";
    const { admin, space } = await setup();
    const response = await admin.post(`/v1/spaces/${space.id}/content/import`, { url: `${siteUrl}/slow/`, source: "website" });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/^No complete answer within /);
  });

  test("without the allowlist, a loopback address is refused: 400 naming url, nothing written, nothing fetched", async () => {
    delete process.env.QUIRE_FETCH_ALLOWLIST;
    const { admin, space } = await setup();
    const response = await admin.post(`/v1/spaces/${space.id}/content/import`, { url: `${siteUrl}/docs/`, source: "website" });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/^127\.0\.0\.1 is a private or reserved address/);
    expect(hits.size).toBe(0);
    expect((await db().space.findUniqueOrThrow({ where: { id: space.id } })).revisionId).toBe(space.revision);
    expect(await db().contentImport.findFirstOrThrow({ where: { spaceId: space.id } })).toMatchObject({ status: "failed", errorCode: "bad_request" });
  });

  test("a start page that is not HTML or does not exist is a 400 naming url", async () => {
    allowLocalSite();
    const { admin, space } = await setup();
    const image = await admin.post(`/v1/spaces/${space.id}/content/import`, { url: `${siteUrl}/docs/img/logo.png`, source: "website" });
    expect(image.status).toBe(400);
    expect(image.body.error.message).toBe("Is not an HTML page (it is image/png)");
    const missing = await admin.post(`/v1/spaces/${space.id}/content/import`, { url: `${siteUrl}/docs/nowhere`, source: "website" });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe("The server answered 404");
  });

  test("the body is validated: an http(s) url and a known source", async () => {
    const { admin, space } = await setup();
    const path = `/v1/spaces/${space.id}/content/import`;
    for (const url of ["ftp://example.com/docs", "not a url", "file:///etc/passwd"]) {
      const response = await admin.post(path, { url, source: "website" });
      expect(response.status).toBe(400);
      expect(fieldErrorsOf(response.body)).toMatch(/^url: /);
    }
    const source = await admin.post(path, { url: "https://example.com", source: "docx" });
    expect(source.status).toBe(400);
    expect(fieldErrorsOf(source.body)).toMatch(/^source: /);
    expect(await db().contentImport.count({ where: { spaceId: space.id } })).toBe(0);
  });
});

describe("who may import", () => {
  test("another organization's admin gets 404, for the space and its change requests", async () => {
    allowLocalSite();
    const { tenant, admin, space } = await setup();
    const changeRequest = (await admin.post(`/v1/spaces/${space.id}/change-requests`)).body;
    const stranger = apiClient(api.url, tenant.stranger.token);
    const body = { url: `${siteUrl}/docs/`, source: "website" };
    expect((await stranger.post(`/v1/spaces/${space.id}/content/import`, body)).status).toBe(404);
    expect((await stranger.post(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/import`, body)).status).toBe(404);
    expect(hits.size).toBe(0);
    expect(await db().contentImport.count({ where: { spaceId: space.id } })).toBe(0);
  });

  test("a read member gets 403; a locked space refuses even its admin", async () => {
    allowLocalSite();
    const { tenant, admin, space } = await setup();
    const reader = apiClient(api.url, (await tenant.member("read")).token);
    const body = { url: `${siteUrl}/docs/`, source: "website" };
    expect((await reader.get(`/v1/spaces/${space.id}`)).status).toBe(200);
    expect((await reader.post(`/v1/spaces/${space.id}/content/import`, body)).status).toBe(403);
    expect((await admin.patch(`/v1/spaces/${space.id}`, { editMode: "locked" })).status).toBe(200);
    const locked = await admin.post(`/v1/spaces/${space.id}/content/import`, body);
    expect(locked.status).toBe(403);
    expect(locked.body.error.message).toMatch(/locked/);
    expect(hits.size).toBe(0);
  });
});

describe("the UI's procedures", () => {
  const createCaller = createCallerFactory(appRouter);

  test("start answers at once; get reports progress until the import completes; list shows it", async () => {
    allowLocalSite();
    const { tenant, space } = await setup();
    const admin = createCaller({ actor: { userId: tenant.admin.user.id, via: "session" }, baseUrl: "http://quire.test" });
    const started = await admin.imports.start({ spaceId: space.id, url: `${siteUrl}/docs/` });
    expect(started).toMatchObject({ object: "import-run", status: "pending", source: { type: "website", url: `${siteUrl}/docs/` }, target: { space: space.id } });

    let run = started;
    for (const deadline = Date.now() + 30_000; run.status !== "completed" && run.status !== "failed" && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      run = await admin.imports.get({ spaceId: space.id, importId: started.id });
      expect(run.importedResources).toBeLessThanOrEqual(run.totalResources);
    }
    expect(run).toMatchObject({ status: "completed", importedResources: 5, totalResources: 7, revision: expect.any(String) });
    expect(run.failures.map((failure) => failure.url)).toEqual([`${siteUrl}/docs/missing`, `${siteUrl}/docs/img/diagram.svg`]);
    // The shape a Space's `imports` lists in the reference.
    assertConformsToSchema("ContentImportRun", run);
    assertConformsToSchema("ContentImportRun", started);
    expect((await admin.imports.list({ spaceId: space.id })).map((item) => item.id)).toEqual([started.id]);

    const reader = createCaller({ actor: { userId: (await tenant.member("read")).user.id, via: "session" }, baseUrl: "http://quire.test" });
    expect((await reader.imports.get({ spaceId: space.id, importId: started.id })).status).toBe("completed");
    await expect(reader.imports.start({ spaceId: space.id, url: `${siteUrl}/docs/` })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const stranger = createCaller({ actor: { userId: tenant.stranger.user.id, via: "session" }, baseUrl: "http://quire.test" });
    await expect(stranger.imports.get({ spaceId: space.id, importId: started.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("an import whose server stopped mid-crawl is reported failed, not in progress for ever", async () => {
    const { tenant, space } = await setup();
    const admin = createCaller({ actor: { userId: tenant.admin.user.id, via: "session" }, baseUrl: "http://quire.test" });
    const abandoned = await db().contentImport.create({
      data: { id: newId(), spaceId: space.id, createdById: tenant.admin.user.id, url: "https://example.com/", status: "running", createdAt: new Date(Date.now() - 60 * 60 * 1000) },
    });
    expect(await admin.imports.get({ spaceId: space.id, importId: abandoned.id })).toMatchObject({ status: "failed", reason: "The import stopped before it finished." });
  });
});
