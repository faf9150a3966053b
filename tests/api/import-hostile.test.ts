import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { startWorkers } from "../../server/jobs/workers";
import { createTenant, pagesOf } from "../helpers/factories";
import { MAX_STALL_MS } from "../helpers/measure-stall";
import { callRouter } from "../helpers/stalls";

/**
 * A website import reads and converts whatever HTML the site sends: a page of megabytes took 12 s of
 * the event loop, and deep nesting overflowed the stack. Now the HTML workers do it, each page within
 * its bounds, and the server answers others meanwhile.
 */

const page = (title: string, content: string) => `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1>${content}</main></body></html>`;
const paragraph = "<p>Some <b>bold</b> text with <a href='/hostile/ok'>a link</a> and <code>code</code>.</p><ul><li>one</li><li>two</li></ul>\n";
const SITE: Record<string, string> = {
  "/hostile/": page("Home", ["ok", "deep", "quotes", "large", "huge"].map((name) => `<a href="/hostile/${name}">${name}</a>`).join(" ")),
  "/hostile/ok": page("Fine", "<p>A page like any other.</p>"),
  "/hostile/deep": page("Deep", `${"<div>".repeat(20_000)}x${"</div>".repeat(20_000)}`),
  "/hostile/quotes": page("Quotes", `${"<blockquote>".repeat(5_000)}x${"</blockquote>".repeat(5_000)}`),
  "/hostile/large": page("Large", paragraph.repeat(Math.ceil((1.5 * 1024 * 1024) / paragraph.length))),
  "/hostile/huge": page("Huge", paragraph.repeat(Math.ceil((3 * 1024 * 1024) / paragraph.length))),
};

let site: Server;
let siteUrl: string;
const allowlist = process.env.QUIRE_FETCH_ALLOWLIST;
beforeAll(async () => {
  site = createServer((req, res) => {
    const body = SITE[new URL(req.url ?? "/", "http://site").pathname];
    if (body) res.writeHead(200, { "Content-Type": "text/html" }).end(body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  process.env.QUIRE_FETCH_ALLOWLIST = "127.0.0.1";
  await startWorkers();
});
afterAll(async () => {
  if (allowlist === undefined) delete process.env.QUIRE_FETCH_ALLOWLIST;
  else process.env.QUIRE_FETCH_ALLOWLIST = allowlist;
  await new Promise((resolve) => site.close(resolve));
});

test("hostile HTML is read and converted off the event loop: pages past the workers' bounds are failures of the import, the rest is imported", async () => {
  const tenant = await createTenant();
  const importOnce = async () => {
    const space = (await callRouter(tenant.admin.token, "POST", `/v1/orgs/${tenant.organization.id}/spaces`, { title: "Imported", empty: true })).body;
    const answer = await callRouter(tenant.admin.token, "POST", `/v1/spaces/${space.id}/content/import`, { url: `${siteUrl}/hostile/`, source: "website" });
    return { space, imported: answer };
  };
  let { space, imported } = await importOnce();
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
  // Megabytes pass through this process (fetched, then handed to the worker), and on a busy two-core
  // machine a garbage collection or a neighbour's burst can once exceed the bound; a stall of our
  // making (the 12 s this test was written against) recurs, so a second import must also stay under it.
  if (imported.stallMs > MAX_STALL_MS) ({ space, imported } = await importOnce());
  expect(imported.stallMs).toBeLessThanOrEqual(MAX_STALL_MS);

  const titles = (await pagesOf(imported.body.revision)).map((each) => [each.title, each.markdown.length > 0]);
  expect(titles).toEqual(expect.arrayContaining([["Home", true], ["Fine", true]]));
  const record = await db().contentImport.findFirstOrThrow({ where: { spaceId: space.id } });
  const failures = record.failures as { url: string; reason: string }[];
  const reasonFor = (name: string) => failures.find((failure) => failure.url.endsWith(`/hostile/${name}`))?.reason;
  // Too deep for the parser's stack, its markdown deeper than a page may nest, or past the time budget
  // (which one depends on the machine's load): a failure naming why, never a crash.
  expect(reasonFor("deep")).toMatch(/nested too deeply|nested deeper than|too complex to (read|convert) within 10 s/);
  expect(reasonFor("quotes")).toMatch(/nested too deeply|nested deeper than|too complex to (read|convert) within 10 s/);
  // 1.5 MB of HTML is read, but makes more markdown than a page holds: the page keeps its place and title, empty.
  expect(reasonFor("large")).toBe("its content as markdown is larger than 512 KiB");
  expect(titles).toEqual(expect.arrayContaining([["Large", false]]));
  // Past 2 MB, a page's HTML is not read at all.
  expect(reasonFor("huge")).toBe("its HTML is larger than 2 MB");
}, 120_000);
