/**
 * `npm run bench` (published sites): a public site of 1,000 pages served by the production server,
 * beside the admin reader of the same space — throughput of a typical page against the framework's
 * floor (`GET /api/health`, measured in the same run), p99 latency at 20 connections, and what a
 * browser transfers for that page (HTML and CSS, and JavaScript, as compressed on the wire).
 * Reports numbers and asserts nothing.
 */
import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { db } from "../server/db/client";
import { CONNECTIONS, describe, DURATION_S, log, measure, startBenchServer, WARMUP_S } from "./app-server";
import { benchToken, seededAdmin, signIn, spaceWithPages, typicalPageBody } from "./fixtures";

const PAGES = 1_000;
// A typical page: three levels down (page-3 › page-49 › page-500), in the middle of the tree.
const TYPICAL_PAGE = 500;
const TYPICAL_PATH = "page-3/page-49/page-500";

// The seeded admin signs in to the admin reader with this password.
process.env.QUIRE_ADMIN_EMAIL = "bench-admin@example.test";
process.env.QUIRE_ADMIN_PASSWORD = "bench-admin-password";

const bench = await startBenchServer("bench-published");
try {
  const { origin } = bench;
  const { organizationId, spaceId, pageId, basename } = await createPublishedSite(origin);
  const publishedUrl = `${origin}/${basename}/${TYPICAL_PATH}`;
  const readerUrl = `${origin}/o/${organizationId}/s/${spaceId}/p/${pageId}`;
  const session = await signIn(origin);

  const health = await measure("GET /api/health", `${origin}/api/health`);
  const published = await measure("a published page", publishedUrl, { "Accept-Encoding": "br, gzip" });
  const reader = await measure("the admin reader's page", readerUrl, { Cookie: session, "Accept-Encoding": "br, gzip" });
  const publishedSize = await transferred(publishedUrl, {});
  const readerSize = await transferred(readerUrl, { Cookie: session });

  const ratio = (result: typeof health) => (result.requests.average / health.requests.average).toFixed(2);
  console.log(`\nQuire benchmark, published sites: a public site of ${PAGES} pages, ${CONNECTIONS} connections, ${DURATION_S} s per URL after ${WARMUP_S} s of warm-up`);
  console.log(`  GET /api/health (framework floor):          ${describe(health)}`);
  console.log(`  published page (/${basename}/${TYPICAL_PATH}): ${describe(published)}`);
  console.log(`  admin reader (same page, signed in):        ${describe(reader)}`);
  console.log(`  throughput ratio to the floor: published ${ratio(published)} (goal ≥ 0.5), admin reader ${ratio(reader)}`);
  console.log(`  transferred, compressed: published ${describeSize(publishedSize)}`);
  console.log(`                           admin reader ${describeSize(readerSize)}`);
  console.log(`  goal for a published page: HTML + CSS ≤ 60 KB, JavaScript ≤ 50 KB`);
} finally {
  await bench.stop();
}
process.exit(0);

/** A space of PAGES pages with realistic bodies, in a public site created and published through /v1. */
async function createPublishedSite(origin: string) {
  const admin = await seededAdmin();
  const token = await benchToken(admin.userId);
  log(`Generating a ${PAGES}-page space…`);
  const space = await spaceWithPages(admin.organizationId, PAGES, { markdown: typicalPageBody });
  const call = async (path: string, body: object) => {
    const response = await fetch(`${origin}/v1${path}`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { id: string; basename?: string };
  };
  const site = await call(`/orgs/${admin.organizationId}/sites`, { title: "Benchmark docs", spaces: [space.id] });
  await call(`/orgs/${admin.organizationId}/sites/${site.id}/publish`, {});
  const { basename } = await db().site.findUniqueOrThrow({ where: { id: site.id }, select: { basename: true } });
  await db().$disconnect();
  const check = await fetch(`${origin}/${basename}/${TYPICAL_PATH}`);
  if (check.status !== 200) throw new Error(`The typical published page answered ${check.status}`);
  return { organizationId: admin.organizationId, spaceId: space.id, pageId: space.pageIds[TYPICAL_PAGE]!, basename };
}

type Transfer = { html: number; css: number; js: number; files: number };

/** Bytes on the wire (compressed, as a browser asking for br/gzip gets them) of a page, its stylesheets and its scripts. */
async function transferred(url: string, headers: Record<string, string>): Promise<Transfer> {
  const page = await rawGet(url, headers);
  const html = page.body.toString("utf8");
  const assets = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((match) => new URL(match[1]!.replaceAll("&amp;", "&"), url).href))];
  // Attribute values in our HTML and in Next's are double-quoted; both patterns are linear (no nested quantifiers).
  const styles = assets(/<link[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g).concat(assets(/<link[^>]*\bhref="([^"]+\.css[^"]*)"[^>]*\brel="stylesheet"/g));
  const scripts = assets(/<script[^>]*\bsrc="([^"]+)"/g);
  const sizes = async (urls: string[]) => (await Promise.all([...new Set(urls)].map((asset) => rawGet(asset, headers)))).reduce((sum, asset) => sum + asset.wireBytes, 0);
  return { html: page.wireBytes, css: await sizes(styles), js: await sizes(scripts), files: 1 + new Set(styles).size + scripts.length };
}

/** A GET whose body is counted as sent (still compressed) and returned decoded. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ wireBytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { ...headers, "Accept-Encoding": "br, gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        if (res.statusCode !== 200) return reject(new Error(`GET ${url} answered ${res.statusCode}`));
        const wire = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const body = encoding === "br" ? brotliDecompressSync(wire) : encoding === "gzip" ? gunzipSync(wire) : wire;
        resolve({ wireBytes: wire.length, body });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

function describeSize(size: Transfer): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return `HTML ${kb(size.html)} + CSS ${kb(size.css)} = ${kb(size.html + size.css)}, JavaScript ${kb(size.js)} (${size.files} files)`;
}
