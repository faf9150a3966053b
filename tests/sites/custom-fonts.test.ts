import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GET as getFontFile } from "../../app/api/fonts/[fontId]/[file]/route";
import { PUT as putUpload } from "../../app/api/storage/upload/[token]/route";
import { db } from "../../server/db/client";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { MAX_FONT_BYTES } from "../../server/storage/uploads/schemas";
import { createSite, createTenant, fakeFont } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";

/**
 * Custom fonts: upload URLs (generateStorageUploadURL and the PUT to them), the custom-fonts
 * operations, and the public font files. Every /v1 answer is checked against the reference.
 */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

async function setup() {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const [reader, guest, creator] = await Promise.all([tenant.member("read"), tenant.member(null), tenant.member("create")]);
  const as = (who: { token: string }) => apiClient(server.url, who.token);
  const admin = as(tenant.admin);
  const fonts = `/v1/orgs/${organizationId}/fonts`;
  /** Asks for an upload URL and PUTs `bytes` to it: the storage key, or the PUT's answer when it is refused. */
  async function upload(bytes: Buffer, file: Partial<{ name: string; type: string; size: number }> = {}) {
    const url = await admin.post(`/v1/orgs/${organizationId}/storage/upload`, { file: { name: "Brand.woff2", type: "font/woff2", size: bytes.length, ...file }, kind: "customization_font" });
    expect(url.status, JSON.stringify(url.body)).toBe(201);
    const response = await put(url.body.url, bytes);
    return { key: url.body.key as string, url: url.body.url as string, response, body: await response.json() };
  }
  async function uploaded(bytes = fakeFont()) {
    const result = await upload(bytes);
    expect(result.response.status, JSON.stringify(result.body)).toBe(201);
    return result.key;
  }
  return { tenant, organizationId, admin, reader: as(reader), guest: as(guest), creator: as(creator), stranger: as(tenant.stranger), fonts, upload, uploaded };
}

/** The PUT to an upload URL, through the route handler the app serves it with. */
function put(url: string, bytes: Buffer | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  const token = new URL(url).pathname.split("/").pop()!;
  const request = new Request(url, { method: "PUT", body: bytes, headers: { "Content-Type": "font/woff2", ...headers }, duplex: "half" } as RequestInit);
  return putUpload(request, { params: Promise.resolve({ token }) });
}

/** GET of a font file URL, through its route handler. */
function fetchFontFile(url: string) {
  const [, , , fontId, file] = new URL(url).pathname.split("/");
  return getFontFile(new Request(url), { params: Promise.resolve({ fontId: fontId!, file: file! }) });
}

