/**
 * `npm run bench`: the production server (own data folder `.data/bench`, jobs off) measured on loopback
 * with autocannon: an authenticated `GET /v1/spaces/{id}` and a page of a 1,000-page published site
 * against the framework's floor, `GET /api/health`.
 * Also the server's cold start and memory. It reports numbers and asserts nothing.
 */
import http from "node:http";
import { createRequire } from "node:module";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { commitRevision, currentRevision } from "../server/content/revisions";
import { newId } from "../server/ids";
import { db } from "../server/db/client";
import { freePort } from "../server/db/embedded";
import { removeDataFolder } from "../server/db/embedded-location";
import { openDatabase } from "../server/db/runtime";
import { createApiToken } from "../server/tokens/api-tokens";
import { authSecret, buildIsStale, exitCode, prepareDatabase, spawnNext, spawnServer, waitUntilServing } from "../scripts/app-server";

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
type Autocannon = (options: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<AutocannonResult>;
// autocannon ships no types; this is the part we use.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const CONNECTIONS = 20;
const DURATION_S = 10;
const WARMUP_S = 3;
const log = (line: string) => console.error(line);

process.env.QUIRE_DATA_DIR = path.resolve(".data/bench");
// A fresh database each run: figures never depend on what an earlier run (or schema) left.
removeDataFolder(process.env.QUIRE_DATA_DIR);
mkdirSync(process.env.QUIRE_DATA_DIR, { recursive: true });
const database = await openDatabase({ reuseRunning: false });
let server: Awaited<ReturnType<typeof spawnServer>> | undefined;
try {
  await prepareDatabase(database.url, log);
  if (buildIsStale()) {
    log("Building… (not part of any measurement)");
    if ((await exitCode(spawnNext(["build"], ["ignore", 2, 2]))) !== 0) throw new Error("next build failed");
  }

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  server = await spawnServer({
    dev: false,
    stdio: ["ignore", "ignore", "inherit"],
    env: { PORT: String(port), DATABASE_URL: database.url, NEXTAUTH_URL: origin, NEXTAUTH_SECRET: authSecret(), QUIRE_DISABLE_JOBS: "1" },
  });
  await waitUntilServing(port, 10);
  const coldStartMs = performance.now() - spawnedAt;
  const rssMiB = residentMiB(server.pid!);

  const { token, spaceId, granted, site } = await createFixtures(origin);
  const headers = { Authorization: `Bearer ${token}` };
  const spaceUrl = `${origin}/v1/spaces/${spaceId}`;
  const healthUrl = `${origin}/api/health`;
  const space = await measure("GET /v1/spaces/{spaceId}", spaceUrl, headers);
  const byGrant = await measure("GET /v1/spaces/{spaceId} by a team grant", `${origin}/v1/spaces/${granted.spaceId}`, { Authorization: `Bearer ${granted.token}` });
  const health = await measure("GET /api/health", healthUrl, {});
  const sitePageUrl = `${origin}/${site.basename}/page-500`;
  const sitePage = await measure("GET a page of a 1,000-page published site", sitePageUrl, { "Accept-Encoding": "br, gzip" });
  const transferred = await transferredBytes(sitePageUrl);

  console.log(`\nQuire benchmark: the app server on loopback, ${CONNECTIONS} connections, ${DURATION_S} s per endpoint after ${WARMUP_S} s of warm-up`);
  console.log(`  GET /v1/spaces/{spaceId} (authenticated): ${describe(space)}`);
  console.log(`  GET /api/health (framework floor):        ${describe(health)}`);
  console.log(`  GET /v1/spaces/{spaceId} (a guest whose access is a team grant three collections up): ${describe(byGrant)}`);
  console.log(`  ratio space / health: ${(space.requests.average / health.requests.average).toFixed(2)} (admin), ${(byGrant.requests.average / health.requests.average).toFixed(2)} (team grant)`);
  console.log(`  GET /<site>/page-500 (a cached page of a 1,000-page public published site, brotli): ${describe(sitePage)}`);
  console.log(`  ratio site page / health: ${(sitePage.requests.average / health.requests.average).toFixed(2)} (goal ≥ 0.5); the page's HTML on the wire: ${(transferred / 1024).toFixed(1)} KB brotli`);
  console.log(`  cold start (spawn of the app server to first 200 of /api/health, build excluded): ${Math.round(coldStartMs)} ms`);
  console.log(`  server RSS after start (VmRSS of the app server): ${rssMiB.toFixed(0)} MiB`);
} finally {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await exitCode(server);
  }
  await database.stop();
}
process.exit(0);

