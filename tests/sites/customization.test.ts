import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { mergedCustomizations } from "../../server/sites/customization/settings";
import { createSpace } from "../../server/spaces/create-space";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { assertConformsToSchema } from "../helpers/conformance";
import { addSiteSpaces, createSite, createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

/** Site customization and site space overrides: the reference's site-customization operations and tRPC siteCustomization.*. */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const BASE_URL = "http://quire.test";
const createCaller = createCallerFactory(appRouter);

async function setup() {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const ctx = { actor: { userId: tenant.admin.user.id, via: "session" as const }, baseUrl: BASE_URL };
  const [guides, api] = await Promise.all([createSpace(ctx, organizationId, { title: "Guides", empty: true }), createSpace(ctx, organizationId, { title: "API", empty: true })]);
  const site = await createSite(organizationId, { title: "Docs" });
  const siteSpaces = await addSiteSpaces(site.id, [guides.id, api.id]);
  const [reader, editor] = await Promise.all([tenant.member("read"), tenant.member("edit")]);
  const as = (who: { token: string }) => apiClient(server.url, who.token);
  const sitePath = `/v1/orgs/${organizationId}/sites/${site.id}`;
  return {
    tenant,
    organizationId,
    site,
    siteSpaces,
    admin: as(tenant.admin),
    reader: as(reader),
    editor: as(editor),
    stranger: as(tenant.stranger),
    customization: `${sitePath}/customization`,
    overrideOf: (siteSpaceId: string) => `${sitePath}/site-spaces/${siteSpaceId}/customization`,
    trpc: createCaller({ actor: ctx.actor, baseUrl: BASE_URL }),
  };
}

// Which fields a 400 is about, with why: `field: message`.
const messageOf = (response: { body: { error: { details?: { fields?: Record<string, string> } } } }) => fieldErrorsOf(response.body);

const customized = {
  title: "Acme Docs",
  styling: { theme: "bold", primaryColor: { light: "#ff0066", dark: "#f06" }, corners: "rounded", font: "Roboto", sidebar: { list: "pill" } },
  favicon: { icon: { light: "https://cdn.example.com/icon.png", dark: "https://cdn.example.com/icon-dark.png" } },
  header: {
    logo: { light: "https://cdn.example.com/logo.svg", dark: "https://cdn.example.com/logo-dark.svg" },
    links: [
      { title: "Pricing", style: "button-primary", to: { kind: "url", url: "https://example.com/pricing" }, links: [] },
      { title: "Beta", to: null, links: [{ title: "Changelog", to: { kind: "url", url: "https://example.com/changelog" } }], condition: "visitor.claims.beta == true" },
    ],
  },
  footer: { groups: [{ title: "Company", links: [{ title: "About", to: { kind: "url", url: "https://example.com/about" } }] }], copyright: "© Acme" },
  announcement: { enabled: true, message: "We moved!", style: "warning" },
  themes: { default: "dark", toggeable: false },
  ai: { mode: "assistant", instructions: "Be brief." },
  pageActions: { items: ["pdf", "markdown"] },
};

describe("getSiteCustomizationById / updateSiteCustomizationById", () => {
  test("PDF downloads (spec 2.7's pdf.enabled, a Quire field) are off until enabled, and a variant may differ", async () => {
    const { admin, customization, overrideOf, siteSpaces } = await setup();
    expect((await admin.get(customization)).body.pdf).toEqual({ enabled: false });
    const put = await admin.put(customization, { pdf: { enabled: true } });
    expect(put.status).toBe(200);
    expect(put.body.pdf).toEqual({ enabled: true });
    const variant = await admin.patch(overrideOf(siteSpaces[1]!.id), { pdf: { enabled: false } });
    expect(variant.status).toBe(200);
    expect(variant.body).toMatchObject({ pdf: { enabled: false }, hasOverrides: true });
    expect((await admin.get(overrideOf(siteSpaces[0]!.id))).body.pdf).toEqual({ enabled: true });
    expect((await admin.put(customization, { pdf: { enabled: "yes" } })).status).toBe(400);
  });

  test("a site starts with the defaults, and a PUT replaces its settings over them", async () => {
    const { admin, customization, organizationId, site } = await setup();
    const initial = await admin.get(customization);
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({
      styling: { theme: "clean", corners: "straight", depth: "subtle", links: "default", icons: "regular", search: "prominent", sidebar: { background: "default", list: "default" } },
      themes: { default: "light", toggeable: true },
      ai: { mode: "none" },
      externalLinks: { target: "self" },
      header: { preset: "default", links: [] },
    });
    expect(initial.body.updatedAt).toBeUndefined();

    const updated = await admin.put(customization, customized);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      title: "Acme Docs",
      styling: { theme: "bold", primaryColor: { light: "#ff0066", dark: "#f06" }, corners: "rounded", depth: "subtle", font: "Roboto", sidebar: { background: "default", list: "pill" } },
      header: { preset: "default", links: customized.header.links },
      announcement: customized.announcement,
      ai: { mode: "assistant", instructions: "Be brief." },
      updatedAt: expect.any(String),
    });
    expect((await admin.get(customization)).body).toEqual(updated.body);
    // The site's icon is its favicon.
    expect((await db().site.findUniqueOrThrow({ where: { id: site.id } })).icon).toEqual(customized.favicon.icon);
    expect(await db().domainEvent.count({ where: { organizationId, action: "site.customization_updated", targetId: site.id } })).toBe(1);

    // The same settings again (as read back, updatedAt included) change nothing.
    const { updatedAt: _updatedAt, ...readBack } = updated.body;
    expect((await admin.put(customization, { ...readBack, updatedAt: "2020-01-01T00:00:00.000Z" })).body.updatedAt).toBe(updated.body.updatedAt);
    expect(await db().domainEvent.count({ where: { organizationId, action: "site.customization_updated", targetId: site.id } })).toBe(1);

    // A PUT replaces: what it leaves out is back to its default.
    const reset = await admin.put(customization, { styling: { primaryColor: { light: "#000", dark: "#fff" } } });
    expect(reset.body).toMatchObject({ styling: { theme: "clean", primaryColor: { light: "#000", dark: "#fff" } }, header: { links: [] } });
    expect(reset.body.title).toBeUndefined();
    expect(reset.body.announcement).toBeUndefined();
    expect((await db().site.findUniqueOrThrow({ where: { id: site.id } })).icon).toBeNull();
  });

  test("400 naming the path of what is wrong, and nothing stored", async () => {
    const { admin, customization, site } = await setup();
    const bad = async (body: unknown, pattern: RegExp) => {
      const answer = await admin.put(customization, body);
      expect(answer.status, JSON.stringify(body).slice(0, 300)).toBe(400);
      expect(messageOf(answer)).toMatch(pattern);
      return answer;
    };
    await bad({ styling: { primaryColor: { light: "red", dark: "#fff" } } }, /^styling\.primaryColor\.light: Must be a color/);
    await bad({ styling: { primaryColor: { light: "#fff" } } }, /^styling\.primaryColor\.dark/);
    await bad({ styling: { theme: "neon" } }, /^styling\.theme/);
    await bad({ styling: { corners: "square" } }, /^styling\.corners/);
    await bad({ styling: { codeTheme: { default: { light: "solarized-light", dark: "nope" } } } }, /^styling\.codeTheme\.default\.dark/);
    await bad({ styling: { font: { id: "x", custom: true, fontFamily: "Evil; } body { display:none", fontFaces: [{ weight: 400, sources: [{ url: "https://cdn.example.com/f.woff2" }] }] } } }, /^styling\.font/);
    await bad({ header: { logo: { light: "javascript:alert(1)", dark: "https://cdn.example.com/l.svg" } } }, /^header\.logo\.light: Must be an http or https URL/);
    await bad({ header: { links: [{ title: "X", to: { kind: "url", url: "javascript:alert(1)" }, links: [] }] } }, /^header\.links\.0\.to/);
    await bad({ header: { links: Array.from({ length: 21 }, () => ({ title: "X", to: null, links: [] })) } }, /^header\.links/);
    await bad({ footer: { copyright: "x".repeat(513) } }, /^footer\.copyright/);
    await bad({ announcement: { enabled: true, message: "x", style: "info" } }, /^announcement\.message/);
    await bad({ ai: { suggestions: ["What?", "How?", "Why?", "Who?", "When?", "Where?"] } }, /^ai\.suggestions/);
    await bad({ pageActions: { items: ["pdf", "pdf"] } }, /^pageActions\.items/);
    await bad({ localizedTitle: { klingon: "Qapla" } }, /^localizedTitle/);
    await bad({ styling: { colour: "#fff" } }, /colour/);
    await bad({ title: "x" }, /^title/);
    const condition = await bad({ header: { links: [{ title: "X", to: null, links: [], condition: "visitor.claims.beta ==" }] } }, /^header\.links\.0\.condition: /);
    expect(condition.body.error.details).toEqual({ fields: { "header.links.0.condition": condition.body.error.message }, position: 22 });
    expect((await db().site.findUniqueOrThrow({ where: { id: site.id } })).customization).toEqual({});
  });

  test("header link conditions are checked against the site's visitor schema", async () => {
    const { admin, customization, site } = await setup();
    await db().site.update({
      where: { id: site.id },
      data: { adaptiveSchema: { type: "object", properties: { beta: { type: "boolean", description: "Beta" } }, additionalProperties: false } },
    });
    const link = (condition: string) => ({ header: { links: [{ title: "Beta", to: null, links: [], condition }] } });
    expect((await admin.put(customization, link("visitor.claims.beta"))).status).toBe(200);
    const undeclared = await admin.put(customization, link("visitor.claims.alpha"));
    expect(undeclared.status).toBe(400);
    expect(undeclared.body.error.details).toEqual({ fields: { "header.links.0.condition": undeclared.body.error.message }, position: 15 });
  });

  test("reading needs view on the site, writing admin; another organization's site is not found", async () => {
    const { reader, editor, stranger, customization } = await setup();
    expect((await reader.get(customization)).status).toBe(200);
    expect((await editor.put(customization, {})).status).toBe(403);
    expect((await stranger.get(customization)).status).toBe(404);
    expect((await stranger.put(customization, {})).status).toBe(404);
    expect((await apiClient(server.url).get(customization)).status).toBe(401);
  });
});

