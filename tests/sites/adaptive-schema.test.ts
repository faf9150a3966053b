import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import type { AdaptiveSchema } from "../../server/sites/conditions";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { createSite, createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

/** The site's visitor schema: getSiteAdaptiveSchema, updateSiteAdaptiveSchema, listSiteAdaptiveTemplateConditions, and tRPC siteAdaptive.*. */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const createCaller = createCallerFactory(appRouter);

const schema: AdaptiveSchema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  properties: {
    unsigned: {
      type: "object",
      description: "Unsigned claims of the site visitor.",
      properties: { beta: { type: "boolean", description: "In the beta program" } },
      additionalProperties: false,
    },
    plan: { type: "string", enum: ["free", "pro"], description: "Billing plan" },
    isStaff: { type: "boolean", description: "Works here" },
  },
  additionalProperties: false,
};

async function setup() {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const site = await createSite(organizationId, { title: "Docs" });
  const [creator, editor] = await Promise.all([tenant.member("create"), tenant.member("edit")]);
  const as = (who: { token: string }) => apiClient(server.url, who.token);
  const path = `/v1/orgs/${organizationId}/sites/${site.id}/adaptive-schema`;
  return { tenant, organizationId, site, admin: as(tenant.admin), creator, editor, as, path, stranger: as(tenant.stranger) };
}

const messageOf = (response: { body: { error: { message: string } } }) => response.body.error.message;

describe("getSiteAdaptiveSchema / updateSiteAdaptiveSchema", () => {
  test("a site has no schema until one is set: 404, then the schema with when it changed, and an event", async () => {
    const { admin, path, organizationId, site } = await setup();
    const none = await admin.get(path);
    expect(none.status).toBe(404);
    expect(messageOf(none)).toMatch(/no visitor schema/);

    const updated = await admin.put(path, { jsonSchema: schema });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ object: "site-adaptive-schema", jsonSchema: schema, updatedAt: expect.any(String) });
    expect((await admin.get(path)).body).toEqual(updated.body);
    const events = await db().domainEvent.findMany({ where: { organizationId, action: "site.adaptive_schema_updated" } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ targetType: "site", targetId: site.id, targetLabel: "Docs", payload: { siteId: site.id } });

    // The same schema again changes nothing and records nothing.
    expect((await admin.put(path, { jsonSchema: schema })).body.updatedAt).toBe(updated.body.updatedAt);
    expect(await db().domainEvent.count({ where: { organizationId, action: "site.adaptive_schema_updated" } })).toBe(1);
  });

  test("accepts every claim type of the reference, nested objects and lists", async () => {
    const { admin, path } = await setup();
    const rich = {
      type: "object",
      properties: {
        seats: { type: "number", description: "Seats" },
        company: { type: "string", description: "Company" },
        products: { type: "array", description: "Products", items: { type: "string", enum: ["api", "cloud"], description: "A product" } },
        account: { type: "object", description: "Account", properties: { tier: { type: "string", enum: ["a", "b"], description: "Tier" } }, additionalProperties: false },
        "https://example.com/roles": { type: "array", description: "Roles", items: { type: "string", description: "A role" } },
      },
      additionalProperties: false,
    };
    const answer = await admin.put(path, { jsonSchema: rich });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.jsonSchema).toEqual(rich);
  });

  test("400 naming what is wrong, and nothing stored", async () => {
    const { admin, path, site } = await setup();
    const bad = async (jsonSchema: unknown, pattern: RegExp) => {
      const answer = await admin.put(path, { jsonSchema });
      expect(answer.status, String(JSON.stringify(jsonSchema)).slice(0, 200)).toBe(400);
      expect(fieldErrorsOf(answer.body)).toMatch(pattern);
    };
    await bad(undefined, /^jsonSchema/);
    await bad({ type: "array", properties: {}, additionalProperties: false }, /^jsonSchema\.type/);
    await bad({ type: "object", properties: {} }, /^jsonSchema\.additionalProperties/);
    await bad({ type: "object", properties: {}, additionalProperties: true }, /^jsonSchema\.additionalProperties/);
    await bad({ type: "object", properties: {}, additionalProperties: false, required: ["x"] }, /required/);
    await bad({ type: "object", properties: { a: { type: "boolean" } }, additionalProperties: false }, /^jsonSchema\.properties\.a\.description/);
    await bad({ type: "object", properties: { a: { type: "date", description: "" } }, additionalProperties: false }, /^jsonSchema\.properties\.a\.type/);
    await bad({ type: "object", properties: { a: { type: "boolean", description: "", default: true } }, additionalProperties: false }, /default/);
    await bad({ type: "object", properties: { a: { type: "string", enum: ["x", "x"], description: "" } }, additionalProperties: false }, /^jsonSchema\.properties\.a\.enum/);
    await bad({ type: "object", properties: { a: { type: "array", items: { type: "array", items: { type: "boolean", description: "" }, description: "" }, description: "" } }, additionalProperties: false }, /^jsonSchema\.properties\.a\.items\.type/);
    await bad({ type: "object", properties: { o: { type: "object", description: "", properties: {} } }, additionalProperties: false }, /^jsonSchema\.properties\.o\.additionalProperties/);
    await bad({ type: "object", properties: { unsigned: { type: "boolean", description: "x" } }, additionalProperties: false }, /^jsonSchema\.properties\.unsigned/);
    await bad({ type: "object", properties: { constructor: { type: "boolean", description: "" } }, additionalProperties: false }, /^jsonSchema\.properties\.constructor/);
    await bad(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"boolean","description":""}},"additionalProperties":false}'), /^jsonSchema\.properties/);
    await bad({ type: "object", properties: { ["x".repeat(129)]: { type: "boolean", description: "" } }, additionalProperties: false }, /^jsonSchema\.properties/);
    await bad({ type: "object", properties: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`c${i}`, { type: "boolean", description: "" }])), additionalProperties: false }, /at most 100/);
    let deep: Record<string, unknown> = { type: "boolean", description: "" };
    for (let i = 0; i < 6; i++) deep = { type: "object", description: "", properties: { n: deep }, additionalProperties: false };
    await bad({ type: "object", properties: { n: deep }, additionalProperties: false }, /^jsonSchema\.properties\.n\.properties\.n\.properties\.n\.properties\.n\.properties\.n\.type/);
    expect((await db().site.findUniqueOrThrow({ where: { id: site.id } })).adaptiveSchema).toBeNull();
  });

  test("a deeply nested body is a 400, not a crash", async () => {
    const { admin, path } = await setup();
    const deep = "[".repeat(50_000) + "]".repeat(50_000);
    const answer = await admin.raw("PUT", path, { rawBody: `{"jsonSchema":${deep}}`, headers: { "Content-Type": "application/json" } });
    expect(answer.status).toBe(400);
  });

  test("reading needs the create role on the site, writing the admin role; another organization's site is not found", async () => {
    const { admin, as, creator, editor, path, stranger } = await setup();
    await admin.put(path, { jsonSchema: schema });
    expect((await as(creator).get(path)).status).toBe(200);
    expect((await as(editor).get(path)).status).toBe(403);
    expect((await as(creator).put(path, { jsonSchema: schema })).status).toBe(403);
    expect((await stranger.get(path)).status).toBe(404);
    expect((await stranger.put(path, { jsonSchema: schema })).status).toBe(404);
    expect((await apiClient(server.url).get(path)).status).toBe(401);
  });
});

