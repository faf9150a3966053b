/**
 * `npm run bench` (content part): the cost of a change request's life on a 10,000-page space
 * against a 10-page one — create it, edit one page, read its changes, merge it —, of a three-way
 * merge (main moved on since the change request began, both sides edited pages), and search
 * latency over 100,000 pages in an organization. Runs the real /v1 router in-process on its
 * own embedded PostgreSQL (the HTTP framework's cost is measured by bench/run.ts). Reports
 * numbers and asserts nothing.
 */
import { benchDatabase, benchTenant } from "./in-process";

const ROUNDS = 15;
const log = (line: string) => console.error(line);

const database = await benchDatabase("content");
const { db } = await import("../server/db/client");
const { newId } = await import("../server/ids");
const { spaceWithPages } = await import("./fixtures");

try {
  const { organizationId, call } = await benchTenant();

  log("Generating a 10-page space and a 10,000-page space…");
  const small = await spaceWithPages(organizationId, 10);
  const large = await spaceWithPages(organizationId, 10_000);
  const lifecycle = async (space: { id: string; pageIds: string[] }, round: number) => {
    const timings: Record<string, number> = {};
    const time = async <T>(step: string, run: () => Promise<T>) => {
      const started = performance.now();
      const result = await run();
      timings[step] = performance.now() - started;
      return result;
    };
    const base = `/v1/spaces/${space.id}/change-requests`;
    const cr = await time("create", () => call("POST", base, { subject: `Round ${round}` }));
    const pageId = space.pageIds[(round * 7919) % space.pageIds.length]!;
    await time("edit", () =>
      call("POST", `${base}/${cr!.id}/content`, { changes: [{ operation: "update_page", page: pageId, document: { markdown: `# Edited in round ${round}\n\nNew text.\n` } }] }),
    );
    await time("changes", () => call("GET", `${base}/${cr!.id}/changes`));
    await time("merge", () => call("POST", `${base}/${cr!.id}/merge`));
    return timings;
  };
  /** Two change requests edit different pages; the first merges, so the second's merge is three-way. */
  const threeWayMerge = async (space: { id: string; pageIds: string[] }, round: number) => {
    const base = `/v1/spaces/${space.id}/change-requests`;
    const [first, second] = [await call("POST", base, { subject: `First ${round}` }), await call("POST", base, { subject: `Second ${round}` })];
    const pick = (offset: number) => space.pageIds[(round * 7919 + offset) % space.pageIds.length]!;
    for (const [cr, pageId] of [[first, pick(1)], [second, pick(5)]] as const) {
      await call("POST", `${base}/${cr!.id}/content`, { changes: [{ operation: "update_page", page: pageId, document: { markdown: `# Edited in round ${round}\n` } }] });
    }
    await call("POST", `${base}/${first!.id}/merge`);
    const started = performance.now();
    await call("POST", `${base}/${second!.id}/merge`);
    return performance.now() - started;
  };
  const threeWayMedian = async (space: { id: string; pageIds: string[] }) => {
    await threeWayMerge(space, 0); // warm-up
    const runs: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) runs.push(await threeWayMerge(space, round));
    return median(runs);
  };
  const medians = async (space: { id: string; pageIds: string[] }) => {
    await lifecycle(space, 0); // warm-up
    const runs: Record<string, number>[] = [];
    for (let round = 1; round <= ROUNDS; round++) runs.push(await lifecycle(space, round));
    const steps = Object.keys(runs[0]!);
    const result = Object.fromEntries(steps.map((step) => [step, median(runs.map((run) => run[step]!))]));
    const total = median(runs.map((run) => steps.reduce((sum, step) => sum + run[step]!, 0)));
    return { ...result, total } as Record<string, number>;
  };
  log(`Measuring ${ROUNDS} change request lifecycles on each…`);
  const smallTimes = await medians(small);
  const largeTimes = await medians(large);
  log(`Measuring ${ROUNDS} three-way merges on each…`);
  const smallThreeWay = await threeWayMedian(small);
  const largeThreeWay = await threeWayMedian(large);

  log("Generating 100,000 pages in 20 spaces for search…");
  const searchOrg = await db().organization.create({ data: { id: newId(), title: "Search benchmark", members: { create: { userId: (await db().user.findFirstOrThrow()).id, role: "admin" } } } });
  for (let i = 0; i < 20; i++) await spaceWithPages(searchOrg.id, 5_000, { seed: i });
  const queries = ["install", "configuration guide", "authentication token", "deploy", "webhook retries", "billing", "quantum", "reference", "error handling", "migration"];
  const latencies: number[] = [];
  for (const query of [...queries, ...queries, ...queries]) {
    const started = performance.now();
    await call("GET", `/v1/orgs/${searchOrg.id}/search?query=${encodeURIComponent(query)}&limit=20`);
    latencies.push(performance.now() - started);
  }

  console.log("\nQuire content benchmark (in-process /v1 router, embedded PostgreSQL, medians of " + ROUNDS + " rounds)");
  console.log("  step                10 pages    10,000 pages   ratio");
  for (const step of ["create", "edit", "changes", "merge", "total"] as const) {
    const a = smallTimes[step]!;
    const b = largeTimes[step]!;
    console.log(`  ${step.padEnd(17)} ${a.toFixed(1).padStart(8)} ms ${b.toFixed(1).padStart(11)} ms   ${(b / a).toFixed(2)}`);
  }
  console.log(`  ${"three-way merge".padEnd(17)} ${smallThreeWay.toFixed(1).padStart(8)} ms ${largeThreeWay.toFixed(1).padStart(11)} ms   ${(largeThreeWay / smallThreeWay).toFixed(2)}`);
  latencies.sort((a, b) => a - b);
  console.log(`  search over 100,000 pages (${latencies.length} queries): median ${median(latencies).toFixed(1)} ms, p95 ${latencies[Math.floor(latencies.length * 0.95)]!.toFixed(1)} ms`);
} finally {
  await database.stop();
}
process.exit(0);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
