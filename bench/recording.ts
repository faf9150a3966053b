/**
 * `npm run bench` (recording): what recording one domain event costs a write, and only that. The
 * production server runs without its job workers and event dispatcher, so no after-commit work shares
 * the two cores with the writes (bench/deliveries.ts measures the same with the dispatcher reacting
 * to each commit). Three rounds of 1,000 writes each way. Reports numbers and asserts nothing.
 */
import { startBenchServer } from "./app-server";
import { recordingCost } from "./recording-cost";

const bench = await startBenchServer("bench-recording", { QUIRE_DISABLE_JOBS: "1" });
try {
  console.log("\nQuire benchmark, recording a domain event (no dispatcher running)");
  for (let round = 0; round < 3; round++) console.log(`  no subscriber: ${await recordingCost(1_000)}`);
} finally {
  await bench.stop();
}
