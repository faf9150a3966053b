/**
 * `npm run bench` (hostile-input part): the largest event-loop stall seen while a 1 MB hostile page
 * (the /v1 body limit) is written to a change request, for several kinds of hostile markdown and
 * JSON, through the real /v1 router in-process on its own embedded PostgreSQL; also pages of the
 * largest size accepted (256 KiB) that reach the markdown workers. Reports numbers and asserts nothing.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { benchDatabase, benchTenant } from "./in-process";

const MB = 1024 * 1024;
const PAGE_MAX = 256 * 1024;
const log = (line: string) => console.error(line);

/** `unit` repeated to `bytes` (ASCII units: one byte a character). */
const fill = (unit: string, bytes: number) => unit.repeat(Math.floor(bytes / unit.length));
/** A content batch inserting one page of `markdown`, as JSON text, under the body limit. */
const insertPage = (markdown: string) => JSON.stringify({ changes: [{ operation: "insert_page", title: "Hostile", document: { markdown } }] });
const BODY_ROOM = MB - 200;

const cases: { name: string; body: () => string }[] = [
  { name: "1 MB of one letter", body: () => insertPage(fill("a", BODY_ROOM)) },
  { name: "1 MB heading of blanks", body: () => insertPage(`# x${fill(" ", BODY_ROOM - 4)}y`) },
  { name: "1 MB of list markers", body: () => insertPage(fill("- ", BODY_ROOM)) },
  { name: "1 MB of emphasis markers", body: () => insertPage(`${fill("*", BODY_ROOM / 2)}x${fill("*", BODY_ROOM / 2)}`) },
  { name: "1 MB of `[ (](`", body: () => insertPage(fill("[ (](", BODY_ROOM)) },
  // Each newline is two characters once in JSON.
  { name: "1 MB of quote blocks", body: () => insertPage(fill("> quote\n\n", BODY_ROOM * 0.8)) },
  { name: "1 MB of JSON nesting", body: () => `{"changes":[${"[".repeat(BODY_ROOM / 2)}${"]".repeat(BODY_ROOM / 2)}]}` },
  { name: "1 MB of JSON arrays", body: () => `{"changes":[${fill("[[]],", BODY_ROOM)}[]]}` },
  { name: "256 KiB of `[ (](` (to the workers)", body: () => insertPage(fill("[ (](", PAGE_MAX)) },
  { name: "256 KiB of `*a_ ` (to the workers)", body: () => insertPage(fill("*a_ ", PAGE_MAX)) },
  { name: "256 KiB of links (to the workers)", body: () => insertPage(fill("[a](./b.md) ", PAGE_MAX)) },
  { name: "256 KiB of plain prose (accepted)", body: () => insertPage(fill("Words of a long guide, in sentences and paragraphs.\n\n", PAGE_MAX)) },
];

const database = await benchDatabase("hostile");
const { v1Router } = await import("../server/api/v1");

try {
  const { organizationId, token } = await benchTenant();
  // Raw bodies, and refusals are answers to measure here, not failures.
  const call = async (method: string, url: string, body?: string) => {
    const response = await v1Router.handle(
      new Request(`http://bench${url}`, { method, headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) }, body }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const space = (await call("POST", `/v1/orgs/${organizationId}/spaces`, JSON.stringify({ title: "Hostile" }))).body;
  const changeRequest = (await call("POST", `/v1/spaces/${space.id}/change-requests`, JSON.stringify({ subject: "Hostile pages" }))).body;
  const contentPath = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`;
  // The markdown workers start with the first write that needs them, not in a measurement.
  await call("POST", contentPath, insertPage("Warm-up with a [link](https://example.com)."));

  const results: { name: string; status: number; ms: number; stallMs: number; size: number }[] = [];
  for (const { name, body } of cases) {
    const text = body();
    log(`Writing ${name}…`);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const started = performance.now();
    const { status } = await call("POST", contentPath, text);
    const ms = performance.now() - started;
    delay.disable();
    results.push({ name, status, ms, stallMs: delay.max / 1e6, size: Buffer.byteLength(text) });
  }

  const oneMegabyte = results.filter((result) => result.name.startsWith("1 MB"));
  const largest = (list: typeof results) => Math.max(...list.map((result) => result.stallMs));
  console.log("\nQuire hostile-input benchmark (in-process /v1 router, embedded PostgreSQL)");
  console.log(`  largest event-loop stall while a 1 MB hostile page is written: ${largest(oneMegabyte).toFixed(1)} ms (${oneMegabyte.length} kinds; all writes: ${largest(results).toFixed(1)} ms)`);
  console.log("  write                                      body      answer      time   largest stall");
  for (const { name, status, ms, stallMs, size } of results) {
    console.log(`  ${name.padEnd(40)} ${(size / 1024).toFixed(0).padStart(6)} KiB ${String(status).padStart(6)} ${ms.toFixed(0).padStart(9)} ms ${stallMs.toFixed(1).padStart(9)} ms`);
  }
} finally {
  await database.stop();
}
process.exit(0);
