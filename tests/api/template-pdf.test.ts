import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { closePdfBrowser } from "../../server/pdf/browser";
import { getChangeRequestPdfUrl } from "../../server/pdf/change-request-pdf";
import { urlsFor } from "../../server/http/urls";
import { presentPdfLink } from "../../server/presenters/pdf-link";
import { signPdfLink } from "../../server/pdf/pdf-token";
import { SPACE_TEMPLATE_IDS } from "../../server/templates/catalog";
import { createApiToken } from "../../server/tokens/create-api-token";
import { listApiTokens } from "../../server/tokens/list-api-tokens";
import { revokeApiToken } from "../../server/tokens/revoke-api-token";
import { commitPages, commitToChangeRequest, createTenant, pagesOf } from "../helpers/factories";
import { searchIndexed } from "../helpers/jobs";
import { openPdfLink } from "../helpers/pdf-link";
import { pdfFonts, pdfText } from "../helpers/pdf-text";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => {
  await closePdfBrowser();
  await server.close();
});

/**
 * Applies a template with plain fetch: our spec answers 204 where the reference document lists
 * 201, so the conformance check of `apiClient` would reject the success answer. Failures go
 * through `apiClient`, whose error envelope checks still apply.
 */
async function applyTemplate(token: string, spaceId: string, body: unknown) {
  const response = await fetch(`${server.url}/v1/spaces/${spaceId}/content/template`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 204) return apiClient(server.url, token).post(`/v1/spaces/${spaceId}/content/template`, body);
  expect(await response.text()).toBe("");
  return { status: 204, body: undefined };
}

async function emptySpace(token: string, organizationId: string, title = "Docs") {
  const space = await apiClient(server.url, token).post(`/v1/orgs/${organizationId}/spaces`, { title, empty: true });
  expect(space.status).toBe(201);
  return space.body as { id: string; revision: string };
}

const revisionOf = async (token: string, spaceId: string) => (await apiClient(server.url, token).get(`/v1/spaces/${spaceId}`)).body.revision as string;

