/**
 * `npm run bench`: the production server (own data folder `.data/bench`, jobs off) measured on loopback
 * with autocannon: an authenticated `GET /v1/spaces/{id}` against the framework's floor, `GET /api/health`.
 * Also the server's cold start and memory. It reports numbers and asserts nothing.
 */
import { newId } from "../server/ids";
import { db } from "../server/db/client";
import { createApiToken } from "../server/tokens/api-tokens";
import { CONNECTIONS, describe, DURATION_S, measure, startBenchServer, WARMUP_S } from "./app-server";

const bench = await startBenchServer("bench");
try {
  const { origin, coldStartMs, rssMiB } = bench;
  const { token, spaceId, granted } = await createFixtures(origin);
  const headers = { Authorization: `Bearer ${token}` };
  const spaceUrl = `${origin}/v1/spaces/${spaceId}`;
  const healthUrl = `${origin}/api/health`;
  const space = await measure("GET /v1/spaces/{spaceId}", spaceUrl, headers);
  const byGrant = await measure("GET /v1/spaces/{spaceId} by a team grant", `${origin}/v1/spaces/${granted.spaceId}`, { Authorization: `Bearer ${granted.token}` });
  const health = await measure("GET /api/health", healthUrl, {});

  console.log(`\nQuire benchmark: the app server on loopback, ${CONNECTIONS} connections, ${DURATION_S} s per endpoint after ${WARMUP_S} s of warm-up`);
  console.log(`  GET /v1/spaces/{spaceId} (authenticated): ${describe(space)}`);
  console.log(`  GET /api/health (framework floor):        ${describe(health)}`);
  console.log(`  GET /v1/spaces/{spaceId} (a guest whose access is a team grant three collections up): ${describe(byGrant)}`);
  console.log(`  ratio space / health: ${(space.requests.average / health.requests.average).toFixed(2)} (admin), ${(byGrant.requests.average / health.requests.average).toFixed(2)} (team grant)`);
  console.log(`  cold start (spawn of the app server to first 200 of /api/health, build excluded): ${Math.round(coldStartMs)} ms`);
  console.log(`  server RSS after start (VmRSS of the app server): ${rssMiB.toFixed(0)} MiB`);
} finally {
  await bench.stop();
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
  await db().$disconnect();
  return { token, spaceId: space.id, granted: { token: guestToken, spaceId: deep.id } };
}
