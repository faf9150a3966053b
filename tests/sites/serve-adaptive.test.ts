import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { newId } from "../../server/ids";
import { siteCache } from "../../server/sites/serve/cache";
import { PUBLIC_VISITOR } from "../../server/sites/serve/visitor";
import { visibleSite } from "../../server/sites/serve/visible";
import { apiClient, startApiServer } from "../helpers/server";
import { addSection, addSiteSpace, cookiesOf, createTenant, inAnHour, ok, publishedSite, signToken, spaceWithPages, visit } from "./serve-fixtures";

/** Adaptive content: visitors with different claims see different sections and pages, and what is hidden from them answers 404. */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const schema = {
  type: "object",
  properties: {
    role: { type: "string", description: "The reader's role.", enum: ["admin", "reader"] },
    unsigned: {
      type: "object",
      description: "Unsigned claims of the site visitor.",
      properties: { plan: { type: "string", description: "Plan", enum: ["free", "pro"] }, beta: { type: "boolean", description: "Beta tester" } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

const PRO = 'visitor.claims.unsigned.plan === "pro"';

async function adaptiveSite(options: { visibility?: string; adaptiveContent?: boolean; visitorAuthFallbackUrl?: string } = {}) {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const secretId = newId();
  const guides = await spaceWithPages(organizationId, "Guides", [
    { title: "Start", slug: "start", markdown: "Start here.\n" },
    { id: secretId, title: "Pro tips", slug: "pro-tips", condition: PRO, markdown: "Tips for pro plans.\n" },
    { title: "Deeper", slug: "deeper", parentId: secretId, markdown: "Deeper pro tips.\n" },
    { title: "Broken", slug: "broken", condition: "visitor.claims.(((", markdown: "Never shown.\n" },
    { title: "Admins", slug: "admins", condition: 'visitor.claims.role == "admin"', markdown: "For admins.\n" },
  ]);
  const beta = await spaceWithPages(organizationId, "Beta", [{ title: "Beta home", slug: "home", markdown: "Beta features.\n" }]);
  const site = await publishedSite(organizationId, { adaptiveSchema: schema, adaptiveContent: options.adaptiveContent ?? true, ...options });
  const docs = await addSection(site.id, { title: "Docs", path: "docs", isDefault: true, position: 0 });
  const betaSection = await addSection(site.id, { title: "Beta", path: "beta", position: 1, condition: "visitor.claims.unsigned.beta == true" });
  await addSiteSpace(site.id, { spaceId: guides.space.id, sectionId: docs.id, path: "guides", isDefault: true, position: 0 });
  await addSiteSpace(site.id, { spaceId: beta.space.id, sectionId: betaSection.id, path: "beta", isDefault: true, position: 0 });
  return { tenant, organizationId, site, b: `/${site.basename}`, docs, betaSection };
}

/** The cookies a visitor ends up with after arriving at `query`. */
async function arrive(b: string, query: string) {
  const answer = await visit(`${b}/start?${query}`);
  expect(answer.status).toBe(302);
  expect(answer.location).toBe(`${b}/start`);
  return cookiesOf(answer.headers);
}

describe("unsigned claims", () => {
  test("two visitors with different claims see different sections and pages; hidden ones answer 404 by their URL", async () => {
    const { b, site } = await adaptiveSite();
    const pro = await arrive(b, "visitor.plan=pro&visitor.beta=true");
    const free = await arrive(b, "visitor.plan=free");

    expect((await visit(`${b}/pro-tips`, { cookies: pro })).text).toContain("Tips for pro plans.");
    expect((await visit(`${b}/pro-tips/deeper`, { cookies: pro })).text).toContain("Deeper pro tips.");
    expect((await visit(`${b}/beta`, { cookies: pro })).text).toContain("Beta features.");

    for (const path of ["pro-tips", "pro-tips/deeper", "beta"]) {
      const answer = await visit(`${b}/${path}`, { cookies: free });
      expect(answer.status, path).toBe(404);
      expect(answer.text).not.toMatch(/pro tips|Beta features/i);
      expect((await visit(`${b}/${path}`)).status, `${path} without claims`).toBe(404);
    }
    // A condition that cannot be read shows its page to nobody; signed claims cannot be brought as unsigned ones.
    expect((await visit(`${b}/broken`, { cookies: pro })).status).toBe(404);
    expect((await visit(`${b}/admins`, { cookies: await arrive(b, "visitor.role=admin") })).status).toBe(404);

    // The views differ and each is shared by every visitor of the same segment.
    const model = (await siteCache().model(site.id))!;
    const withClaims = (claims: Record<string, unknown>, segment: string) => visibleSite(model, { via: "public", claims, segment });
    expect(withClaims({ unsigned: { plan: "pro", beta: true } }, "a").sections.map((section) => section.title)).toEqual(["Docs", "Beta"]);
    expect(visibleSite(model, PUBLIC_VISITOR).sections.map((section) => section.title)).toEqual(["Docs"]);
    expect(visibleSite(model, PUBLIC_VISITOR)).toBe(visibleSite(model, PUBLIC_VISITOR));
  });

  test("GitBook's public cookie brings unsigned claims too; a site without adaptive content ignores claims", async () => {
    const { b } = await adaptiveSite();
    const cookie = `gitbook-visitor-public=${encodeURIComponent(JSON.stringify({ plan: "pro" }))}`;
    expect((await visit(`${b}/pro-tips`, { cookies: [cookie] })).status).toBe(200);
    const oversized = `gitbook-visitor-public=${encodeURIComponent(JSON.stringify({ plan: "pro", padding: "x".repeat(9000) }))}`;
    expect((await visit(`${b}/pro-tips`, { cookies: [oversized] })).status).toBe(404);

    const plain = await adaptiveSite({ adaptiveContent: false });
    const answer = await visit(`${plain.b}/pro-tips?visitor.plan=pro`, { cookies: [cookie] });
    expect(answer.status).toBe(404);
  });
});

describe("signed claims", () => {
  test("a visitor-auth site's token claims decide what each reader sees", async () => {
    const setup = await adaptiveSite({ visibility: "visitor-auth", visitorAuthFallbackUrl: "https://login.example.test/" });
    const admin = apiClient(server.url, setup.tenant.admin.token);
    const key = ok(await admin.get(`/v1/orgs/${setup.organizationId}/sites/${setup.site.id}/publishing/auth`)).privateKey as string;
    const enter = async (claims: Record<string, unknown>) => {
      const answer = await visit(`${setup.b}/start?jwt_token=${signToken(key, { exp: inAnHour(), ...claims })}`);
      expect(answer.status).toBe(302);
      return cookiesOf(answer.headers);
    };
    const adminReader = await enter({ role: "admin" });
    const reader = await enter({ role: "reader" });
    expect((await visit(`${setup.b}/admins`, { cookies: adminReader })).text).toContain("For admins.");
    expect((await visit(`${setup.b}/admins`, { cookies: reader })).status).toBe(404);
    expect((await visit(setup.b, { cookies: reader })).status).toBe(200);
  });
});

describe("fallbacks", () => {
  test("when the default section is hidden from a visitor, the site's root leads to the first one they may see", async () => {
    const { b, docs } = await adaptiveSite();
    const { db } = await import("../../server/db/client");
    await db().siteSection.update({ where: { id: docs.id }, data: { condition: "visitor.claims.unsigned.beta == false" } });
    // Written behind the cache's back: a fresh site's first read sees it (the model was never loaded).
    const beta = await arrive(b, "visitor.beta=true");
    expect(await visit(b, { cookies: beta })).toMatchObject({ status: 302, location: `${b}/beta` });
    expect((await visit(`${b}/beta`, { cookies: beta })).text).toContain("Beta features.");
  });
});
