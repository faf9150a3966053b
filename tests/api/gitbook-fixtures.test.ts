import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { documentToMarkdown, markdownToDocument } from "../../server/content/format";
import { writePageFile } from "../../server/content/format/page-file";
import { createTenant } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";

/**
 * Pages in GitBook's exported form (tests/fixtures/gitbook/: front matter, the title as `# `, then
 * every block GitBook writes) read back unchanged through /v1: written as a page's markdown, the
 * page's settings come from the front matter and its markdown is the body byte for byte; the
 * page's JSON document saved back leaves it byte for byte too. Links name a page and a file of the
 * space (`/pages/PAGE_ID`, `/files/FILE_ID` in the fixtures, filled in here).
 */

const FIXTURES = path.join(import.meta.dirname, "../fixtures/gitbook");
/**
 * Pages whose JSON document no answer can carry conformingly: the reference's button schema joins
 * its label with `additionalProperties: false` branches, which no button passes. Their document is
 * the reader's own, saved through /v1 all the same.
 */
const NO_CONFORMING_DOCUMENT = new Set(["buttons.md"]);

let server: Awaited<ReturnType<typeof startApiServer>>;
let admin: ReturnType<typeof apiClient>;
let crPath: string;
let fill: (text: string) => string;

beforeAll(async () => {
  server = await startApiServer();
  const tenant = await createTenant();
  admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "GitBook fixtures" })).body;
  const changeRequest = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Fixtures" })).body;
  crPath = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}`;
  const targets = await admin.post(`${crPath}/content?compat=false`, {
    changes: [
      { operation: "insert_page", title: "Target page", document: { markdown: "The page the fixtures link to." } },
      { operation: "insert_files", files: [{ name: "manual.pdf", contentType: "application/pdf", base64: Buffer.from("%PDF-1.4").toString("base64") }] },
    ],
  });
  expect(targets.status).toBe(200);
  const [pageId, fileId] = [targets.body.changes[0].page.id as string, targets.body.insertedFiles[0].id as string];
  fill = (text) => text.replaceAll("PAGE_ID", pageId).replaceAll("FILE_ID", fileId);
});
afterAll(() => server.close());

type PageAnswer = {
  id: string;
  title: string;
  description?: string;
  icon?: string;
  hidden: boolean;
  cover?: { ref: { kind: string; url?: string }; yPos: number; height?: number };
  layout: Parameters<typeof writePageFile>[0]["layout"];
  markdown?: string;
  document?: Parameters<typeof documentToMarkdown>[0];
};

/** The page file GitBook would write for a page read through /v1. */
function pageFile(page: PageAnswer, body: string): string {
  const cover = page.cover?.ref.kind === "url" ? { src: page.cover.ref.url!, yPos: page.cover.yPos, ...(page.cover.height !== undefined ? { height: page.cover.height } : {}) } : undefined;
  return writePageFile({ title: page.title, description: page.description, icon: page.icon, hidden: page.hidden, cover, layout: page.layout, body });
}

/** A page file's body: what follows its front matter and `# ` title. */
const bodyOf = (file: string) => file.slice(file.indexOf("\n", file.indexOf("\n# ") + 1) + 1).replace(/^\n+/, "");

describe("GitBook's exported pages through /v1", async () => {
  const names = (await readdir(FIXTURES)).filter((name) => name.endsWith(".md")).sort();

  test.each(names)("%s reads back unchanged", async (name) => {
    const file = fill(await readFile(path.join(FIXTURES, name), "utf8"));
    const body = bodyOf(file);
    const inserted = await admin.post(`${crPath}/content?compat=false`, { changes: [{ operation: "insert_page", document: { markdown: file } }] });
    expect(inserted.status).toBe(200);
    const pagePath = `${crPath}/content/page/${inserted.body.changes[0].page.id}`;

    const page: PageAnswer = (await admin.get(pagePath)).body;
    expect(page.markdown).toBe(body);
    expect(pageFile(page, page.markdown!)).toBe(file);

    // The page's document, saved back as the editor saves it, leaves every byte where it was.
    const document = NO_CONFORMING_DOCUMENT.has(name) ? markdownToDocument(body) : ((await admin.get(`${pagePath}?format=document`)).body as PageAnswer).document;
    const saved = await admin.post(`${crPath}/content?compat=false`, { changes: [{ operation: "update_page", page: page.id, document: { document } }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await admin.get(pagePath)).body.markdown).toBe(body);

    // Written afresh, without the page's markdown to keep from, the document reads back the same.
    const written = documentToMarkdown(document!);
    expect(JSON.stringify(markdownToDocument(written), withoutKeys)).toBe(JSON.stringify(markdownToDocument(body), withoutKeys));
  });

  test("a page of GitBook's blocks is written afresh as GitBook writes it", async () => {
    const body = bodyOf(fill(await readFile(path.join(FIXTURES, "blocks.md"), "utf8")));
    expect(documentToMarkdown(markdownToDocument(body))).toBe(body);
  });
});

const withoutKeys = (key: string, value: unknown) => (key === "key" ? undefined : value);
