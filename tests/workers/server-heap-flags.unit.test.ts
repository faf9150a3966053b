import { execFileSync } from "node:child_process";
import { expect, test } from "vitest";
import { SERVER_NODE_FLAGS } from "../../scripts/app-server";

// A V8 heap flag such as --max-old-space-size overrides every worker's own limit: the markdown
// workers' bound on one hostile page would silently become the server's.
test("under the production server's Node flags, a worker's heap limit stays its own", () => {
  const worker = `require("node:worker_threads").parentPort.postMessage(require("node:v8").getHeapStatistics().heap_size_limit)`;
  const main = `new (require("node:worker_threads").Worker)(${JSON.stringify(worker)}, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 64 } }).on("message", (limit) => console.log(limit))`;
  const limitMb = Number(execFileSync(process.execPath, [...SERVER_NODE_FLAGS, "-e", main], { encoding: "utf8" })) / 2 ** 20;
  expect(limitMb).toBeGreaterThanOrEqual(64);
  expect(limitMb).toBeLessThan(128);
});