describe("site space customization (get, override, delete)", () => {
  test("an override wins over the site's settings field by field; null gives a field back to the site", async () => {
    const { admin, customization, overrideOf, siteSpaces, organizationId } = await setup();
    const [guides, api] = [siteSpaces[0]!, siteSpaces[1]!];
    await admin.put(customization, customized);

    const plain = await admin.get(overrideOf(guides.id));
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ title: "Acme Docs", styling: { theme: "bold" }, hasOverrides: false });
    assertConformsToSchema("SiteSpaceCustomizationSettings", plain.body);

    const overridden = await admin.patch(overrideOf(api.id), {
      title: "Acme API",
      styling: { primaryColor: { light: "#00aa00", dark: "#00cc00" }, sidebar: { background: "filled" } },
      header: { links: [] },
      themes: { toggeable: true },
    });
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200);
    expect(overridden.body).toMatchObject({
      title: "Acme API",
      styling: { theme: "bold", primaryColor: { light: "#00aa00", dark: "#00cc00" }, corners: "rounded", sidebar: { background: "filled", list: "pill" } },
      header: { links: [], logo: customized.header.logo },
      themes: { default: "dark", toggeable: true },
      hasOverrides: true,
    });
    expect((await admin.get(overrideOf(api.id))).body).toEqual(overridden.body);
    expect((await admin.get(overrideOf(guides.id))).body.hasOverrides).toBe(false);
    const event = await db().domainEvent.findFirstOrThrow({ where: { organizationId, action: "site_space.customization_updated" } });
    expect(event).toMatchObject({ targetType: "site-space", targetId: api.id, payload: { siteSpaceId: api.id } });

    // What the variant does not override follows the site.
    await admin.put(customization, { ...customized, styling: { ...customized.styling, corners: "circular" } });
    expect((await admin.get(overrideOf(api.id))).body.styling).toMatchObject({ corners: "circular", primaryColor: { light: "#00aa00" } });

    const partlyReset = await admin.patch(overrideOf(api.id), { title: null, styling: { primaryColor: null, sidebar: { background: null } } });
    expect(partlyReset.body).toMatchObject({ title: "Acme Docs", styling: { primaryColor: customized.styling.primaryColor, sidebar: { background: "default" } }, hasOverrides: true });
    const noneLeft = await admin.patch(overrideOf(api.id), { header: { links: null }, themes: { toggeable: null } });
    expect(noneLeft.body.hasOverrides).toBe(false);
    expect((await db().siteSpace.findUniqueOrThrow({ where: { id: api.id } })).customization).toBeNull();
  });

  test("DELETE removes the override: 205 when there was one, 204 when not", async () => {
    const { admin, overrideOf, siteSpaces } = await setup();
    const siteSpaceId = siteSpaces[0]!.id;
    await admin.patch(overrideOf(siteSpaceId), { styling: { theme: "gradient" } });
    expect((await admin.delete(overrideOf(siteSpaceId))).status).toBe(205);
    expect((await admin.get(overrideOf(siteSpaceId))).body).toMatchObject({ styling: { theme: "clean" }, hasOverrides: false });
    expect((await admin.delete(overrideOf(siteSpaceId))).status).toBe(204);
  });

  test("400 for an invalid override, 404 for a site space of another site, 403 below admin", async () => {
    const { admin, editor, reader, overrideOf, siteSpaces, organizationId, stranger } = await setup();
    const siteSpaceId = siteSpaces[0]!.id;
    const badColor = await admin.patch(overrideOf(siteSpaceId), { styling: { primaryColor: { light: "#12", dark: "#fff" } } });
    expect(badColor.status).toBe(400);
    expect(messageOf(badColor)).toMatch(/^styling\.primaryColor\.light/);
    // Fonts, the AI and page actions are the site's alone: the reference's override has no such fields.
    expect(messageOf(await admin.patch(overrideOf(siteSpaceId), { styling: { font: "Lato" } }))).toMatch(/font/);
    expect(messageOf(await admin.patch(overrideOf(siteSpaceId), { ai: { mode: "search" } }))).toMatch(/ai/);
    const other = await createSite(organizationId);
    const otherSpaces = await addSiteSpaces(other.id, [(await db().siteSpace.findUniqueOrThrow({ where: { id: siteSpaceId } })).spaceId]);
    expect((await admin.get(overrideOf(otherSpaces[0]!.id))).status).toBe(404);
    expect((await admin.patch(overrideOf(otherSpaces[0]!.id), {})).status).toBe(404);
    expect((await reader.get(overrideOf(siteSpaceId))).status).toBe(200);
    expect((await editor.patch(overrideOf(siteSpaceId), { title: "Mine" })).status).toBe(403);
    expect((await editor.delete(overrideOf(siteSpaceId))).status).toBe(403);
    expect((await stranger.get(overrideOf(siteSpaceId))).status).toBe(404);
  });
});