describe("custom fonts", () => {
  test("an admin uploads files, creates, reads, lists, updates and deletes a font; its files are public and immutable", async () => {
    const { admin, reader, fonts, uploaded, organizationId } = await setup();
    const regular = fakeFont(100);
    const [regularKey, boldKey, boldWoffKey] = await Promise.all([uploaded(regular), uploaded(fakeFont(80)), uploaded(fakeFont(90, "wOFF"))]);
    expect(regularKey).toMatch(new RegExp(`^orgs/${organizationId}/customization_font/`));

    const created = await admin.put(fonts, { fontFamily: "Brand Sans", fontFaces: [{ weight: 400, storageKey: regularKey }, { weight: 700, storageKey: boldKey }] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ custom: true, fontFamily: "Brand Sans", permissions: { edit: true } });
    expect(created.body.fontFaces.map((face: { weight: number }) => face.weight)).toEqual([400, 700]);
    const [source] = created.body.fontFaces[0].sources;
    expect(source.format).toBe("woff2");
    expect(source.url).toMatch(new RegExp(`/api/fonts/${created.body.id}/[0-9A-Za-z]{20}\\.woff2$`));

    const file = await fetchFontFile(source.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("font/woff2");
    expect(file.headers.get("access-control-allow-origin")).toBe("*");
    expect(file.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await file.arrayBuffer())).toEqual(regular);

    const id = created.body.id as string;
    const read = await reader.get(`${fonts}/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...created.body, permissions: { edit: false } });
    const list = await reader.get(fonts);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, items: [{ id, fontFamily: "Brand Sans" }] });

    // Rename, replace the bold face by a WOFF file, add a light one; then remove the bold one.
    const updated = await admin.post(`${fonts}/${id}`, { fontFamily: "Brand Sans 2", fontFaces: [{ weight: 700, storageKey: boldWoffKey }, { weight: 300, storageKey: boldKey }] });
    expect(updated.status).toBe(201);
    expect(updated.body.fontFamily).toBe("Brand Sans 2");
    expect(updated.body.fontFaces.map((face: { weight: number; sources: { format: string }[] }) => [face.weight, face.sources[0]!.format])).toEqual([[300, "woff2"], [400, "woff2"], [700, "woff"]]);
    const woff = await fetchFontFile(updated.body.fontFaces[2].sources[0].url);
    expect(woff.headers.get("content-type")).toBe("font/woff");
    const removed = await admin.post(`${fonts}/${id}`, { fontFaces: [{ weight: 700, storageKey: null }] });
    expect(removed.body.fontFaces.map((face: { weight: number }) => face.weight)).toEqual([300, 400]);
    // Sending what it is changes nothing, and records nothing.
    const events = () => db().domainEvent.findMany({ where: { organizationId, targetId: id }, orderBy: { occurredAt: "asc" }, select: { action: true } });
    expect(await events()).toEqual([{ action: "custom_font.created" }, { action: "custom_font.updated" }, { action: "custom_font.updated" }]);
    expect((await admin.post(`${fonts}/${id}`, { fontFamily: "Brand Sans 2" })).status).toBe(201);
    expect(await events()).toHaveLength(3);

    expect((await admin.delete(`${fonts}/${id}`)).status).toBe(205);
    expect((await admin.delete(`${fonts}/${id}`)).status).toBe(204);
    expect((await admin.get(`${fonts}/${id}`)).status).toBe(404);
    expect((await fetchFontFile(source.url)).status).toBe(404);
    expect((await events()).map((event) => event.action)).toContain("custom_font.deleted");
  });

  test("a font needs a regular face, one file per weight, and files this organization uploaded", async () => {
    const { admin, fonts, uploaded, upload, organizationId } = await setup();
    const other = await setup();
    const key = await uploaded();
    const theirs = await other.uploaded();
    const pending = (await admin.post(`/v1/orgs/${organizationId}/storage/upload`, { file: { name: "a.woff2", type: "font/woff2", size: 10 }, kind: "customization_font" })).body.key;
    const refused = await upload(Buffer.from("<html>not a font</html>"), { name: "page.woff2" });

    const noRegular = await admin.put(fonts, { fontFamily: "Bold Only", fontFaces: [{ weight: 700, storageKey: key }] });
    expect(noRegular.status).toBe(412);
    expect(noRegular.body.error.message).toContain("weight 400");
    const twice = await admin.put(fonts, { fontFamily: "Twice", fontFaces: [{ weight: 400, storageKey: key }, { weight: 400, storageKey: key }] });
    expect([twice.status, Object.keys(twice.body.error.details.fields)]).toEqual([400, ["fontFaces.1.weight"]]);
    for (const storageKey of [theirs, pending, refused.key, "orgs/x/customization_font/nothing"]) {
      const response = await admin.put(fonts, { fontFamily: "Taken", fontFaces: [{ weight: 400, storageKey }] });
      expect([response.status, Object.keys(response.body.error.details.fields)]).toEqual([400, ["fontFaces.0.storageKey"]]);
    }
    const quoted = await admin.put(fonts, { fontFamily: 'Evil"; } body { color: red', fontFaces: [{ weight: 400, storageKey: key }] });
    expect([quoted.status, Object.keys(quoted.body.error.details.fields)]).toEqual([400, ["fontFamily"]]);
    const made = await admin.put(fonts, { fontFamily: "Good", fontFaces: [{ weight: 400, storageKey: key }] });
    const withoutRegular = await admin.post(`${fonts}/${made.body.id}`, { fontFaces: [{ weight: 400, storageKey: null }] });
    expect(withoutRegular.status).toBe(412);
    expect(await db().customFont.count({ where: { organizationId } })).toBe(1);
  });

  test("upload URLs take WOFF2 and WOFF files of the declared size, at most 5 MB, once, before they expire", async () => {
    const { admin, upload, organizationId } = await setup();
    const ask = (file: Record<string, unknown>, kind = "customization_font") => admin.post(`/v1/orgs/${organizationId}/storage/upload`, { file: { name: "a.woff2", type: "font/woff2", size: 100, ...file }, kind });

    const tooBig = await ask({ size: MAX_FONT_BYTES + 1 });
    expect([tooBig.status, tooBig.body.error.message]).toEqual([400, expect.stringContaining("5 MB")]);
    const notAFontType = await ask({ type: "image/png" });
    expect([notAFontType.status, notAFontType.body.error.message]).toEqual([400, expect.stringContaining("image/png is not a web font")]);
    const importFile = await ask({}, "import_file");
    expect([importFile.status, importFile.body.error.message]).toEqual([400, expect.stringContaining("import_file uploads")]);
    // Organization files are images (tests/api/organization-settings.test.ts).
    const fontAsOrganizationFile = await ask({}, "organization_file");
    expect([fontAsOrganizationFile.status, fontAsOrganizationFile.body.error.message]).toEqual([400, expect.stringContaining("font/woff2 is not an image")]);
    expect((await ask({}, "avatar")).status).toBe(400);

    const html = await upload(Buffer.from("<!doctype html><p>hello</p>"), { name: "brand.woff2" });
    expect(html.response.status).toBe(400);
    expect(html.body.error.message).toContain("brand.woff2 is not a WOFF2 or WOFF font file");
    const ttf = await upload(Buffer.from([0, 1, 0, 0, 0, 12, 0, 128, 0, 3, 0, 64]), { name: "brand.ttf", type: "" });
    expect(ttf.body.error.message).toContain("brand.ttf is not a WOFF2 or WOFF font file");

    // Longer than declared: refused while reading, whether the length is announced or streamed.
    const declared = await ask({ size: 10 });
    expect((await put(declared.body.url, fakeFont(11))).status).toBe(413);
    const streamed = await ask({ size: 10 });
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(fakeFont(8));
        controller.enqueue(fakeFont(8));
        controller.close();
      },
    });
    const overflow = await put(streamed.body.url, chunks);
    expect(overflow.status).toBe(413);
    expect((await overflow.json()).error.message).toContain("Larger than the limit of 10 bytes");
    const short = await ask({ size: 100 });
    const shortAnswer = await put(short.body.url, fakeFont(60));
    expect([shortAnswer.status, (await shortAnswer.json()).error.details]).toEqual([400, { fields: { body: "The file ended after 60 bytes; 100 were announced." } }]);

    // Used once, whether the upload was taken or refused; unknown and expired URLs are not found.
    const once = await upload(fakeFont(64));
    expect(once.response.status).toBe(201);
    expect(once.body).toMatchObject({ key: once.key, size: 64, format: "woff2" });
    expect(once.response.headers.get("access-control-allow-origin")).toBe("*");
    expect((await put(once.url, fakeFont(64))).status).toBe(404);
    expect((await put(html.url, fakeFont(27))).status).toBe(404);
    const expiring = await ask({ size: 64 });
    await db().storageUpload.update({ where: { key: expiring.body.key }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await put(expiring.body.url, fakeFont(64))).status).toBe(404);
    expect((await put(`${server.url}/api/storage/upload/${"A".repeat(43)}`, fakeFont(64))).status).toBe(404);
    expect((await put(`${server.url}/api/storage/upload/..%2F..`, fakeFont(64))).status).toBe(404);
  });

  test("another organization's fonts are not found, and only admins manage fonts", async () => {
    const { admin, reader, guest, creator, stranger, fonts, uploaded } = await setup();
    const key = await uploaded();
    const font = (await admin.put(fonts, { fontFamily: "Ours", fontFaces: [{ weight: 400, storageKey: key }] })).body;

    const other = await setup();
    const theirs = `${other.fonts}/${font.id}`;
    expect((await other.admin.get(theirs)).status).toBe(404);
    expect((await other.admin.post(theirs, { fontFamily: "Stolen" })).status).toBe(404);
    // The reference answers 204 for a font that is not there: nothing is deleted.
    expect((await other.admin.delete(theirs)).status).toBe(204);
    expect((await other.admin.get(other.fonts)).body).toMatchObject({ count: 0, items: [] });
    expect((await stranger.get(fonts)).status).toBe(404);
    expect((await stranger.get(`${fonts}/${font.id}`)).status).toBe(404);

    for (const member of [reader, guest, creator]) {
      expect((await member.get(fonts)).body.items).toEqual([{ ...font, permissions: { edit: false } }]);
      expect((await member.put(fonts, { fontFamily: "Mine", fontFaces: [{ weight: 400, storageKey: key }] })).status).toBe(403);
      expect((await member.post(`${fonts}/${font.id}`, { fontFamily: "Mine" })).status).toBe(403);
      expect((await member.delete(`${fonts}/${font.id}`)).status).toBe(403);
      expect((await member.post(fonts.replace("/fonts", "/storage/upload"), { file: { name: "a.woff2", type: "font/woff2", size: 10 }, kind: "customization_font" })).status).toBe(403);
    }
    expect((await admin.get(`${fonts}/${font.id}`)).body.fontFamily).toBe("Ours");
  });

  test("a site's customization takes a custom font as the fonts operations answer it (without its permissions)", async () => {
    const { admin, fonts, uploaded, organizationId } = await setup();
    const { permissions: _, ...definition } = (await admin.put(fonts, { fontFamily: "Brand Serif", fontFaces: [{ weight: 400, storageKey: await uploaded() }] })).body;
    const site = await createSite(organizationId, { title: "Fonts" });
    const customization = `/v1/orgs/${organizationId}/sites/${site.id}/customization`;
    const saved = await admin.put(customization, { styling: { font: definition, headingFont: definition } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await admin.get(customization)).body.styling).toMatchObject({ font: definition, headingFont: definition });
  });

  test("the editor's procedures: permissions, an upload URL, create, list, update and delete", async () => {
    const { tenant, organizationId } = await setup();
    const reader = await tenant.member("read");
    const caller = (userId: string) => createCallerFactory(appRouter)({ actor: { userId, via: "session" }, baseUrl: "http://quire.test" });
    const admin = caller(tenant.admin.user.id);
    expect(await admin.customFonts.permissions({ organizationId })).toEqual({ view: true, edit: true });
    expect(await caller(reader.user.id).customFonts.permissions({ organizationId })).toEqual({ view: true, edit: false });
    const target = await admin.customFonts.uploadUrl({ organizationId, file: { name: "Brand.woff2", type: "font/woff2", size: 64 } });
    expect(target.url).toMatch(/^http:\/\/quire\.test\/api\/storage\/upload\/[A-Za-z0-9_-]{43}$/);
    expect((await put(target.url, fakeFont(64))).status).toBe(201);
    const font = await admin.customFonts.create({ organizationId, font: { fontFamily: "Editor Sans", fontFaces: [{ weight: 400, storageKey: target.key }] } });
    expect((await admin.customFonts.list({ organizationId })).items.map((item) => item.fontFamily)).toEqual(["Editor Sans"]);
    expect((await admin.customFonts.update({ organizationId, fontId: font.id, font: { fontFamily: "Editor Sans 2" } })).fontFamily).toBe("Editor Sans 2");
    await expect(caller(reader.user.id).customFonts.delete({ organizationId, fontId: font.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await admin.customFonts.delete({ organizationId, fontId: font.id })).toEqual({ removed: true });
    expect((await admin.customFonts.list({ organizationId })).count).toBe(0);
  });
});
