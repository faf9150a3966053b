/**
 * `npm run bench` (admin pages): the production server with a space of 100 realistic pages in a
 * collection, a change request on it and a site. It reports
 * - the admin reader's throughput (a page of that space, signed in) against the framework's floor
 *   (`GET /api/health`) in the same run, with autocannon;
 * - for each admin page, in Debian's Chromium: the time from navigation start until the page's main
 *   landmark holds its content (its heading or editor there, no loading spinner left), first in a
 *   fresh browser profile and then the median of warm reloads; the JavaScript it loads (compressed
 *   bytes on the wire); and the prefetches Next made while the page was only looked at.
 * Reports numbers and asserts nothing.
 */
import { chromium, type Page, type Request } from "playwright-core";
import { db } from "../server/db/client";
import { CONNECTIONS, describe, DURATION_S, log, measure, startBenchServer, WARMUP_S } from "./app-server";
import { benchToken, pageWord, seededAdmin, signIn, spaceWithPages } from "./fixtures";

const PAGES = 100;
const WARM_VIEWS = 5;
const TARGET_MS = 300;
const QUIET_MS = 1_000;

process.env.QUIRE_ADMIN_EMAIL = "bench-admin@example.test";
process.env.QUIRE_ADMIN_PASSWORD = "bench-admin-password";

/** What shows that a page's main content is on screen: a selector inside `main` (and no spinner left there). */
type AdminPage = { name: string; path: string; content: string };

const bench = await startBenchServer("bench-admin");
try {
  const { origin } = bench;
  const fixtures = await createFixtures(origin);
  const session = await signIn(origin);
  const o = `/o/${fixtures.organizationId}`;
  const s = `${o}/s/${fixtures.spaceId}`;
  const pages: AdminPage[] = [
    { name: "home", path: o, content: "h1" },
    { name: "collection", path: `${o}/c/${fixtures.collectionId}`, content: "h1" },
    { name: "space content", path: `${s}/content`, content: "#page-title" },
    { name: "a page in the reader", path: `${s}/p/${fixtures.pageId}`, content: "#page-title" },
    { name: "change requests", path: `${s}/change-requests`, content: `a[href$="/change-requests/${fixtures.changeRequest}"]` },
    { name: "a change request", path: `${s}/change-requests/${fixtures.changeRequest}`, content: "#reviews-title" },
    { name: "the editor", path: `${s}/change-requests/${fixtures.changeRequest}/edit`, content: ".ProseMirror" },
    { name: "people", path: `${o}/people`, content: "table tbody tr td" },
    { name: "teams", path: `${o}/people/teams`, content: "h1" },
    { name: "settings", path: `${o}/settings`, content: "form" },
    { name: "sites", path: `${o}/sites`, content: `a[href$="/sites/${fixtures.siteId}"]` },
    { name: "a site", path: `${o}/sites/${fixtures.siteId}`, content: "h1" },
    { name: "integrations", path: `${o}/integrations`, content: "h1" },
    { name: "webhooks", path: `${o}/webhooks`, content: "h1" },
  ];

  const readerUrl = `${origin}${s}/p/${fixtures.pageId}`;
  const health = await measure("GET /api/health", `${origin}/api/health`);
  const reader = await measure("the admin reader's page", readerUrl, { Cookie: session, "Accept-Encoding": "br, gzip" });
  const views = await viewPages(origin, session, pages);

  console.log(`\nQuire benchmark, admin pages: a space of ${PAGES} pages, ${CONNECTIONS} connections, ${DURATION_S} s per URL after ${WARMUP_S} s of warm-up`);
  console.log(`  GET /api/health (framework floor): ${describe(health)}`);
  console.log(`  admin reader (a page, signed in):  ${describe(reader)}`);
  console.log(`  admin reader / floor: ${(reader.requests.average / health.requests.average).toFixed(2)} (goal ≥ 0.3)`);
  console.log(`\n  Time to main content (navigation start → main holds the content; goal ≤ ${TARGET_MS} ms), JavaScript (compressed), prefetches on sight:`);
  console.log(`  ${"page".padEnd(22)} ${"first".padStart(7)} ${"warm".padStart(7)} ${"JS KB".padStart(7)} ${"prefetches".padStart(10)}`);
  for (const view of views) {
    console.log(`  ${view.name.padEnd(22)} ${`${view.firstMs}`.padStart(7)} ${`${view.warmMs}`.padStart(7)} ${(view.scriptBytes / 1024).toFixed(1).padStart(7)} ${`${view.prefetches}`.padStart(10)}`);
  }
  console.log(`  goals: JavaScript ≤ 150 KB (≤ 300 KB with the editor), no prefetch until a link is pointed at`);
} finally {
  await bench.stop();
}
process.exit(0);

