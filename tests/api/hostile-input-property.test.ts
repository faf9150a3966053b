import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTenant } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";
import { MAX_STALL_MS } from "../helpers/measure-stall";
import { callRouter } from "../helpers/stalls";

/**
 * Generated hostile markdown and JSON sent to the write paths (the content batch's markdown, its
 * `document` field, page titles and descriptions, raw bodies): every answer is 2xx, 400 or 413,
 * and no request blocks the event loop for more than 100 ms. A fixed seed and number of runs keep
 * the run reproducible and within a minute; a failure names the seed and the case, as fast-check does.
 */

const SEED = 20261124;
const RUNS = 60;

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

/** A request the property sends: a batch of changes or a raw body, printed short (its strings reach a megabyte). */
type Case = { name: string; changes?: unknown[]; body?: string; [fc.toStringMethod]: () => string };

function request(name: string, sample: string, content: { changes: unknown[] } | { body: string }): Case {
  return { name, ...content, [fc.toStringMethod]: () => `${name} (${sample.length} characters): ${JSON.stringify(sample.slice(0, 120))}…` };
}

// ---- markdown ----

const CHARACTERS = [" ", "\t", "\n", "\r", "*", "_", "`", "~", "[", "]", "(", ")", "<", ">", "#", "-", "+", "|", "\\", "!", "&", "{", "}", "%", ":", "=", '"', "a", "1", "é", "\u00a0", "\u200b", "\u2028", "🙂"];
const PREFIXES = ["", "# ", "---\ntitle: ", "---\ndescription: '", "> ", "- ", "1. ", "```\n", "<figure><img ", "<!--", "{% hint ", "{{ ", "[x]: ", "| a |\n| - |\n| "];
const UNITS = ["*a_ ", "*a **a ", "[ (](", "a]", "> ", "- ", "1. ", "{% hint %}\n", "{% endhint %}\n", "<a>", "<!--", "{{", "&#x", "[^1]", "](", "![", "\\*", "`` ", "~~", "|a", "# h\n", "  \n", "<figure><img src=\"x\">", "[a](b)", "=\n", "***\n"];

const runOfOneCharacter = fc
  .record({ prefix: fc.constantFrom(...PREFIXES), character: fc.constantFrom(...CHARACTERS), count: fc.integer({ min: 1_000, max: 270_000 }), suffix: fc.constantFrom("", "x", "\n---\n", "]", "%}", ")") })
  .map(({ prefix, character, count, suffix }) => prefix + character.repeat(count) + suffix);
const repeatedSyntax = fc.record({ unit: fc.constantFrom(...UNITS), count: fc.integer({ min: 100, max: 20_000 }) }).map(({ unit, count }) => unit.repeat(count));
const deepNesting = fc
  .record({ marker: fc.constantFrom("> ", "- ", "* ", "1. ", "+ ", "> - "), depth: fc.oneof(fc.integer({ min: 1, max: 70 }), fc.integer({ min: 1, max: 20_000 })), byIndentation: fc.boolean() })
  .map(({ marker, depth, byIndentation }) =>
    byIndentation ? Array.from({ length: Math.min(depth, 500) }, (_, level) => `${"  ".repeat(level)}${marker}x`).join("\n") : `${marker.repeat(depth)}x`,
  );
const oddText = fc.string({ unit: "binary", maxLength: 3_000 });
const mixture = fc.array(fc.oneof(repeatedSyntax, deepNesting, fc.string({ unit: "grapheme", maxLength: 200 })), { minLength: 2, maxLength: 4 }).map((parts) => parts.join("\n\n"));
// Weighted toward what passes the size and nesting bounds and reaches the parser.
const hostileMarkdown = fc.oneof(
  { arbitrary: runOfOneCharacter, weight: 2 },
  { arbitrary: repeatedSyntax, weight: 4 },
  { arbitrary: deepNesting, weight: 2 },
  { arbitrary: oddText, weight: 1 },
  { arbitrary: mixture, weight: 2 },
);

// ---- JSON ----