describe("mergedCustomizations", () => {
  test("the site's settings and each site space's merged settings, without what visitors must not see", async () => {
    const site = { customization: { styling: { theme: "muted" }, ai: { mode: "assistant", instructions: "Internal notes" }, updatedAt: "2026-01-01T00:00:00.000Z" } };
    const merged = mergedCustomizations(site, [
      { id: "ss1", customization: null },
      { id: "ss2", customization: { styling: { theme: "gradient" }, updatedAt: "2026-02-01T00:00:00.000Z" } },
    ]);
    expect(merged.site).toMatchObject({ styling: { theme: "muted", corners: "straight" }, ai: { mode: "assistant" } });
    expect(merged.site.ai).not.toHaveProperty("instructions");
    expect(merged.siteSpaces.ss1).toMatchObject({ styling: { theme: "muted" }, updatedAt: "2026-01-01T00:00:00.000Z" });
    expect(merged.siteSpaces.ss2).toMatchObject({ styling: { theme: "gradient" }, updatedAt: "2026-02-01T00:00:00.000Z" });
    expect(merged.siteSpaces.ss2).not.toHaveProperty("hasOverrides");
    assertConformsToSchema("SiteCustomizationSettings", merged.site);
    for (const settings of Object.values(merged.siteSpaces)) assertConformsToSchema("SiteCustomizationSettings", settings);
  });
});

