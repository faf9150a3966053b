/**
 * `npm test`: makes sure Chromium and poppler-utils are there (before Vitest: its PDF tests print
 * with Chromium), then the steps below, each even after a failure. At the end it prints each step's
 * duration and the 15 slowest test files, and as its last line `N passed, N failed` over every step
 * (CI reads it).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIsStale } from "./build-freshness";
import { ensureSystemPackages, testPackages } from "./system-packages";

type StepResult = { passed: number; failed: number };
type FileTime = { file: string; seconds: number };
type Step = { name: string; seconds: number; result: StepResult };

const bin = (name: string) => path.resolve("node_modules/.bin", name);
const reports = mkdtempSync(path.join(tmpdir(), "quire-test-"));
const steps: Step[] = [];
const suiteStarted = performance.now();
const fileTimes: FileTime[] = [];

if (!(await ensureSystemPackages(testPackages(), "the browser and PDF tests"))) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}

// Side by side: the type-check and the linter run on one core each, and the build and the unit tests
// leave the cores idle at times. Each one's output is printed whole once it ends. The browser tests run the
// production build, rebuilt when its sources changed; the build need not type-check again (next.config.ts reads QUIRE_TYPECHECKED).
await Promise.all([
  step("Type-check", bin("tsc"), ["--noEmit", "-p", "."], { buffered: true }),
  step("Lint", bin("eslint"), [".", "--max-warnings=0"], { buffered: true }),
  vitest("Unit (no database)", ["--project", "unit"], { buffered: true }),
  buildIsStale() ? step("Build", bin("next"), ["build"], { env: { QUIRE_TYPECHECKED: "1", NEXT_TELEMETRY_DISABLED: "1" }, buffered: true }) : undefined,
]);
await vitest("Integration", ["--project", "integration"]);
// The stall measurements (vitest.config.ts) run alone, one file at a time.
await vitest("Stall measurements, one file at a time", ["--project", "stall", "--maxWorkers=1", "--no-file-parallelism"]);

const playwrightReport = path.join(reports, "playwright.json");
await step("Browser (Playwright)", bin("playwright"), ["test", "--reporter=list,json"], {
  env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
  count: () => {
    const report = JSON.parse(readFileSync(playwrightReport, "utf8")) as PlaywrightReport;
    for (const [file, seconds] of playwrightFileTimes(report)) fileTimes.push({ file, seconds });
    return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
  },
});

rmSync(reports, { recursive: true, force: true });
printSummary();
const passed = steps.reduce((sum, { result }) => sum + result.passed, 0);
const failed = steps.reduce((sum, { result }) => sum + result.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/** A Vitest step: its counts and per-file times from its JSON report. */
function vitest(name: string, args: string[], options: { buffered?: boolean } = {}): Promise<void> {
  const report = path.join(reports, `vitest-${name.replace(/[^a-z]+/gi, "-")}.json`);
  return step(name, bin("vitest"), ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], {
    ...options,
    count: () => {
      const counts = JSON.parse(readFileSync(report, "utf8")) as VitestReport;
      for (const file of counts.testResults) fileTimes.push({ file: path.relative(process.cwd(), file.name), seconds: (file.endTime - file.startTime) / 1000 });
      return { passed: counts.numPassedTests, failed: counts.numFailedTests };
    },
  });
}

/**
 * Runs one step, timing it, and reads its counts. A step that fails without a failed test to show for
 * it (a type error, a crashed setup, a missing report) counts as one failure, so a red run never reads "0 failed".
 */
async function step(name: string, command: string, args: string[], options: { env?: Record<string, string>; count?: () => StepResult; buffered?: boolean } = {}): Promise<void> {
  const started = performance.now();
  if (!options.buffered) console.error(`\n=== ${name}`);
  const code = await run(command, args, options);
  if (options.buffered) console.error(`\n=== ${name} (ran beside other steps)\n${code.output}`);
  let result: StepResult = { passed: 0, failed: 0 };
  try {
    if (options.count) result = options.count();
  } catch {
    // No report: the exit code decides below.
  }
  if (code.exitCode !== 0 && result.failed === 0) {
    console.error(`${name} failed (exit code ${code.exitCode}).`);
    result.failed = 1;
  }
  steps.push({ name, seconds: (performance.now() - started) / 1000, result });
}

/** Runs a command, its output straight through, or (`buffered`) collected and returned for printing later. */
function run(command: string, args: string[], options: { env?: Record<string, string>; buffered?: boolean }): Promise<{ exitCode: number; output: string }> {
  const child = spawn(command, args, { stdio: options.buffered ? ["ignore", "pipe", "pipe"] : "inherit", env: { ...process.env, ...options.env } });
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  return new Promise((resolve) => {
    child.once("error", () => resolve({ exitCode: 127, output }));
    child.once("close", (code) => resolve({ exitCode: code ?? 1, output }));
  });
}

/** Where the time went: each step, then the slowest files of every runner. */
function printSummary(): void {
  const seconds = (value: number) => `${value.toFixed(1).padStart(7)} s`;
  console.log("\nSteps:");
  for (const { name, seconds: time, result } of steps) console.log(`${seconds(time)}  ${name} (${result.passed} passed, ${result.failed} failed)`);
  console.log(`${seconds((performance.now() - suiteStarted) / 1000)}  in all (the first four steps run side by side)`);
  console.log("\nThe 15 slowest test files:");
  for (const { file, seconds: time } of fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 15)) console.log(`${seconds(time)}  ${file}`);
}

type VitestReport = { numPassedTests: number; numFailedTests: number; testResults: { name: string; startTime: number; endTime: number }[] };
type PlaywrightSuite = { file: string; specs?: { tests: { results: { duration: number }[] }[] }[]; suites?: PlaywrightSuite[] };
type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number }; suites: PlaywrightSuite[] };

/** The time each spec file's tests took (summed over its tests and their retries). */
function playwrightFileTimes(report: PlaywrightReport): Map<string, number> {
  const times = new Map<string, number>();
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((test) => test.results).reduce((sum, result) => sum + result.duration, 0);
      times.set(`e2e/${suite.file}`, (times.get(`e2e/${suite.file}`) ?? 0) + ms / 1000);
    }
    suite.suites?.forEach(visit);
  };
  report.suites.forEach(visit);
  return times;
}
