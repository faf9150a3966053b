/**
 * `npm run bench` (writes part): merging a 2,000-page change request — built through /v1 in
 * batches of 50, with main moved meanwhile so that the merge is three-way —, and the time from
 * the merge's answer until search finds its pages (the index job runs after the commit, on this
 * process's job workers, as on an app server). Real /v1 router in-process, on its own embedded
 * PostgreSQL. Reports numbers and asserts nothing.
 */
import { benchDatabase, benchTenant } from "./in-process";

const PAGES = 2000;
const BATCH = 50;
const log = (line: string) => console.error(line);

const database = await benchDatabase("writes");
const { startWorkers } = await import("../server/jobs/workers");

try {
  const { organizationId, call: untypedCall } = await benchTenant();
  // Every call here answers a body.
  const call = async (method: string, url: string, body?: unknown) => (await untypedCall(method, url, body))!;
  await startWorkers();

  const space = await call("POST", `/v1/orgs/${organizationId}/spaces`, { title: "Merge benchmark", empty: true });
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
  await database.stop();
}
process.exit(0);