/** The admin's organization, a collection holding a space of PAGES pages, a change request editing one of them, and a site. */
async function createFixtures(origin: string) {
  const admin = await seededAdmin();
  const organizationId = admin.organizationId;
  const token = await benchToken(admin.userId);
  const call = async (path: string, body: object) => {
    const response = await fetch(`${origin}/v1${path}`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { id: string; number?: number };
  };
  log(`Generating a ${PAGES}-page space…`);
  const collection = await call(`/orgs/${organizationId}/collections`, { title: "Guides" });
  const space = await spaceWithPages(organizationId, PAGES, { markdown: (i) => `# Page ${i}\n\n${guideBody(i)}` });
  await db().space.update({ where: { id: space.id }, data: { parentId: collection.id } });
  const pageId = space.pageIds[12]!;
  const changeRequest = await call(`/spaces/${space.id}/change-requests`, { subject: "Clearer steps" });
  await call(`/spaces/${space.id}/change-requests/${changeRequest.id}/content`, {
    changes: [{ operation: "update_page", page: pageId, document: { markdown: `# Clearer steps\n\n${guideBody(1)}` } }],
  });
  const site = await call(`/orgs/${organizationId}/sites`, { title: "Benchmark docs", spaces: [space.id] });
  await db().$disconnect();
  return { organizationId, collectionId: collection.id, spaceId: space.id, pageId, changeRequest: changeRequest.number!, siteId: site.id };
}

/** A few paragraphs, a list and a code block: a guide page of about 1 KB. */
function guideBody(i: number): string {
  const word = (n: number) => pageWord(i, n);
  const paragraph = (n: number) => `To ${word(n)} the ${word(n + 1)}, open the ${word(n + 2)} settings and choose how the ${word(n + 3)} should ${word(n + 4)}.`;
  return [paragraph(1), `## Steps`, `1. Open **Settings**.\n2. Select the ${word(5)} tab.\n3. Save.`, paragraph(6), "```ts\nconst result = await client." + word(7) + "();\n```", paragraph(8)].join("\n\n");
}

type View = { name: string; firstMs: number; warmMs: number; scriptBytes: number; prefetches: number };

/** Each page in a fresh browser profile (its first view: JavaScript and prefetches counted), then WARM_VIEWS reloads. */
async function viewPages(origin: string, session: string, pages: AdminPage[]): Promise<View[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const equals = session.indexOf("=");
  const [name, value] = [session.slice(0, equals), session.slice(equals + 1)];
  const views: View[] = [];
  try {
    for (const adminPage of pages) {
      log(`Viewing ${adminPage.name}…`);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addCookies([{ name, value, url: origin }]);
      const page = await context.newPage();
      const scripts: Promise<number>[] = [];
      let prefetches = 0;
      const inFlight = new Set<Request>();
      page.on("request", (request) => {
        // The live stream of a space's screens stays open: it is not loading.
        if (!new URL(request.url()).pathname.startsWith("/api/live")) inFlight.add(request);
        if (request.headers()["next-router-prefetch"]) prefetches++;
      });
      page.on("requestfailed", (request) => inFlight.delete(request));
      page.on("requestfinished", (request) => {
        inFlight.delete(request);
        if (request.resourceType() === "script") scripts.push(request.sizes().then((sizes) => sizes.responseBodySize));
      });
      const firstMs = await timeToContent(page, origin + adminPage.path, adminPage.content);
      await quiet(page, inFlight);
      const scriptBytes = (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0);
      const warm: number[] = [];
      for (let i = 0; i < WARM_VIEWS; i++) warm.push(await timeToContent(page, origin + adminPage.path, adminPage.content));
      views.push({ name: adminPage.name, firstMs, warmMs: median(warm), scriptBytes, prefetches });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return views;
}

/** Navigates to `url` and answers, in ms since its navigation started, when `main` first held `content` with no spinner left in it. */
async function timeToContent(page: Page, url: string, content: string): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  const at = await page.waitForFunction(
    (selector) => {
      const main = document.querySelector("main");
      const shown = main?.querySelector(selector);
      const loading = main?.querySelector('[role="status"] .animate-spin');
      return shown && shown.getClientRects().length > 0 && !loading ? performance.now() : false;
    },
    content,
    { polling: "raf", timeout: 30_000 },
  );
  return Math.round((await at.jsonValue()) as number);
}

/** Waits until no request (but the live stream) has been in flight for QUIET_MS: what the page loads after its content, prefetches included, is then counted. */
async function quiet(page: Page, inFlight: Set<Request>): Promise<void> {
  let quietSince = performance.now();
  while (performance.now() - quietSince < QUIET_MS) {
    await page.waitForTimeout(50);
    if (inFlight.size > 0) quietSince = performance.now();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
