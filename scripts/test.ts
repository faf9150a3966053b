/**
 * `npm test`: makes sure Chromium and poppler-utils are there (before Vitest: its PDF tests print
 * with Chromium), then type-check, Vitest and Playwright. Every step runs
 * even after a failure, and the last line is `N passed, N failed` over both test runners (CI reads it).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

type StepResult = { passed: number; failed: number };

const bin = (name: string) => path.resolve("node_modules/.bin", name);
const reports = mkdtempSync(path.join(tmpdir(), "quire-test-"));

await ensureChromium();

const results: StepResult[] = [];
results.push(await step("Type-check", bin("tsc"), ["--noEmit", "-p", "."], {}, () => ({ passed: 0, failed: 0 })));

/**
 * Test files that measure the event loop's stalls (no request may hold it past 100 ms) run after the
 * others, one file at a time, so that what they measure is their own request's work and not that of
 * a test file running beside them on the same two cores.
 */
const STALL_TESTS = ["tests/api/hostile-", "tests/api/import-hostile.test.ts", "tests/api/trpc-body-bounds.test.ts", "tests/markdown/", "tests/workers/"];
const vitest = (name: string, args: string[]) => {
  const report = path.join(reports, `${name}.json`);
  return step(name, bin("vitest"), ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], {}, () => {
    const counts = JSON.parse(readFileSync(report, "utf8")) as { numPassedTests: number; numFailedTests: number };
    return { passed: counts.numPassedTests, failed: counts.numFailedTests };
  });
};
// Vitest takes file filters as path prefixes and exclusions as globs.
results.push(await vitest("Vitest", STALL_TESTS.flatMap((prefix) => ["--exclude", `${prefix}**`])));
results.push(await vitest("Vitest (stall measurements, one file at a time)", [...STALL_TESTS, "--maxWorkers=1", "--no-file-parallelism"]));

const playwrightReport = path.join(reports, "playwright.json");
results.push(
  await step("Playwright", bin("playwright"), ["test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport }, () => {
    const { stats } = JSON.parse(readFileSync(playwrightReport, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number } };
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
  }),
);

rmSync(reports, { recursive: true, force: true });
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/**
 * Runs one step and reads its counts. A step that fails without a failed test to show for it
 * (a type error, a crashed setup, a missing report) counts as one failure, so a red run never reads "0 failed".
 */
async function step(name: string, command: string, args: string[], env: Record<string, string>, count: () => StepResult): Promise<StepResult> {
  console.error(`\n=== ${name}`);
  const code = await run(command, args, env);
  let result: StepResult;
  try {
    result = count();
  } catch {
    result = { passed: 0, failed: 0 };
  }
  if (code !== 0 && result.failed === 0) {
    console.error(`${name} failed (exit code ${code}).`);
    result.failed = 1;
  }
  return result;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.once("error", () => resolve(127));
    child.once("exit", (code) => resolve(code ?? 1));
  });
}

/**
 * Browser tests always run, and so do the PDF tests (Chromium prints PDFs; poppler's pdftotext
 * reads them back as a second extractor): install Debian's packages when we can, else say exactly what is missing.
 */
async function ensureChromium(): Promise<void> {
  const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  const missing = [...(existsSync(chromium) ? [] : ["chromium"]), ...(existsSync("/usr/bin/pdftotext") ? [] : ["poppler-utils"])];
  if (missing.length === 0) return;
  const canInstall = !(missing.includes("chromium") && process.env.CHROMIUM_PATH) && process.getuid?.() === 0 && existsSync("/etc/debian_version") && existsSync("/usr/bin/apt-get");
  if (canInstall) {
    console.error(`Missing for the tests: installing Debian's ${missing.join(" and ")} (apt-get)…`);
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    if ((await run("apt-get", ["update"], env)) === 0 && (await run("apt-get", ["install", "-y", ...missing], env)) === 0 && existsSync(chromium) && existsSync("/usr/bin/pdftotext")) return;
    console.error(`Installing ${missing.join(" and ")} with apt-get failed (see above).`);
  } else {
    console.error(
      `The browser and PDF tests need Chromium at ${chromium} and poppler's pdftotext at /usr/bin/pdftotext; missing: ${missing.join(", ")}.\n` +
        `Install them, e.g. on Debian or Ubuntu: sudo apt-get update && sudo apt-get install -y ${missing.join(" ")}\n` +
        "(CHROMIUM_PATH may point at a Chromium or Chrome executable instead), then run npm test again.",
    );
  }
  console.log("0 passed, 1 failed");
  process.exit(1);
}
