import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/jobs.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers only add contention on the one database.
    maxWorkers: 2,
  },
});
