import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { documentBlocks } from "../../server/content/format/block-keys";
import { createTenant } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";
import { MAX_STALL_MS } from "../helpers/measure-stall";
import { callRouter } from "../helpers/stalls";

/**
 * Block keys on hostile pages: huge keyless documents and markdown, and documents whose keys all
 * repeat, are keyed (matched against huge previous versions) without blocking the event loop,
 * and the keys stay unique.
 */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const paragraph = (text: string, key?: string) => ({ object: "block", type: "paragraph", ...(key ? { key } : {}), nodes: [{ object: "text", leaves: [{ text, marks: [] }] }] });
/** A JSON document of 4,000 paragraphs (half the largest request). */
function bigDocument(key?: string) {
  const nodes = Array.from({ length: 4_000 }, (_, i) => paragraph(`p${i % 10}`, key));
  return { object: "document", data: {}, nodes };
}

describe("block keys of hostile pages", () => {
  test("huge keyless documents and markdown, and keys that all repeat: 200 (or 400 too complex), no stall, unique keys", async () => {
    const tenant = await createTenant();
    const token = tenant.admin.token;
    const api = apiClient(server.url, token);
    const space = (await api.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Hostile keys" })).body;
    const cr = (await api.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Huge" })).body;
    const crPath = `/v1/spaces/${space.id}/change-requests/${cr.id}`;
    const pageId = (await api.get(`${crPath}/content`)).body.pages[0].id as string;
    const update = (document: unknown) => callRouter(token, "POST", `${crPath}/content`, { changes: [{ operation: "update_page", page: pageId, document }] });

    // Warm: the first call of the batch loads its modules, which is no stall of the work measured.
    expect((await update({ markdown: "Warm." })).status).toBe(200);
    const answers = [
      await update({ document: bigDocument() }),
      // 25,000 short paragraphs, matched against the document's 4,000.
      await update({ markdown: Array.from({ length: 25_000 }, (_, i) => `p${i % 7}`).join("\n\n") }),
      await update({ document: bigDocument("same") }),
    ];
    for (const answer of answers) {
      expect(answer.stallMs).toBeLessThanOrEqual(MAX_STALL_MS);
      if (answer.status !== 200) {
        expect(answer.status).toBe(400);
        expect(answer.body.error.message).toMatch(/too complex to process within 2 s/);
      }
    }
    const read = await callRouter(token, "GET", `${crPath}/content/page/${pageId}?format=document`);
    expect(read.status).toBe(200);
    expect(read.stallMs).toBeLessThanOrEqual(MAX_STALL_MS);
    const keys = documentBlocks(read.body.document).map((block) => block.key);
    expect(keys.length).toBeGreaterThan(1000);
    expect(new Set(keys).size).toBe(keys.length);
  }, 120_000);
});