/**
 * A token for the seeded admin (the `token` command's path) and a space created through the API;
 * and a guest whose only access is a team's grant on a collection three levels above a space.
 */
async function createFixtures(origin: string) {
  const admin = await db().member.findFirstOrThrow({ where: { role: "admin" }, orderBy: { joinedAt: "asc" } });
  const { token } = await createApiToken({ userId: admin.userId, via: "system" }, { name: "bench" });
  const post = async (path: string, body: object) => {
    const response = await fetch(`${origin}/v1${path}`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
  const organizationId = admin.organizationId;
  const space = await post(`/orgs/${organizationId}/spaces`, { title: "Benchmark space" });
  const top = await post(`/orgs/${organizationId}/collections`, { title: "Top" });
  const middle = await post(`/orgs/${organizationId}/collections`, { title: "Middle", parent: top.id });
  const bottom = await post(`/orgs/${organizationId}/collections`, { title: "Bottom", parent: middle.id });
  const deep = await post(`/orgs/${organizationId}/spaces`, { title: "Deep", parent: bottom.id });
  const guest = await db().user.create({ data: { id: newId(), email: "bench-guest@example.test", displayName: "Guest" } });
  await db().member.create({ data: { organizationId, userId: guest.id, role: null } });
  const team = await db().team.create({ data: { id: newId(), organizationId, title: "Readers" } });
  await db().teamMember.create({ data: { teamId: team.id, userId: guest.id } });
  await db().contentGrant.create({ data: { id: newId(), organizationId, collectionId: top.id, teamId: team.id, role: "edit" } });
  const guestToken = (await createApiToken({ userId: guest.id, via: "system" }, { name: "bench" })).token;
  const site = await publishedSiteFixture(origin, token, organizationId, post);
  await db().$disconnect();
  return { token, spaceId: space.id, granted: { token: guestToken, spaceId: deep.id }, site };
}

/** A public site over a space of 1,000 pages (written straight to the store: the API path is not what is measured), published. */
async function publishedSiteFixture(origin: string, token: string, organizationId: string, post: (path: string, body: object) => Promise<{ id: string }>) {
  const docs = await post(`/orgs/${organizationId}/spaces`, { title: "Published docs" });
  await db().$transaction(
    async (tx) => {
      const stored = await tx.space.findUniqueOrThrow({ where: { id: docs.id } });
      const base = await currentRevision(tx, stored);
      const now = new Date().toISOString();
      const put = Array.from({ length: 1000 }, (_, index) => ({
        id: newId(),
        title: `Page ${index}`,
        slug: `page-${index}`,
        parentId: null,
        sortKey: index + 1,
        markdown: `# Page ${index}\n\n${"A typical paragraph of documentation, with a [link](https://example.com) and some \`code\`. ".repeat(12)}\n\n## Details\n\n- one\n- two\n- three\n`,
        createdAt: now,
        updatedAt: now,
      }));
      const revision = await commitRevision(tx, { spaceId: docs.id, base, parents: [base.id], put });
      await tx.space.update({ where: { id: docs.id }, data: { revisionId: revision.id } });
    },
    { timeout: 300_000 },
  );
  const site = (await post(`/orgs/${organizationId}/sites`, { title: "Benchmark docs", visibility: "public", spaces: [docs.id] })) as { id: string; basename?: string };
  const published = await fetch(`${origin}/v1/orgs/${organizationId}/sites/${site.id}/publish`, { method: "POST", headers: { Authorization: `Bearer ${token}` } });
  if (!published.ok) throw new Error(`Publishing the benchmark site answered ${published.status}`);
  return { basename: site.basename! };
}

/** Bytes of a response body as sent (brotli accepted), read off the socket: fetch would decode it. */
function transferredBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "br, gzip" } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

async function measure(label: string, url: string, headers: Record<string, string>): Promise<AutocannonResult> {
  log(`Warming up ${label}…`);
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP_S });
  log(`Measuring ${label} for ${DURATION_S} s…`);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts: the numbers would be meaningless`);
  }
  return result;
}

function describe(result: AutocannonResult): string {
  return `${result.requests.average.toFixed(0)} req/s (latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.total} requests)`;
}

function residentMiB(pid: number): number {
  const kib = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m)?.[1];
  return Number(kib) / 1024;
}
