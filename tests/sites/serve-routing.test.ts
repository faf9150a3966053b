import { describe, expect, test } from "vitest";
import { commitRevision, currentRevision } from "../../server/content/revisions";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { fileStorage } from "../../server/storage/file-storage";
import { addSection, addSiteSpace, createTenant, publishedSite, spaceWithPages, visit } from "./serve-fixtures";

/** Which page a path of a served site names: sections, variants, defaults, home pages, trailing slashes, the site's redirects, and its files. */

async function docsSite() {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const installId = newId();
  const v2 = await spaceWithPages(organizationId, "Docs v2", [
    { title: "Welcome", slug: "welcome", markdown: "Welcome to version two.\n" },
    { id: installId, title: "Install", slug: "install", markdown: "Install version two.\n" },
    { title: "Linux", slug: "linux", parentId: installId, markdown: "Linux steps.\n" },
  ]);
  const v1 = await spaceWithPages(organizationId, "Docs v1", [
    { title: "Welcome", slug: "welcome", markdown: "Welcome to version one.\n" },
    { title: "Install", slug: "install", markdown: "Install version one.\n" },
  ]);
  const api = await spaceWithPages(organizationId, "API", [
    { title: "Overview", slug: "overview", markdown: "The API overview.\n" },
    { title: "Endpoints", slug: "endpoints", markdown: "Every endpoint.\n" },
  ]);
  const site = await publishedSite(organizationId);
  const docs = await addSection(site.id, { title: "Docs", path: "docs", isDefault: true, position: 0 });
  const apiSection = await addSection(site.id, { title: "API", path: "api", position: 1 });
  const latest = await addSiteSpace(site.id, { spaceId: v2.space.id, sectionId: docs.id, path: "v2", isDefault: true, position: 0 });
  const older = await addSiteSpace(site.id, { spaceId: v1.space.id, sectionId: docs.id, path: "v1", position: 1 });
  // The API's home page is chosen: its second page.
  await addSiteSpace(site.id, { spaceId: api.space.id, sectionId: apiSection.id, path: "reference", isDefault: true, position: 0, pageId: api.pageIds[1] });
  return { organizationId, site, b: `/${site.basename}`, v2, v1, api, docs, apiSection, latest, older, installId };
}

describe("pages by path", () => {
  test("the default section and variant are at the site's root; others under their paths; home pages at their variant's URL", async () => {
    const { b } = await docsSite();
    const expectPage = async (path: string, text: string) => {
      const answer = await visit(path);
      expect(answer.status, path).toBe(200);
      expect(answer.text, path).toContain(text);
    };
    await expectPage(b, "Welcome to version two.");
    await expectPage(`${b}/install`, "Install version two.");
    await expectPage(`${b}/install/linux`, "Linux steps.");
    await expectPage(`${b}/v1`, "Welcome to version one.");
    await expectPage(`${b}/v1/install`, "Install version one.");
    await expectPage(`${b}/api`, "Every endpoint.");
    await expectPage(`${b}/api/overview`, "The API overview.");
    expect((await visit(`${b}/nothing-here`)).status).toBe(404);
    expect((await visit(`${b}/v1/linux`)).status).toBe(404);
  });

  test("a home page's own slug path and a trailing slash redirect to the canonical URL", async () => {
    const { b } = await docsSite();
    expect(await visit(`${b}/welcome`)).toMatchObject({ status: 301, location: b });
    expect(await visit(`${b}/v1/welcome`)).toMatchObject({ status: 301, location: `${b}/v1` });
    expect(await visit(`${b}/api/endpoints`)).toMatchObject({ status: 301, location: `${b}/api` });
    expect(await visit(`${b}/install/`)).toMatchObject({ status: 301, location: `${b}/install` });
    expect(await visit(`${b}/install/linux/?x=1`)).toMatchObject({ status: 301, location: `${b}/install/linux?x=1` });
  });
});

describe("site redirects", () => {
  test("are looked up when no page matches: exact sources, wildcard prefixes with the captured rest, 301 when permanent else 302", async () => {
    const { site, b, latest, older, installId, apiSection } = await docsSite();
    const redirect = (source: string, destination: object, extra: { permanent?: boolean; captureWildcard?: boolean } = {}) =>
      db().siteRedirect.create({ data: { id: newId(), siteId: site.id, source, destination, ...extra } });
    await redirect("/old-install", { kind: "site-page", siteSpaceId: latest.id, pageId: installId });
    await redirect("/legacy/*", { kind: "site-space", siteSpaceId: older.id }, { permanent: false, captureWildcard: true });
    await redirect("/reference", { kind: "site-section", siteSectionId: apiSection.id });
    await redirect("/elsewhere", { kind: "external", url: "https://example.com/docs" });
    // A page wins over a redirect of the same path.
    await redirect("/install", { kind: "external", url: "https://example.com/never" });

    expect(await visit(`${b}/old-install`)).toMatchObject({ status: 301, location: `${b}/install` });
    expect(await visit(`${b}/legacy/install`)).toMatchObject({ status: 302, location: `${b}/v1/install` });
    expect(await visit(`${b}/reference`)).toMatchObject({ status: 301, location: `${b}/api` });
    expect(await visit(`${b}/elsewhere`)).toMatchObject({ status: 301, location: "https://example.com/docs" });
    expect((await visit(`${b}/install`)).status).toBe(200);
    expect((await visit(`${b}/legacy`)).status).toBe(404);
  });
});

describe("files", () => {
  test("a file of a space the site shows is served from storage: images in place, anything else as a download, never sniffed", async () => {
    const { v2, api, b, organizationId } = await docsSite();
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    const html = Buffer.from("<script>alert(1)</script>");
    const files = [
      { id: newId(), name: "logo.png", contentType: "image/png", size: png.length, blob: await fileStorage().put(png), createdAt: new Date().toISOString() },
      { id: newId(), name: "page one.html", contentType: "text/html", size: html.length, blob: await fileStorage().put(html), createdAt: new Date().toISOString() },
    ];
    await db().$transaction(async (tx) => {
      const space = await tx.space.findUniqueOrThrow({ where: { id: v2.space.id } });
      const base = await currentRevision(tx, space);
      const revision = await commitRevision(tx, { spaceId: space.id, base, parents: [base.id], putFiles: files });
      await tx.space.update({ where: { id: space.id }, data: { revisionId: revision.id } });
    });
    const image = await visit(`${b}/~/files/${v2.space.id}/${files[0]!.id}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("content-disposition")).toMatch(/^inline/);
    const download = await visit(`${b}/~/files/${v2.space.id}/${files[1]!.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''page%20one.html");
    expect(download.headers.get("content-security-policy")).toMatch(/^sandbox/);

    // Files of spaces the site does not show, or of no space, are not there.
    const outside = await spaceWithPages(organizationId, "Private", [{ title: "Hidden", slug: "hidden" }]);
    expect((await visit(`${b}/~/files/${outside.space.id}/${files[0]!.id}`)).status).toBe(404);
    expect((await visit(`${b}/~/files/${api.space.id}/${files[0]!.id}`)).status).toBe(404);
    expect((await visit(`${b}/~/files/${v2.space.id}/${files[0]!.id}`, { method: "POST" })).status).toBe(405);
  });
});