/** A reference document nesting quotes `depth` deep around `breadth` paragraphs. */
const deepDocument = fc.record({ depth: fc.integer({ min: 1, max: 1_000 }), breadth: fc.integer({ min: 1, max: 10_000 }) }).map(({ depth, breadth }) => {
  const paragraph = { object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: "x", marks: [] }] }] };
  let node: unknown = { object: "block", type: "blockquote", nodes: Array.from({ length: breadth }, () => paragraph) };
  for (let level = 1; level < depth; level++) node = { object: "block", type: "blockquote", nodes: [node] };
  return { object: "document", data: {}, nodes: [node] };
});
/** Raw JSON text: nesting, huge arrays, many keys, odd escapes. */
const hostileJsonText = fc.oneof(
  fc.integer({ min: 1, max: 500_000 }).map((depth) => `{"changes":[${"[".repeat(depth)}${"]".repeat(depth)}]}`),
  fc.integer({ min: 1, max: 150_000 }).map((depth) => `{"changes":[{"operation":"insert_page","document":${'{"a":'.repeat(depth)}1${"}".repeat(depth)}}]}`),
  fc.integer({ min: 1_000, max: 300_000 }).map((count) => `{"changes":[${"[],".repeat(count)}[]]}`),
  fc.integer({ min: 1_000, max: 100_000 }).map((count) => `{"changes":[{"operation":"update_variables","variables":{${Array.from({ length: count }, (_, i) => `"v${i}":"x"`).join(",")}}}]}`),
  fc.constantFrom('\\u0000', '\\ud800', '\\\\\\"', '\\udfff\\ud800', "\\uffff").map((escape) => `{"changes":[{"operation":"insert_page","title":"${escape.repeat(10_000)}","document":{"markdown":"${escape}"}}]}`),
);
const hostileTitle = fc.oneof(
  fc.record({ character: fc.constantFrom(...CHARACTERS), count: fc.integer({ min: 1, max: 100_000 }) }).map(({ character, count }) => character.repeat(count)),
  fc.string({ unit: "binary", maxLength: 2_000 }),
);

/** Writes to a change request holding page `pageId`. */
const hostileCase = (pageId: string) =>
  fc.oneof(
    { arbitrary: hostileMarkdown.map((markdown) => request("insert_page with hostile markdown", markdown, { changes: [{ operation: "insert_page", title: "Hostile", document: { markdown } }] })), weight: 3 },
    { arbitrary: hostileMarkdown.map((markdown) => request("update_page with hostile markdown", markdown, { changes: [{ operation: "update_page", page: pageId, document: { markdown } }] })), weight: 2 },
    deepDocument.map((document) => request("insert_page with a deep or wide JSON document", JSON.stringify(document), { changes: [{ operation: "insert_page", title: "Hostile", document: { document } }] })),
    hostileJsonText.map((body) => request("a hostile JSON body", body, { body })),
    fc
      .record({ title: hostileTitle, description: hostileTitle })
      .map(({ title, description }) => request("insert_page with a hostile title and description", title, { changes: [{ operation: "insert_page", title, description, document: { markdown: "Body." } }] })),
  );

test("hostile markdown and JSON to the write paths: 2xx, 400 or 413, and no stall above 100 ms", async () => {
  const tenant = await createTenant();
  const token = tenant.admin.token;
  const api = apiClient(server.url, token);
  const space = (await api.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Property" })).body;
  const changeRequest = (await api.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Hostile input" })).body;
  const contentPath = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`;
  const pageId = (await api.get(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`)).body.pages[0].id;
  const statuses = new Map<number, number>();

  await fc.assert(
    fc.asyncProperty(hostileCase(pageId), async (hostile) => {
      const answer = await callRouter(token, "POST", contentPath, hostile.body ?? { changes: hostile.changes });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const accepted = (answer.status >= 200 && answer.status < 300) || answer.status === 400 || answer.status === 413;
      if (!accepted) throw new Error(`${hostile.name}: answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      if (answer.stallMs > MAX_STALL_MS) throw new Error(`${hostile.name}: stalled the event loop ${answer.stallMs.toFixed(0)} ms`);
    }),
    // No shrinking: each step would be another request of up to a megabyte; the case printed is the one generated.
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  // Both kinds of answer were seen: the cases reached past validation, and validation refused some.
  expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
  expect(statuses.get(400)).toBeGreaterThan(0);
}, 240_000);