describe("applyTemplateToSpace", () => {
  test("fills an empty space with the template's nested pages, linked to each other, as one new main revision", async () => {
    const tenant = await createTenant();
    const space = await emptySpace(tenant.admin.token, tenant.organization.id);
    const applied = await applyTemplate(tenant.admin.token, space.id, { id: "product-docs" });
    expect(applied.status).toBe(204);

    const revisionId = await revisionOf(tenant.admin.token, space.id);
    expect(revisionId).not.toBe(space.revision);
    const revision = await db().revision.findUniqueOrThrow({ where: { id: revisionId } });
    expect(revision).toMatchObject({ parents: [space.revision], authorId: tenant.admin.user.id, changeRequestId: null });

    const pages = await pagesOf(revisionId);
    expect(pages.map((page) => [page.title, page.depth])).toEqual([
      ["Overview", 0],
      ["Getting started", 0],
      ["Quickstart", 1],
      ["Installation", 1],
      ["Configuration", 0],
      ["Troubleshooting and FAQ", 0],
    ]);
    const byTitle = new Map(pages.map((page) => [page.title, page]));
    expect(byTitle.get("Quickstart")!.parentId).toBe(byTitle.get("Getting started")!.id);
    // Links between template pages point at the new pages' ids.
    expect(byTitle.get("Overview")!.markdown).toContain(`[Quickstart](/pages/${byTitle.get("Quickstart")!.id})`);
    expect(byTitle.get("Configuration")!.markdown).toContain('{% hint style="danger" %}');

    // The pages are what the content API serves.
    const listed = await apiClient(server.url, tenant.admin.token).get(`/v1/spaces/${space.id}/content/pages`);
    expect(listed.status).toBe(200);
    expect(listed.body.pages.map((page: { title: string }) => page.title)).toEqual(["Overview", "Getting started", "Configuration", "Troubleshooting and FAQ"]);
    // The new main revision goes through the search index.
    await searchIndexed(space.id);
    const found = await apiClient(server.url, tenant.admin.token).get(`/v1/spaces/${space.id}/search?query=${encodeURIComponent("system requirements")}`);
    expect(found.status).toBe(200);
    expect(found.body.items.map((item: { title: string }) => item.title)).toContain("Installation");
  });

  test("every built-in template applies, with 3 or more pages and no unresolved link", async () => {
    const tenant = await createTenant();
    for (const id of SPACE_TEMPLATE_IDS) {
      const space = await emptySpace(tenant.admin.token, tenant.organization.id, id);
      expect((await applyTemplate(tenant.admin.token, space.id, { id })).status).toBe(204);
      const pages = await pagesOf(await revisionOf(tenant.admin.token, space.id));
      expect(pages.length).toBeGreaterThanOrEqual(3);
      expect(pages.some((page) => page.depth > 0)).toBe(true);
      for (const page of pages) {
        expect(page.markdown.length).toBeGreaterThan(100);
        expect(page.markdown).not.toContain("](page:");
      }
    }
  });

  test("a space with pages answers 400 and keeps its content; so does applying twice", async () => {
    const tenant = await createTenant();
    const api = apiClient(server.url, tenant.admin.token);
    const withIntroduction = (await api.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Has a page" })).body;
    const refused = await applyTemplate(tenant.admin.token, withIntroduction.id, { id: "knowledge-base" });
    expect(refused.status).toBe(400);
    expect(fieldErrorsOf(refused.body)).toMatch(/^spaceId: The space is not empty/);
    expect(await revisionOf(tenant.admin.token, withIntroduction.id)).toBe(withIntroduction.revision);

    const space = await emptySpace(tenant.admin.token, tenant.organization.id);
    expect((await applyTemplate(tenant.admin.token, space.id, { id: "api-reference" })).status).toBe(204);
    const applied = await revisionOf(tenant.admin.token, space.id);
    expect((await applyTemplate(tenant.admin.token, space.id, { id: "api-reference" })).status).toBe(400);
    expect(await revisionOf(tenant.admin.token, space.id)).toBe(applied);
  });

  test("two concurrent applications to one empty space: one fills it, the other finds it not empty", async () => {
    const tenant = await createTenant();
    const space = await emptySpace(tenant.admin.token, tenant.organization.id);
    const results = await Promise.all([applyTemplate(tenant.admin.token, space.id, { id: "product-docs" }), applyTemplate(tenant.admin.token, space.id, { id: "knowledge-base" })]);
    expect(results.map((result) => result.status).sort()).toEqual([204, 400]);
    const pages = await pagesOf(await revisionOf(tenant.admin.token, space.id));
    const titles = pages.map((page) => page.title);
    // One template's pages, not a mix of both.
    expect(titles.includes("Overview") !== titles.includes("Welcome")).toBe(true);
  });

  test("an unknown template id or a content reference answers 400 naming the field", async () => {
    const tenant = await createTenant();
    const space = await emptySpace(tenant.admin.token, tenant.organization.id);
    const unknown = await applyTemplate(tenant.admin.token, space.id, { id: "not-a-template" });
    expect(unknown.status).toBe(400);
    expect(fieldErrorsOf(unknown.body)).toMatch(/^id: Unknown template "not-a-template"/);
    const missing = await applyTemplate(tenant.admin.token, space.id, {});
    expect(missing.status).toBe(400);
    expect(fieldErrorsOf(missing.body)).toMatch(/^id: /);
    const withRefs = await applyTemplate(tenant.admin.token, space.id, { id: "product-docs", params: { contentRefs: { logo: { kind: "file", file: "abc" } } } });
    expect(withRefs.status).toBe(400);
    expect(fieldErrorsOf(withRefs.body)).toMatch(/^params\.contentRefs: /);
    expect(await revisionOf(tenant.admin.token, space.id)).toBe(space.revision);
  });

  test("403 for a reader and on a locked space, 404 for another tenant; an editor may apply", async () => {
    const tenant = await createTenant();
    const space = await emptySpace(tenant.admin.token, tenant.organization.id);
    const reader = await tenant.member("read");
    expect((await applyTemplate(reader.token, space.id, { id: "product-docs" })).status).toBe(403);
    const stranger = await applyTemplate(tenant.stranger.token, space.id, { id: "product-docs" });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.message).toBe(`No space ${space.id}.`);

    await apiClient(server.url, tenant.admin.token).patch(`/v1/spaces/${space.id}`, { editMode: "locked" });
    const locked = await applyTemplate(tenant.admin.token, space.id, { id: "product-docs" });
    expect(locked.status).toBe(403);
    expect(locked.body.error.message).toMatch(/locked/);
    await apiClient(server.url, tenant.admin.token).patch(`/v1/spaces/${space.id}`, { editMode: "live" });

    expect(await revisionOf(tenant.admin.token, space.id)).toBe(space.revision);
    const editor = await tenant.member("edit");
    expect((await applyTemplate(editor.token, space.id, { id: "product-docs" })).status).toBe(204);
  });

  test("with changeRequestId, fills the change request's content and leaves the main content alone", async () => {
    const tenant = await createTenant();
    const api = apiClient(server.url, tenant.admin.token);
    const space = await emptySpace(tenant.admin.token, tenant.organization.id);
    const cr = (await api.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Start from a template" })).body;
    expect((await applyTemplate(tenant.admin.token, space.id, { id: "knowledge-base", changeRequestId: String(cr.number) })).status).toBe(204);
    const after = (await api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`)).body;
    expect(after.revision).not.toBe(cr.revision);
    expect((await pagesOf(after.revision)).map((page) => page.title)).toContain("Troubleshooting");
    expect(await pagesOf(await revisionOf(tenant.admin.token, space.id))).toEqual([]);
    const again = await applyTemplate(tenant.admin.token, space.id, { id: "knowledge-base", changeRequestId: cr.id });
    expect(again.status).toBe(400);
    expect(fieldErrorsOf(again.body)).toMatch(/^changeRequestId: The change request's content is not empty/);
    expect((await applyTemplate(tenant.admin.token, space.id, { id: "knowledge-base", changeRequestId: "999" })).status).toBe(404);
  });
});

// ---- PDF ----

/** A space with a small page tree on main, and an open change request that edits one page and adds another. */
async function pdfSetup() {
  const tenant = await createTenant();
  const api = apiClient(server.url, tenant.admin.token);
  const space = await emptySpace(tenant.admin.token, tenant.organization.id, "Handbook");
  await commitPages(space.id, [
    { id: "guide-page-00000000001", title: "Guide", slug: "guide", markdown: "Guide body paragraph.\n\n- first bullet\n- second bullet\n" },
    { id: "setup-page-00000000001", title: "Setup", slug: "setup", parentId: "guide-page-00000000001", markdown: "Setup body with **bold words** and `inline code`.\n\n```sh\nnpm run setup\n```\n" },
    { id: "faq-page-0000000000001", title: "FAQ", slug: "faq", markdown: "FAQ body paragraph.\n" },
  ]);
  const cr = (await api.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Rework the FAQ" })).body as { id: string; number: number; revision: string };
  const { depth: _, ...faq } = (await pagesOf(cr.revision)).find((page) => page.title === "FAQ")!;
  const now = new Date().toISOString();
  await commitToChangeRequest(cr.id, {
    put: [
      { ...faq, markdown: "FAQ rewritten in the change request.\n\n{% hint style=\"warning\" %}\nHint text inside a box.\n{% endhint %}\n\n| Question | Answer |\n| --- | --- |\n| Table question | Table answer |\n" },
      { id: "new-page-000000000001", title: "Glossary", slug: "glossary", parentId: null, sortKey: 9, markdown: "Glossary body added by the change request.\n", createdAt: now, updatedAt: now },
    ],
  });
  const pdfPath = `/v1/spaces/${space.id}/change-requests/${cr.number}/pdf`;
  return { tenant, api, space, cr, pdfPath };
}

describe("getChangeRequestPDF", () => {
  test("answers a one-hour link that serves the change request's content as a real PDF", async () => {
    const { tenant, api, cr, pdfPath } = await pdfSetup();
    const answer = await api.get(pdfPath);
    expect(answer.status).toBe(200);
    expect(answer.body.url).toMatch(new RegExp(`^${server.url}/pdf/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));
    expect(answer.body.url).not.toContain(tenant.admin.token);

    const response = await openPdfLink(answer.body.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(`change request ${cr.number}`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.subarray(-6).toString("latin1")).toMatch(/%%EOF/);

    const text = await pdfText(bytes);
    // Title page, contents, then every page of the change request in reading order.
    expect(text).toContain("Handbook");
    expect(text).toContain("Rework the FAQ");
    expect(text).toContain("Contents");
    for (const expected of ["Guide body paragraph.", "first bullet", "Setup body with", "bold words", "npm run setup", "FAQ rewritten in the change request.", "Hint text inside a box.", "Table answer", "Glossary body added by the change request."]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("FAQ body paragraph.");
    const order = ["Guide body paragraph.", "Setup body with", "FAQ rewritten", "Glossary body"].map((needle) => text.indexOf(needle));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  test("variables show their values", async () => {
    const { api, space, cr, pdfPath } = await pdfSetup();
    const content = `/v1/spaces/${space.id}/change-requests/${cr.number}/content`;
    await api.post(content, {
      changes: [
        { operation: "update_page", page: "new-page-000000000001", document: { markdown: "Made by {{ space.vars.company }} for {{ page.vars.audience }}.\n" } },
        { operation: "update_variables", variables: { company: "Acme" } },
        { operation: "update_variables", page: "new-page-000000000001", variables: { audience: "newcomers" } },
      ],
    });
    const text = await pdfText(Buffer.from(await (await openPdfLink((await api.get(`${pdfPath}?page=new-page-000000000001&only=true`)).body.url)).arrayBuffer()));
    expect(text).toContain("Made by Acme for newcomers.");
  });

  test("`page` exports a page with its subpages; with `only`, the page alone", async () => {
    const { api, pdfPath } = await pdfSetup();
    const section = await pdfText(Buffer.from(await (await openPdfLink((await api.get(`${pdfPath}?page=guide-page-00000000001`)).body.url)).arrayBuffer()));
    expect(section).toContain("Guide body paragraph.");
    expect(section).toContain("Setup body with");
    expect(section).not.toContain("FAQ rewritten");

    const answer = await api.get(`${pdfPath}?page=guide-page-00000000001&only=true`);
    expect(answer.status).toBe(200);
    const single = await pdfText(Buffer.from(await (await openPdfLink(answer.body.url)).arrayBuffer()));
    expect(single).toContain("Guide body paragraph.");
    expect(single).not.toContain("Setup body with");
    expect(single).not.toContain("Glossary body");
    expect(single).not.toContain("Contents");
  });

  test("every script comes out as written: the title page, the heading and the body, in embedded Noto faces", async () => {
    const { tenant, api, cr, pdfPath } = await pdfSetup();
    const body = "中文的段落，测试导出。\n\nРусский текст для проверки.\n\nΕλληνικό κείμενο για έλεγχο.\n";
    const now = new Date().toISOString();
    await commitToChangeRequest(cr.id, { put: [{ id: "intl-page-00000000001", title: "Übersicht 概要", slug: "ubersicht", parentId: null, sortKey: 10, markdown: body, createdAt: now, updatedAt: now }] });
    const answer = await api.get(`${pdfPath}?page=intl-page-00000000001&only=true`);
    const bytes = Buffer.from(await (await openPdfLink(answer.body.url)).arrayBuffer());
    // The title page (label, space, subject, what, who and when), then the page's heading and body.
    const text = await pdfText(bytes);
    const date = new Date().toISOString().slice(0, 10);
    expect(text).toBe(`Change request #${cr.number} · draft Handbook Rework the FAQ Page: Übersicht 概要 Exported by ${(await db().user.findUniqueOrThrow({ where: { id: tenant.admin.user.id } })).displayName} on ${date} Übersicht 概要 中文的段落，测试导出。 Русский текст для проверки. Ελληνικό κείμενο για έλεγχο.`);
    const fonts = (await pdfFonts(bytes)).map((font) => font.name);
    expect(fonts).toEqual(expect.arrayContaining(["NotoSans-Regular", "NotoSans-Bold"]));
    expect(fonts.some((name) => name.startsWith("NotoSansSC"))).toBe(true);
  });

  test("a page that is not in the change request answers 400 naming `page`; a malformed flag too", async () => {
    const { api, pdfPath } = await pdfSetup();
    const missing = await api.get(`${pdfPath}?page=nosuchpage0000000000`);
    expect(missing.status).toBe(400);
    expect(fieldErrorsOf(missing.body)).toMatch(/^page: No page nosuchpage0000000000/);
    const badFlag = await api.get(`${pdfPath}?page=guide-page-00000000001&only=yes`);
    expect(badFlag.status).toBe(400);
    expect(fieldErrorsOf(badFlag.body)).toMatch(/^only: /);
  });

  test("altered, forged and expired links are refused", async () => {
    const { tenant, space, cr, api, pdfPath } = await pdfSetup();
    const { url } = (await api.get(pdfPath)).body as { url: string };
    const [body, signature] = new URL(url).pathname.replace("/pdf/", "").split(".") as [string, string];
    const flipped = signature.slice(0, -2) + (signature.slice(-2, -1) === "A" ? "B" : "A") + signature.slice(-1);
    expect((await openPdfLink(`${server.url}/pdf/${body}.${flipped}`)).status).toBe(404);

    // Another payload under the original signature.
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), pageId: "faq-page-0000000000001" })).toString("base64url");
    expect((await openPdfLink(`${server.url}/pdf/${otherPayload}.${signature}`)).status).toBe(404);
    expect((await openPdfLink(`${server.url}/pdf/garbage`)).status).toBe(404);

    const expired = signPdfLink({ spaceId: space.id, changeRequestId: cr.id, userId: tenant.admin.user.id }, Date.now() - 2 * 60 * 60 * 1000);
    const refused = await openPdfLink(`${server.url}/pdf/${expired}`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toMatch(/expired/);
  });

  test("a link re-checks access when opened; another tenant gets 404", async () => {
    const { tenant, space, cr, pdfPath } = await pdfSetup();
    const reader = await tenant.member("read");
    const { url } = (await apiClient(server.url, reader.token).get(pdfPath)).body as { url: string };
    expect((await openPdfLink(url)).status).toBe(200);
    await db().member.delete({ where: { organizationId_userId: { organizationId: tenant.organization.id, userId: reader.user.id } } });
    expect((await openPdfLink(url)).status).toBe(404);

    const stranger = apiClient(server.url, tenant.stranger.token);
    const answer = await stranger.get(pdfPath);
    expect(answer.status).toBe(404);
    expect(answer.body.error.message).toBe(`No space ${space.id}.`);
    // A valid signature does not stand in for access: the user named in the link must be able to read.
    const signedForStranger = signPdfLink({ spaceId: space.id, changeRequestId: cr.id, userId: tenant.stranger.user.id });
    expect((await openPdfLink(`${server.url}/pdf/${signedForStranger}`)).status).toBe(404);
  });

  test("a link asked for with an API token stops working when the token is revoked; other tokens' links go on", async () => {
    const { tenant, pdfPath } = await pdfSetup();
    const reader = await tenant.member("read");
    const second = await createApiToken({ userId: reader.user.id, via: "session" }, { name: "second" });
    const { url } = (await apiClient(server.url, reader.token).get(pdfPath)).body as { url: string };
    const { url: otherUrl } = (await apiClient(server.url, second.token).get(pdfPath)).body as { url: string };
    expect((await openPdfLink(url)).status).toBe(200);

    const [minting] = await listApiTokens({ userId: reader.user.id, via: "session" }).then((tokens) => tokens.filter((token) => token.id !== second.apiToken.id));
    await revokeApiToken({ userId: reader.user.id, via: "session" }, minting!.id);
    const refused = await openPdfLink(url);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: 403, message: "This PDF link no longer works: the API token it was made with has been revoked." } });
    expect((await openPdfLink(otherUrl)).status).toBe(200);
  });

  test("a link asked for in a session works while its user can read the change request", async () => {
    const { tenant, space, cr } = await pdfSetup();
    const reader = await tenant.member("read");
    const link = await getChangeRequestPdfUrl({ actor: { userId: reader.user.id, via: "session" }}, space.id, String(cr.number), { only: false });
    const { url } = presentPdfLink(link, urlsFor(server.url));
    expect((await openPdfLink(url)).status).toBe(200);
    await db().member.delete({ where: { organizationId_userId: { organizationId: tenant.organization.id, userId: reader.user.id } } });
    expect((await openPdfLink(url)).status).toBe(404);
  });
});
