/**
 * `npm run bench`: the production server (own data folder `.data/bench`, jobs off) measured on loopback
 * with autocannon: an authenticated `GET /v1/spaces/{id}` against the framework's floor, `GET /api/health`,
 * in an organization of ORGANIZATION_SPACES spaces. Also the server's cold start and memory. It reports
 * numbers and asserts nothing.
 */
import { newId } from "../server/ids";
import { db } from "../server/db/client";
import { CONNECTIONS, cpuMs, describe, DURATION_S, log, measure, startBenchServer, warmUp, WARMUP_S, type AutocannonResult } from "./app-server";
import { benchToken, populateOrganization, seededAdmin } from "./fixtures";

/** As many spaces as a real organization has, so that nothing growing with them goes unseen. */
const ORGANIZATION_SPACES = 500;

const bench = await startBenchServer("bench");
try {
  const { origin, coldStartMs, rssMiB } = bench;
  const { token, spaceId, granted } = await createFixtures(origin);
  const headers = { Authorization: `Bearer ${token}` };
  const spaceUrl = `${origin}/v1/spaces/${spaceId}`;
  const healthUrl = `${origin}/api/health`;
  const byGrantUrl = `${origin}/v1/spaces/${granted.spaceId}`;
  const byGrantHeaders = { Authorization: `Bearer ${granted.token}` };
  // Every endpoint once before any is measured: the first one would otherwise also pay for loading the
  // route's code and compiling the code all requests share.
  for (const [url, endpointHeaders] of [[spaceUrl, headers], [byGrantUrl, byGrantHeaders], [healthUrl, {}]] as const) await warmUp(url, url, endpointHeaders);
  // The server's CPU per request (warm-up included), beside the throughput: what a request costs, whatever else the machine runs.
  const measured = async (label: string, url: string, headers: Record<string, string>) => {
    const before = cpuMs(bench.pid);
    const result = await measure(label, url, headers);
    return { ...result, cpuPerRequest: (cpuMs(bench.pid) - before) / (result.requests.total * (1 + WARMUP_S / DURATION_S)) };
  };
  const space = await measured("GET /v1/spaces/{spaceId}", spaceUrl, headers);
  const byGrant = await measured("GET /v1/spaces/{spaceId} by a team grant", byGrantUrl, byGrantHeaders);
  const health = await measured("GET /api/health", healthUrl, {});
  const cpu = (result: AutocannonResult & { cpuPerRequest: number }) => `${result.cpuPerRequest.toFixed(2)} ms`;

  console.log(`\nQuire benchmark: the app server on loopback, ${CONNECTIONS} connections, ${DURATION_S} s per endpoint after ${WARMUP_S} s of warm-up, ${ORGANIZATION_SPACES} more spaces in the organization`);
  console.log(`  GET /v1/spaces/{spaceId} (authenticated): ${describe(space)}`);
  console.log(`  GET /api/health (framework floor):        ${describe(health)}`);
  console.log(`  GET /v1/spaces/{spaceId} (a guest whose access is a team grant three collections up): ${describe(byGrant)}`);
  console.log(`  ratio space / health: ${(space.requests.average / health.requests.average).toFixed(2)} (admin), ${(byGrant.requests.average / health.requests.average).toFixed(2)} (team grant) (goal ≥ 0.6)`);
  console.log(`  server CPU per request (about: each one's own warm-up included): ${cpu(space)} (admin), ${cpu(byGrant)} (team grant), ${cpu(health)} (health); as a ratio of health's: ${(health.cpuPerRequest / space.cpuPerRequest).toFixed(2)}, ${(health.cpuPerRequest / byGrant.cpuPerRequest).toFixed(2)}`);
  console.log(`  cold start (spawn of the app server to first 200 of /api/health, build excluded): ${Math.round(coldStartMs)} ms`);
  console.log(`  server RSS after start (VmRSS of the app server): ${rssMiB.toFixed(0)} MiB`);
} finally {
  await bench.stop();
}
process.exit(0);

/**
 * A token for the seeded admin (the `token` command's path) and a space created through the API,
 * with open comments and published by a site; a guest whose only access is a team's grant on a
 * collection three levels above a space; and around them ORGANIZATION_SPACES spaces, collections,
 * teams and grants (the guest in every team), so that the access rules have work to do.
 */
async function createFixtures(origin: string) {
  const admin = await seededAdmin();
  const token = await benchToken(admin.userId);
  const post = async (path: string, body: object) => {
    const response = await fetch(`${origin}/v1${path}`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
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
  const guestToken = await benchToken(guest.id);
  for (const markdown of ["Is this up to date?", "See the **Deep** space too."]) await post(`/spaces/${space.id}/comments`, { body: { markdown } });
  const site = await post(`/orgs/${organizationId}/sites`, { title: "Benchmark docs", spaces: [space.id] });
  await post(`/orgs/${organizationId}/sites/${site.id}/publish`, {});
  log(`Adding ${ORGANIZATION_SPACES} spaces, their collections, teams and grants…`);
  await populateOrganization(organizationId, { spaces: ORGANIZATION_SPACES, teamsOf: [guest.id] });
  await db().$disconnect();
  return { token, spaceId: space.id, granted: { token: guestToken, spaceId: deep.id } };
}
