/**
 * `npm run bench` (writes part): merging a 2,000-page change request — built through /v1 in
 * batches of 50, with main moved meanwhile so that the merge is three-way —, and the time from
 * the merge's answer until search finds its pages (the index job runs after the commit, on this
 * process's job workers, as on an app server). Real /v1 router in-process, on its own embedded
 * PostgreSQL. Reports numbers and asserts nothing.
 */
import path from "node:path";
import { startEmbeddedPostgres } from "../server/db/embedded";
import { removeDataFolder } from "../server/db/embedded-location";
import { migrate } from "../server/db/migrate";

const PAGES = 2000;
const BATCH = 50;
const log = (line: string) => console.error(line);

const dataDir = path.resolve(".data/bench-writes-pg");
removeDataFolder(dataDir);
const database = await startEmbeddedPostgres({ dataDir, persistent: false });
process.env.DATABASE_URL = database.url;
await migrate(database.url);

const { db } = await import("../server/db/client");
const { newId } = await import("../server/ids");
const { v1Router } = await import("../server/api/v1");
const { createApiToken } = await import("../server/tokens/api-tokens");
const { startWorkers, stopJobQueue } = await import("../server/jobs/workers");

try {
  const user = await db().user.create({ data: { id: newId(), email: "bench@example.test", displayName: "Bench" } });
  const organization = await db().organization.create({ data: { id: newId(), title: "Benchmark", members: { create: { userId: user.id, role: "admin" } } } });
  const { token } = await createApiToken({ userId: user.id }, { name: "bench" });
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await v1Router.handle(
      new Request(`http://bench${url}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }),
    );
    if (response.status >= 300) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as Record<string, any>;
  };
  await startWorkers();

  const space = await call("POST", `/v1/orgs/${organization.id}/spaces`, { title: "Merge benchmark", empty: true });
  const crs = `/v1/spaces/${space.id}/change-requests`;
  const big = await call("POST", crs, { subject: `${PAGES} pages` });
  log(`Building a change request of ${PAGES} pages through /v1, ${BATCH} per batch…`);
  for (let start = 0; start < PAGES; start += BATCH) {
    const changes = Array.from({ length: BATCH }, (_, offset) => ({
      operation: "insert_page",
      title: `Page ${start + offset}`,
      document: { markdown: `# Page ${start + offset}\n\nAbout the kinkajou number ${start + offset}.\n\n## Details\n\n- one\n- two\n` },
    }));
    await call("POST", `${crs}/${big.number}/content`, { changes });
  }
  const other = await call("POST", crs, { subject: "Main moves" });
  await call("POST", `${crs}/${other.number}/content`, { changes: [{ operation: "insert_page", title: "Elsewhere", document: { markdown: "Main moved.\n" } }] });
  await call("POST", `${crs}/${other.number}/merge`);

  const started = performance.now();
  await call("POST", `${crs}/${big.number}/merge`);
  const mergeMs = performance.now() - started;
  for (;;) {
    const found = await call("GET", `/v1/spaces/${space.id}/search?query=${encodeURIComponent(`kinkajou ${PAGES - 1}`)}&limit=5`);
    if ((found.items as { title: string }[]).some((item) => item.title === `Page ${PAGES - 1}`)) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const searchableMs = performance.now() - started - mergeMs;

  console.log(`\nQuire writes benchmark (in-process /v1 router, embedded PostgreSQL, one run)`);
  console.log(`  merge of a ${PAGES}-page change request (three-way): ${mergeMs.toFixed(0)} ms`);
  console.log(`  then until search finds its pages (index job after commit): ${searchableMs.toFixed(0)} ms`);
} finally {
  await stopJobQueue();
  await db().$disconnect();
  await database.stop();
}
process.exit(0);
