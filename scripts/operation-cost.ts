/**
 * `npm run test:operation-cost`: what one more operation costs the suite. Runs the three generated
 * test files (both authorization matrices and the robustness walk) twice, with every operation and
 * without a sample of them (QUIRE_TEST_SKIP_OPERATIONS, tests/helpers/skipped-operations.ts), and
 * divides the difference in their summed running times by the sample's size. A sample operation is
 * a /v1 operation (its matrix row and its walk) together with a tRPC procedure (its matrix row), as a
 * new feature adds both. The sum counts worker-seconds: on two workers the wall clock grows by about
 * half of it.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { v1Operations } from "../server/api/v1";
import { appRouter } from "../server/trpc/root";

const FILES = ["tests/api/authorization-matrix.test.ts", "tests/api/trpc-authorization-matrix.test.ts", "tests/api/robustness.test.ts"];
const SAMPLE = Number(process.env.SAMPLE ?? 30);

/** Every n-th of a list, n spreading the sample over all of it (every kind of resource, reads and changes). */
const spread = <T>(items: T[], count: number) => items.filter((_, index) => index % Math.floor(items.length / count) === 0).slice(0, count);
const operations = spread(v1Operations.map((operation) => operation.operationId), SAMPLE);
const procedures = spread(Object.keys(appRouter._def.procedures), SAMPLE);

const reports = mkdtempSync(path.join(tmpdir(), "quire-operation-cost-"));
const full = await timeFiles("all operations", {});
const without = await timeFiles(`without ${SAMPLE} operations and ${SAMPLE} procedures`, { QUIRE_TEST_SKIP_OPERATIONS: [...operations, ...procedures].join(",") });
rmSync(reports, { recursive: true, force: true });

console.log("\nSeconds per file:");
for (const file of FILES) console.log(`  ${file}: ${full.files.get(file)!.toFixed(1)} with all, ${without.files.get(file)!.toFixed(1)} without the sample`);
const perOperation = (full.total - without.total) / SAMPLE;
console.log(`One operation (a /v1 operation and a tRPC procedure) costs ${perOperation.toFixed(2)} worker-seconds: about ${(perOperation / 2).toFixed(2)} s of the suite's time on two workers.`);
console.log(`Sampled: ${operations.join(", ")}; ${procedures.join(", ")}.`);

async function timeFiles(label: string, env: Record<string, string>): Promise<{ files: Map<string, number>; total: number }> {
  const report = path.join(reports, `${Object.keys(env).length}.json`);
  console.error(`Running the three files with ${label}…`);
  const child = spawn(path.resolve("node_modules/.bin/vitest"), ["run", "--project", "integration", ...FILES, "--reporter=json", `--outputFile.json=${report}`], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ...env },
  });
  const code = await new Promise<number>((resolve) => child.once("exit", (exitCode) => resolve(exitCode ?? 1)));
  if (code !== 0) throw new Error(`The generated tests failed with ${label} (exit code ${code}): run them with npm test to see why.`);
  const { testResults } = JSON.parse(readFileSync(report, "utf8")) as { testResults: { name: string; startTime: number; endTime: number }[] };
  const files = new Map(testResults.map((result) => [path.relative(process.cwd(), result.name), (result.endTime - result.startTime) / 1000]));
  return { files, total: [...files.values()].reduce((sum, seconds) => sum + seconds, 0) };
}
