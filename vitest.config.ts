import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers only add contention on the one database.
    maxWorkers: 2,
    // Projects inherit the options above.
    projects: [
      {
        // Pure logic (`*.unit.test.ts`): no database, so these start at once and run anywhere.
        test: { name: "unit", include: ["tests/**/*.unit.test.ts"] },
      },
      {
        // Everything else runs against a real PostgreSQL: a database of its own per file, cloned from the run's template.
        test: {
          name: "integration",
          include: ["tests/**/*.test.ts"],
          exclude: ["tests/**/*.unit.test.ts"],
          globalSetup: ["tests/setup/global-setup.ts"],
          setupFiles: ["tests/setup/database.ts"],
        },
      },
    ],
  },
});
