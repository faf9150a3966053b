/** Whether the production build (`.next`) is older than its sources: `npm start` and `npm test` rebuild only then. */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// Inputs of `next build`: when one is newer than the build, it is rebuilt.
const BUILD_INPUTS = ["app", "components", "server", "prisma", "package-lock.json", "next.config.ts", "postcss.config.mjs", "tsconfig.json", "instrumentation.ts", "proxy.ts", "middleware.ts"];

export function buildIsStale(): boolean {
  const buildId = path.resolve(".next/BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return BUILD_INPUTS.some((input) => existsSync(input) && newestMtime(input) > built);
}

function newestMtime(file: string): number {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(file).reduce((newest, name) => Math.max(newest, newestMtime(path.join(file, name))), stat.mtimeMs);
}

