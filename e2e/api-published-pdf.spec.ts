import { expect, test } from "@playwright/test";
import { normalizeSpace, pdfFonts, pdfText } from "../tests/helpers/pdf-text";
import { adminApiToken, publishThroughApi, uniqueSuffix, v1 } from "./helpers";

/**
 * A published site's PDFs through the production server (Next's bundle, the markdown workers, the
 * shared Chromium): pages in Chinese, Russian, Greek and Arabic whose extracted text is the page's
 * text, served only once the site's customization enables PDFs.
 */

const PAGES = [
  { title: "快速入门", paragraphs: ["本指南介绍如何安装和配置文档平台。", "首先，创建一个空间。"], face: "NotoSansSC" },
  { title: "Начало работы", paragraphs: ["Это руководство объясняет, как установить платформу.", "Сначала создайте пространство."], face: "NotoSans-Regular" },
  { title: "Ξεκινώντας", paragraphs: ["Αυτός ο οδηγός εξηγεί την εγκατάσταση.", "Πρώτα δημιουργήστε έναν χώρο."], face: "NotoSans-Regular" },
  { title: "البدء السريع", paragraphs: ["يشرح هذا الدليل كيفية تثبيت منصة التوثيق وإعدادها.", "أولاً، أنشئ مساحة جديدة، ثم ادعُ زملاءك."], face: "NotoSansArabic-Regular" },
];

test("pages in Chinese, Russian, Greek and Arabic come out of their PDFs as written, once PDFs are enabled", async ({ request }) => {
  const token = adminApiToken();
  const api = (method: "get" | "post", path: string, data?: unknown) => v1(request, token, method, path, data);
  const organizationId = (await api("get", "/v1/orgs")).items.find((org: { title: string }) => org.title === "Demo organization").id;
  const suffix = uniqueSuffix();
  const space = await api("post", `/v1/orgs/${organizationId}/spaces`, { title: `PDF ${suffix}`, empty: true });
  const pageIds = await publishThroughApi(
    request,
    token,
    space.id,
    "Pages in four scripts",
    PAGES.map((page) => ({ operation: "insert_page", title: page.title, document: { markdown: page.paragraphs.join("\n\n") } })),
  );
  const site = await api("post", `/v1/orgs/${organizationId}/sites`, { title: `PDF site ${suffix}`, visibility: "public", spaces: [space.id] });
  const base = `/v1/orgs/${organizationId}/sites/${site.id}`;
  await api("post", `${base}/publish`);
  const siteSpaceId = (await api("get", `${base}/site-spaces`)).items[0].id as string;
  const pdfPath = (pageId: string) => `/${site.basename}/~/pdf/page/${siteSpaceId}/${pageId}`;

  expect((await request.get(pdfPath(pageIds[0]!))).status()).toBe(404);
  const enabled = await request.put(`${base}/customization`, { headers: { Authorization: `Bearer ${token}` }, data: { pdf: { enabled: true } } });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  await expect.poll(async () => (await request.get(pdfPath(pageIds[0]!), { maxRedirects: 0 })).status(), { timeout: 30_000 }).toBe(200);

  for (const [index, page] of PAGES.entries()) {
    const response = await request.get(pdfPath(pageIds[index]!));
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="/);
    const bytes = Buffer.from(await response.body());
    expect(await pdfText(bytes, { cover: false }), page.title).toBe(normalizeSpace([page.title, ...page.paragraphs].join(" ")));
    expect((await pdfFonts(bytes)).some((font) => font.name.startsWith(page.face)), page.face).toBe(true);
  }
});