describe("tRPC siteCustomization", () => {
  test("get, update, getForSiteSpace, overrideForSiteSpace and resetForSiteSpace answer the /v1 objects", async () => {
    const { trpc, organizationId, site, siteSpaces, admin, customization, overrideOf } = await setup();
    const ids = { organizationId, siteId: site.id };
    const siteSpaceId = siteSpaces[0]!.id;
    const updated = await trpc.siteCustomization.update({ ...ids, customization: { styling: { theme: "muted" } } });
    expect(updated).toEqual((await admin.get(customization)).body);
    expect(await trpc.siteCustomization.get(ids)).toEqual(updated);
    const overridden = await trpc.siteCustomization.overrideForSiteSpace({ ...ids, siteSpaceId, customization: { styling: { theme: "bold" } } });
    expect(overridden).toMatchObject({ styling: { theme: "bold" }, hasOverrides: true });
    expect(await trpc.siteCustomization.getForSiteSpace({ ...ids, siteSpaceId })).toEqual((await admin.get(overrideOf(siteSpaceId))).body);
    expect(await trpc.siteCustomization.resetForSiteSpace({ ...ids, siteSpaceId })).toMatchObject({ styling: { theme: "muted" }, hasOverrides: false });
    await expect(trpc.siteCustomization.update({ ...ids, customization: { styling: { theme: "neon" } } as never })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
