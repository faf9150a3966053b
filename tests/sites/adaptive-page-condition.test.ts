import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { addSiteSpaces, createSite, createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

/**
 * A page's adaptive-content condition (the reference's page `condition`), written through the
 * content batch: its syntax is always checked, its claims against the visitor schemas of the sites
 * the space is in (any of them may declare a claim), or not at all when no site has a schema.
 */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const schemaWith = (claims: Record<string, unknown>) => ({ type: "object", properties: claims, additionalProperties: false });

async function setup() {
  const tenant = await createTenant();
  const admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Docs", empty: true })).body;
  const changeRequest = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Conditions" })).body;
  const crPath = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}`;
  const apply = (changes: unknown[]) => admin.post(`${crPath}/content?compat=false`, { changes });
  const insert = async (condition?: string) => {
    const answer = await apply([{ operation: "insert_page", title: "Beta", document: { markdown: "For beta users." }, ...(condition !== undefined ? { condition } : {}) }]);
    return answer;
  };
  const pageIn = async (pageId: string) => (await admin.get(`${crPath}/content/page/${pageId}`)).body;
  return { tenant, admin, space, changeRequest, crPath, apply, insert, pageIn };
}

describe("page conditions in the content batch", () => {
  test("stored, returned on the page, changed and removed with an empty string", async () => {
    const { insert, apply, pageIn, admin, space, crPath } = await setup();
    const created = await insert("visitor.claims.beta == true");
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const pageId = created.body.changes[0].page.id;
    expect(await pageIn(pageId)).toMatchObject({ id: pageId, condition: "visitor.claims.beta == true" });

    expect((await apply([{ operation: "update_page", page: pageId, title: "Beta program" }])).status).toBe(200);
    expect(await pageIn(pageId)).toMatchObject({ title: "Beta program", condition: "visitor.claims.beta == true" });

    expect((await apply([{ operation: "update_page", page: pageId, condition: 'visitor.claims.plan === "pro"' }])).status).toBe(200);
    expect((await pageIn(pageId)).condition).toBe('visitor.claims.plan === "pro"');

    expect((await apply([{ operation: "update_page", page: pageId, condition: "" }])).status).toBe(200);
    expect(await pageIn(pageId)).not.toHaveProperty("condition");

    // Merged, the space's page has it too.
    await apply([{ operation: "update_page", page: pageId, condition: "visitor.claims.beta" }]);
    expect((await admin.post(`${crPath}/merge`)).status).toBe(200);
    expect((await admin.get(`/v1/spaces/${space.id}/content/page/${pageId}`)).body.condition).toBe("visitor.claims.beta");
  });

  test("a syntax error is a 400 naming the change and the position, whatever the sites", async () => {
    const { insert } = await setup();
    const answer = await insert("visitor.claims.beta ==");
    expect(answer.status).toBe(400);
    expect(fieldErrorsOf(answer.body)).toMatch(/^changes\[0\]\.condition: The condition ends too early/);
    expect(answer.body.error.details).toEqual({ fields: { "changes[0].condition": answer.body.error.message }, position: 22 });
    const hostile = await insert('constructor.constructor("return process")()');
    expect(hostile.status).toBe(400);
    expect(hostile.body.error.details.position).toBe(0);
    expect((await insert("x".repeat(1025))).status).toBe(400);
  });

  test("claims are checked against the union of the schemas of the space's sites", async () => {
    const { insert, tenant, space } = await setup();
    // In no site: any claim may be read.
    expect((await insert("visitor.claims.anything")).status).toBe(200);
    // In a site without a schema yet: still only the syntax.
    await addSiteSpaces((await createSite(tenant.organization.id)).id, [space.id]);
    expect((await insert("visitor.claims.anything")).status).toBe(200);
    await addSiteSpaces((await createSite(tenant.organization.id, { adaptiveSchema: schemaWith({ beta: { type: "boolean", description: "Beta" } }) })).id, [space.id]);
    await addSiteSpaces((await createSite(tenant.organization.id, { adaptiveSchema: schemaWith({ region: { type: "string", enum: ["eu", "us"], description: "Region" } }) })).id, [space.id]);
    // A site of another organization with the same space id cannot exist; one elsewhere changes nothing.
    await createSite(tenant.otherOrganization.id, { adaptiveSchema: schemaWith({ secret: { type: "boolean", description: "Secret" } }) });

    expect((await insert('visitor.claims.beta && visitor.claims.region === "eu"')).status).toBe(200);
    const undeclared = await insert("visitor.claims.secret");
    expect(undeclared.status).toBe(400);
    expect(undeclared.body.error.message).toMatch(/visitor\.claims\.secret is not declared/);
    expect(undeclared.body.error.details).toEqual({ fields: { "changes[0].condition": undeclared.body.error.message }, position: 15 });
    expect((await insert('visitor.claims.region === "apac"')).status).toBe(400);
    expect(await db().siteSpace.count({ where: { spaceId: space.id } })).toBe(3);
  });
});
