/**
 * `npm run bench` (hostile-input part): the largest event-loop stall seen while a 1 MB hostile page
 * (the /v1 body limit) is written to a change request, for several kinds of hostile markdown and
 * JSON, through the real /v1 router in-process on its own embedded PostgreSQL; also pages of the
 * largest size accepted (512 KiB) that reach the markdown workers. Then the parser's figures (issue
 * 23): ordinary long pages (8,000 quotes, a changelog of 8,000 list items) saved through /v1, a
 * 512 KiB page accepted, and how time grows with input — the same input four times over, parsed,
 * converted and written back in this process, as ratios measured in one run (linear: about 4×).
 * Reports numbers and asserts nothing.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { MAX_MARKDOWN_BYTES as PAGE_MAX } from "../server/content/format/markdown-limits";
import { benchDatabase, benchTenant } from "./in-process";

const MB = 1024 * 1024;
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
  { name: "512 KiB of `[ (](` (to the workers)", body: () => insertPage(fill("[ (](", PAGE_MAX)) },
  { name: "512 KiB of `*a_ ` (to the workers)", body: () => insertPage(fill("*a_ ", PAGE_MAX)) },
  { name: "512 KiB of links (to the workers)", body: () => insertPage(fill("[a](./b.md) ", PAGE_MAX)) },
  { name: "512 KiB of plain prose (accepted)", body: () => insertPage(fill("Words of a long guide, in sentences and paragraphs.\n\n", PAGE_MAX)) },
];

/** Ordinary long pages, `count` blocks of a kind, as people write them. */
const quotes = (count: number) => Array.from({ length: count }, (_, i) => `> Quote ${i}: a short line someone said.\n\n`).join("");
const listItems = (count: number) => Array.from({ length: count }, (_, i) => `* 2026-01-${String((i % 28) + 1).padStart(2, "0")}: fixed issue #${i} in the editor's long pages.\n`).join("");
const links = (count: number) => Array.from({ length: count }, (_, i) => `See [the guide ${i}](https://example.com/guide/${i}) and [page ${i}](/pages/p${i}).\n\n`).join("");
const prose = (bytes: number) => {
  const parts = ["## A section\n\n", "Words of a long guide, with **bold**, _emphasis_ and `code` in sentences.\n\n", "* an item\n* another item\n\n", "> a quote\n\n", "```js\nconst a = 1;\n```\n\n"];
  let out = "";
  for (let i = 0; out.length + 100 < bytes; i++) out += parts[i % parts.length];
  return out;
};

/** Median time of `runs` runs of `work`, in ms. */
function median(work: () => void, runs = 3): number {
  const times = Array.from({ length: runs }, () => {
    const started = performance.now();
    work();
    return performance.now() - started;
  }).sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}

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

  // ---- The parser (issue 23): ordinary long pages save within a second, time grows with the input.
  const saves: { name: string; status: number; ms: number; size: number }[] = [];
  for (const [name, markdown] of [
    ["8,000 quotes", quotes(8000)],
    ["a changelog of 8,000 list items", listItems(8000)],
    ["512 KiB of ordinary markdown", prose(PAGE_MAX)],
  ] as const) {
    log(`Saving ${name}…`);
    const started = performance.now();
    const { status } = await call("POST", contentPath, insertPage(markdown));
    saves.push({ name, status, ms: performance.now() - started, size: Buffer.byteLength(markdown) });
  }
  const { readMarkdown } = await import("../server/content/format/markdown-to-document");
  const { documentToMarkdown } = await import("../server/content/format/document-to-markdown");
  const roundTrip = (markdown: string) => () => void documentToMarkdown(readMarkdown(markdown).document);
  const growth = [
    { name: "quotes", make: quotes, count: 2000 },
    { name: "list items", make: listItems, count: 8000 },
    { name: "links", make: links, count: 2000 },
    { name: "`[`", make: (count: number) => "[".repeat(count), count: 24000 },
  ].map(({ name, make, count }) => {
    log(`Timing ${name}, ${count} and ${count * 4}…`);
    const [small, large] = [make(count), make(count * 4)];
    roundTrip(small)();
    const [one, four] = [median(roundTrip(small)), median(roundTrip(large))];
    return { name, count, one, four, ratio: four / one, size: large.length };
  });

  console.log("\nThe parser (markdown-it, linear): ordinary long pages saved through /v1");
  for (const { name, status, ms, size } of saves) console.log(`  ${name.padEnd(34)} ${(size / 1024).toFixed(0).padStart(5)} KiB  answer ${status}  ${ms.toFixed(0).padStart(6)} ms`);
  console.log("  four times the input (read, converted to the document and written back, in this process; median of 3):");
  for (const { name, count, one, four, ratio } of growth) {
    console.log(`  ${`${count.toLocaleString("en")} → ${(count * 4).toLocaleString("en")} ${name}`.padEnd(34)} ${one.toFixed(0).padStart(6)} ms → ${four.toFixed(0).padStart(6)} ms   ×${ratio.toFixed(2)}`);
  }
} finally {
  await database.stop();
}
process.exit(0);