describe("listSiteAdaptiveTemplateConditions", () => {
  test("templates derived from the schema, none without one", async () => {
    const { admin, path } = await setup();
    expect((await admin.get(`${path}/template-conditions`)).body).toEqual({ items: [] });
    await admin.put(path, { jsonSchema: schema });
    const { body } = await admin.get(`${path}/template-conditions`);
    // By claim name: the stored schema does not keep the order it was written in.
    expect(body.items.map((item: { condition: string }) => item.condition)).toEqual([
      "visitor.claims.isStaff === true",
      "!visitor.claims.isStaff",
      'visitor.claims.plan === "free"',
      'visitor.claims.plan === "pro"',
      "visitor.claims.unsigned.beta === true",
      "!visitor.claims.unsigned.beta",
    ]);
    expect(body.items[4].description).toContain("In the beta program");
  });
});

describe("tRPC siteAdaptive", () => {
  test("getSchema answers null without a schema; updateSchema and templates use the same services", async () => {
    const { tenant, organizationId, site, editor } = await setup();
    const caller = createCaller({ actor: { userId: tenant.admin.user.id, via: "session" }, baseUrl: "http://quire.test" });
    expect(await caller.siteAdaptive.getSchema({ organizationId, siteId: site.id })).toBeNull();
    const updated = await caller.siteAdaptive.updateSchema({ organizationId, siteId: site.id, jsonSchema: schema });
    expect(updated).toMatchObject({ object: "site-adaptive-schema", jsonSchema: schema });
    expect(await caller.siteAdaptive.getSchema({ organizationId, siteId: site.id })).toEqual(updated);
    expect((await caller.siteAdaptive.templates({ organizationId, siteId: site.id })).items).toHaveLength(6);
    await expect(caller.siteAdaptive.updateSchema({ organizationId, siteId: site.id, jsonSchema: { type: "object" } as never })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const editorCaller = createCaller({ actor: { userId: editor.user.id, via: "session" }, baseUrl: "http://quire.test" });
    await expect(editorCaller.siteAdaptive.getSchema({ organizationId, siteId: site.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
