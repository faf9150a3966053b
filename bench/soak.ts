/**
 * `npm run bench` (memory): the app server's resident memory through a mixed soak — after start, at its
 * peak during BENCH_SOAK_SECONDS (180 by default) at 20 connections, and after BENCH_SOAK_IDLE_SECONDS
 * (60) of idleness. Each connection cycles through the API read (`GET /v1/spaces/{id}`), a list of the
 * organization's spaces, a published page, a search and the admin reader's page, over varied pages and
 * words, in an organization of 500 spaces. Reports numbers and asserts nothing.
 */
import { createRequire } from "node:module";
import { db } from "../server/db/client";
import { CONNECTIONS, log, residentMiB, startBenchServer, type AutocannonResult } from "./app-server";
import { benchToken, pageWord, populateOrganization, seededAdmin, signIn, spaceWithPages, typicalPageBody } from "./fixtures";

const SOAK_S = Number(process.env.BENCH_SOAK_SECONDS ?? 180);
const IDLE_S = Number(process.env.BENCH_SOAK_IDLE_SECONDS ?? 60);
const ORGANIZATION_SPACES = 500;
/** Pages of the published space (and of the admin reader's): enough that caches meet many different pages. */
const PAGES = 300;

type SoakRequest = { method: "GET"; path: string; headers: Record<string, string>; setupRequest?: (request: { path: string }) => { path: string } };
type Autocannon = (options: { url: string; connections: number; duration: number; requests: SoakRequest[] }) => Promise<AutocannonResult & { "2xx": number }>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

process.env.QUIRE_ADMIN_EMAIL = "bench-admin@example.test";
process.env.QUIRE_ADMIN_PASSWORD = "bench-admin-password";

const bench = await startBenchServer("bench-soak");
try {
  const { origin, pid } = bench;
  const fixtures = await createFixtures(origin);
  const session = await signIn(origin);
  const afterSetup = residentMiB(pid);

  // Varied pages and words, so that caches fill as real traffic fills them.
  let turn = 0;
  const next = (count: number) => turn++ % count;
  const api = { Authorization: `Bearer ${fixtures.token}` };
  const requests: SoakRequest[] = [
    { method: "GET", path: `/v1/spaces/${fixtures.spaceId}`, headers: api },
    { method: "GET", path: `/v1/orgs/${fixtures.organizationId}/spaces?limit=50`, headers: api },
    { method: "GET", path: "/", headers: { "Accept-Encoding": "br, gzip" }, setupRequest: (request) => ({ ...request, path: `/${fixtures.basename}/${fixtures.pagePaths[next(PAGES)]}` }) },
    { method: "GET", path: "/", headers: api, setupRequest: (request) => ({ ...request, path: `/v1/spaces/${fixtures.spaceId}/search?query=${pageWord(next(97), 3)}` }) },
    { method: "GET", path: "/", headers: { Cookie: session, "Accept-Encoding": "br, gzip" }, setupRequest: (request) => ({ ...request, path: `/o/${fixtures.organizationId}/s/${fixtures.spaceId}/p/${fixtures.pageIds[next(PAGES)]}` }) },
  ];

  log(`Soaking for ${SOAK_S} s at ${CONNECTIONS} connections…`);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(residentMiB(pid)), 1000);
  const soak = await autocannon({ url: origin, connections: CONNECTIONS, duration: SOAK_S, requests });
  clearInterval(sampler);
  const afterSoak = residentMiB(pid);
  // The kernel's high-water mark: the peak even between two samples.
  const peak = residentMiB(pid, "VmHWM");
  log(`Idle for ${IDLE_S} s…`);
  await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
  const afterIdle = residentMiB(pid);

  const mb = (mib: number) => `${((mib * 1024 * 1024) / 1e6).toFixed(0)} MB`;
  console.log(`\nQuire benchmark, memory: the app server's resident memory (VmRSS) through a ${SOAK_S} s mixed soak at ${CONNECTIONS} connections`);
  console.log(`  mix per connection: the API read, a list of 50 spaces, a published page (of ${PAGES}), a search, the admin reader's page (of ${PAGES}); ${ORGANIZATION_SPACES} more spaces in the organization`);
  console.log(`  ${soak.requests.total} requests (${(soak.requests.total / SOAK_S).toFixed(0)}/s), ${soak.non2xx} non-2xx, ${soak.errors} errors, ${soak.timeouts} timeouts; latency p50 ${soak.latency.p50} ms, p99 ${soak.latency.p99} ms`);
  console.log(`  after start: ${mb(bench.rssMiB)}; after setup (fixtures, sign-in): ${mb(afterSetup)}`);
  console.log(`  peak during the soak: ${mb(peak)} (goal ≤ 500 MB); sampled each second: median ${mb(median(samples))}`);
  console.log(`  at the soak's end: ${mb(afterSoak)}; after ${IDLE_S} s idle: ${mb(afterIdle)} (goal ≤ 300 MB)`);
} finally {
  await bench.stop();
}
process.exit(0);

/** The organization of 500 spaces, a published site of PAGES pages (read by the admin reader too), and a token of the admin. */
async function createFixtures(origin: string) {
  const admin = await seededAdmin();
  const organizationId = admin.organizationId;
  const token = await benchToken(admin.userId);
  log(`Generating a ${PAGES}-page space and ${ORGANIZATION_SPACES} more spaces…`);
  const space = await spaceWithPages(organizationId, PAGES, { markdown: typicalPageBody });
  await populateOrganization(organizationId, { spaces: ORGANIZATION_SPACES });
  const post = async (path: string, body: object) => {
    const response = await fetch(`${origin}/v1${path}`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
  const site = await post(`/orgs/${organizationId}/sites`, { title: "Benchmark docs", spaces: [space.id] });
  await post(`/orgs/${organizationId}/sites/${site.id}/publish`, {});
  const { basename } = await db().site.findUniqueOrThrow({ where: { id: site.id }, select: { basename: true } });
  await db().$disconnect();
  return { organizationId, token, spaceId: space.id, pageIds: space.pageIds, pagePaths: space.pageIds.map((_, i) => pagePath(i)), basename };
}

/** The published path of page `i` of `spaceWithPages`: ten at the top, ten under each page in order. */
function pagePath(i: number): string {
  const slugs: string[] = [];
  for (let at = i; ; at = Math.floor(at / 10) - 1) {
    slugs.unshift(`page-${at}`);
    if (at < 10) break;
  }
  return slugs.join("/");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
