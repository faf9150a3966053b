import { spawn } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";
import { measureStall } from "./measure-stall";

function blockFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

test("code holding the event loop is measured for as long as it holds it", async () => {
  const { stallMs } = await measureStall(async () => {
    await new Promise((resolve) => setTimeout(resolve, 30));
    blockFor(150);
    await new Promise((resolve) => setTimeout(resolve, 30));
  });
  expect(stallMs).toBeGreaterThanOrEqual(140);
});

test("a thread kept off the CPU while it waits is not stalled: 300 ms stopped by SIGSTOP measures next to nothing", async () => {
  // A process waiting 800 ms under measureStall, stopped for 300 ms in the middle: its timer is
  // 300 ms late, as when other processes hold every core, yet no code of its own ran meanwhile.
  const script = `
    import { measureStall } from ${JSON.stringify(path.resolve("tests/helpers/measure-stall.ts"))};
    console.log("measuring");
    const { stallMs } = await measureStall(() => new Promise((resolve) => setTimeout(resolve, 800)));
    console.log(JSON.stringify({ stallMs }));`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  while (!output.includes("measuring")) await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 100));
  child.kill("SIGSTOP");
  await new Promise((resolve) => setTimeout(resolve, 300));
  child.kill("SIGCONT");
  expect(await new Promise((resolve) => child.once("exit", resolve))).toBe(0);
  const { stallMs } = JSON.parse(output.split("\n").find((line) => line.startsWith("{"))!) as { stallMs: number };
  expect(stallMs).toBeLessThan(50);
});
