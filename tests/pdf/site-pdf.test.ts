import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { closePdfBrowser } from "../../server/pdf/browser";
import { apiClient, startApiServer } from "../helpers/server";
import { normalizeSpace, pdfFonts, pdfPages, pdfText, withoutFooter } from "../helpers/pdf-text";
import { serveSite } from "../../server/sites/serve/handler";
import { addSiteSpace, cookiesOf, createTenant, inAnHour, ok, ORIGIN, publishedSite, signToken, spaceWithPages } from "../sites/serve-fixtures";
import { eventsDispatched } from "../helpers/events";

/** A published site's PDFs (`~/pdf/page/…`, `~/pdf/space/…`): only where `pdf.enabled`, only what the visitor may read, every script as written. */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => {
  await closePdfBrowser();
  await server.close();
});

/** A request to the served site, as serve-fixtures' `visit` makes it, with the body kept as bytes (a PDF). */
async function fetchSite(path: string, init: { headers?: Record<string, string>; cookies?: string[] } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookies?.length) headers.set("cookie", init.cookies.join("; "));
  const response = await serveSite(new Request(`${ORIGIN}${path}`, { headers }));
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const ARABIC = ["يشرح هذا الدليل كيفية تثبيت منصة التوثيق وإعدادها.", "أولاً، أنشئ مساحة جديدة، ثم ادعُ زملاءك للكتابة معك."];

async function pdfSite(options: { visibility?: string; sitePdf?: boolean; siteSpacePdf?: boolean; language?: string } = {}) {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const { space, pageIds } = await spaceWithPages(organizationId, "الدليل", [
    { title: "مرحبا", slug: "welcome", markdown: `${ARABIC.join("\n\n")}\n\nSee [the install page](/pages/install-page-0000000001).\n` },
    { id: "install-page-0000000001", title: "التثبيت", slug: "install", markdown: "شغّل المثبت.\n" },
    { title: "Hidden notes", slug: "hidden", markdown: "Not in the navigation.\n", hidden: true },
  ]);
  if (options.language) await db().space.update({ where: { id: space.id }, data: { language: options.language } });
  const site = await publishedSite(organizationId, {
    visibility: options.visibility ?? "public",
    ...(options.sitePdf === false ? {} : { customization: { pdf: { enabled: true } } }),
  });
  const siteSpace = await addSiteSpace(site.id, { spaceId: space.id, path: "guide", isDefault: true, position: 0, title: "الدليل" });
  if (options.siteSpacePdf !== undefined) await db().siteSpace.update({ where: { id: siteSpace.id }, data: { customization: { pdf: { enabled: options.siteSpacePdf } } } });
  const admin = apiClient(server.url, tenant.admin.token);
  return { site, siteSpace, pageIds, b: `/${site.basename}`, admin, base: `/v1/orgs/${organizationId}/sites/${site.id}` };
}

