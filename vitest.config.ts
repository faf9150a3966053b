import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Test files that measure the event loop's stalls (no request may hold it past 100 ms): a project of
 * their own, which `npm test` runs after the others, one file at a time, so that what they measure is
 * their own request's work and not that of a test file running beside them on the same two cores.
 */
const STALL_TESTS = [
  "tests/api/hostile-*.test.ts",
  "tests/api/import-hostile.test.ts",
  "tests/api/trpc-body-bounds.unit.test.ts",
  "tests/markdown/**/*.test.ts",
  "tests/workers/**/*.test.ts",
  // Bounds of 50 and 100 ms on one run of a piece of work: beside the type-check and the build they measured those instead.
  "tests/content/hostile-text.unit.test.ts",
  "tests/helpers/measure-stall.unit.test.ts",
];
const withDatabase = { globalSetup: ["tests/setup/global-setup.ts"], setupFiles: ["tests/setup/database.ts"] };

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers only add contention on the one database.
    maxWorkers: 2,
    // Projects inherit the options above.
    projects: [
      // Pure logic (`*.unit.test.ts`): no database, so these start at once and run anywhere.
      { test: { name: "unit", include: ["tests/**/*.unit.test.ts"], exclude: STALL_TESTS } },
      // Everything else runs against a real PostgreSQL: a database of its own per file, cloned from the run's template.
      { test: { name: "integration", include: ["tests/**/*.test.ts"], exclude: ["tests/**/*.unit.test.ts", ...STALL_TESTS], ...withDatabase } },
      { test: { name: "stall", include: STALL_TESTS, ...withDatabase } },
    ],
  },
});