describe("a published page as PDF", () => {
  test("an Arabic page reads back as written, right to left, in the shipped Arabic face; a download with a safe name, cached by ETag", async () => {
    const { b, siteSpace, pageIds } = await pdfSite({ language: "ar" });
    const answer = await fetchSite(`${b}/~/pdf/page/${siteSpace.id}/${pageIds[0]}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename=".pdf"; filename*=UTF-8''${encodeURIComponent("مرحبا.pdf")}`);
    expect(await pdfText(answer.bytes, { cover: false })).toBe(normalizeSpace(["مرحبا", ...ARABIC, "See the install page."].join(" ")));
    expect((await pdfFonts(answer.bytes)).some((font) => font.name.startsWith("NotoSansArabic"))).toBe(true);

    const again = await fetchSite(`${b}/~/pdf/page/${siteSpace.id}/${pageIds[0]}`, { headers: { "if-none-match": answer.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  test("a whole variant: a cover, contents, then every page of its navigation in reading order; hidden pages stay out", async () => {
    const { b, siteSpace, site } = await pdfSite({ language: "ar" });
    const answer = await fetchSite(`${b}/~/pdf/space/${siteSpace.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("الدليل.pdf")}`);
    const pages = await pdfPages(answer.bytes);
    expect(normalizeSpace(pages[0]!)).toBe(normalizeSpace(`${site.title} الدليل`));
    const rest = pages.slice(1).map((page, index) => normalizeSpace(withoutFooter(page, index + 1, pages.length)));
    expect(rest).toEqual(["Contents مرحبا التثبيت", normalizeSpace(["مرحبا", ...ARABIC, "See the install page."].join(" ")), "التثبيت شغّل المثبت."]);
  });
});

describe("where PDFs are served", () => {
  test("404 unless the site space's customization enables PDFs; a variant's override wins over the site's", async () => {
    const off = await pdfSite({ sitePdf: false });
    expect((await fetchSite(`${off.b}/~/pdf/page/${off.siteSpace.id}/${off.pageIds[0]}`)).status).toBe(404);
    expect((await fetchSite(`${off.b}/~/pdf/space/${off.siteSpace.id}`)).status).toBe(404);

    const overridden = await pdfSite({ siteSpacePdf: false });
    expect((await fetchSite(`${overridden.b}/~/pdf/page/${overridden.siteSpace.id}/${overridden.pageIds[0]}`)).status).toBe(404);
    const onlyVariant = await pdfSite({ sitePdf: false, siteSpacePdf: true });
    expect((await fetchSite(`${onlyVariant.b}/~/pdf/page/${onlyVariant.siteSpace.id}/${onlyVariant.pageIds[1]}`)).status).toBe(200);
  });

  test("404 for a page or site space the site does not show, or another site's", async () => {
    const { b, siteSpace, pageIds } = await pdfSite();
    const other = await pdfSite();
    expect((await fetchSite(`${b}/~/pdf/page/${siteSpace.id}/no-such-page`)).status).toBe(404);
    expect((await fetchSite(`${b}/~/pdf/page/${other.siteSpace.id}/${other.pageIds[0]}`)).status).toBe(404);
    expect((await fetchSite(`${b}/~/pdf/space/${other.siteSpace.id}`)).status).toBe(404);
    expect((await fetchSite(`${b}/~/pdf/page/${siteSpace.id}/${pageIds[0]}/extra`)).status).toBe(404);
    // A hidden page is readable by its URL, so by its PDF too.
    expect((await fetchSite(`${b}/~/pdf/page/${siteSpace.id}/${pageIds[2]}`)).status).toBe(200);
  });

  test("the visitor gate runs first: no PDF of a visitor-auth site without a valid token", async () => {
    const { b, site, siteSpace, pageIds, admin, base } = await pdfSite({ visibility: "visitor-auth" });
    await db().site.update({ where: { id: site.id }, data: { visitorAuthFallbackUrl: "https://login.example.test/signin" } });
    const path = `${b}/~/pdf/page/${siteSpace.id}/${pageIds[0]}`;
    const refused = await fetchSite(path);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("content-type")).not.toBe("application/pdf");

    const key = ok(await admin.get(`${base}/publishing/auth`)).privateKey as string;
    // The key was made by that read: the server's published copy learns it after the commit.
    await eventsDispatched();
    const entered = await fetchSite(`${path}?jwt_token=${signToken(key, { exp: inAnHour(), aud: site.id })}`);
    const allowed = await fetchSite(path, { cookies: cookiesOf(entered.headers) });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("content-type")).toBe("application/pdf");
    expect(allowed.headers.get("cache-control")).toBe("private, no-store");
  });

  test("without Chromium, a 503 with Retry-After that says what to install", async () => {
    const { b, siteSpace, pageIds } = await pdfSite();
    await closePdfBrowser();
    const saved = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = "/nonexistent/chromium";
    try {
      const answer = await fetchSite(`${b}/~/pdf/page/${siteSpace.id}/${pageIds[0]}`);
      expect(answer.status).toBe(503);
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(answer.bytes.toString("utf8")).toMatch(/not installed at \/nonexistent\/chromium: install it \(on Debian or Ubuntu: apt-get install chromium\)/);
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
    }
  });
});
