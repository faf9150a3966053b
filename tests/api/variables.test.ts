import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { newId } from "../../server/ids";
import { assertChangesConform } from "../helpers/conformance";
import { commitPages, createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const BODY = "Version {{ space.vars.version }}, released {{ page.vars.released }}; {{ space.vars.unknown }}\n";

/** A space with one page using variables, and helpers to open change requests and set variables in them. */
async function setup() {
  const tenant = await createTenant();
  const admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Docs", empty: true })).body;
  const guide = { id: newId(), title: "Guide" };
  await commitPages(space.id, [{ ...guide, slug: "guide", markdown: BODY }]);
  const spacePath = `/v1/spaces/${space.id}`;
  const crs = `${spacePath}/change-requests`;
  const open = async (subject: string) => (await admin.post(crs, { subject })).body as { id: string; number: number };
  const apply = (number: number, changes: unknown[]) => admin.post(`${crs}/${number}/content`, { changes });
  const setVariables = (number: number, variables: Record<string, unknown>, page?: string) =>
    apply(number, [{ operation: "update_variables", ...(page ? { page } : {}), variables }]);
  return { tenant, admin, space, guide, spacePath, crs, open, apply, setVariables };
}

describe("variables", () => {
  test("update_variables sets space and page variables; reads show them and `evaluated` resolves them", async () => {
    const { admin, guide, spacePath, crs, open, setVariables } = await setup();
    const cr = await open("Release 2.0");
    expect((await setVariables(cr.number, { version: "2.0", major: 2, beta: false })).status).toBe(200);
    expect((await setVariables(cr.number, { released: "May 1" }, guide.id)).status).toBe(200);

    const content = await admin.get(`${crs}/${cr.number}/content`);
    expect(content.body.variables).toEqual({ version: "2.0", major: 2, beta: false });
    expect(content.body.pages[0].variables).toEqual({ released: "May 1" });
    const page = await admin.get(`${crs}/${cr.number}/content/page/${guide.id}?evaluated=true`);
    expect(page.body.markdown).toBe("Version 2.0, released May 1; {{ space.vars.unknown }}\n");
    const raw = await admin.get(`${crs}/${cr.number}/content/page/${guide.id}`);
    expect(raw.body.markdown).toBe(BODY);

    // Main is unchanged until the merge, which brings both.
    expect((await admin.get(`${spacePath}/content`)).body.variables).toEqual({});
    expect((await admin.post(`${crs}/${cr.number}/merge`)).status).toBe(200);
    expect((await admin.get(`${spacePath}/content`)).body.variables).toEqual({ version: "2.0", major: 2, beta: false });
    const merged = await admin.get(`${spacePath}/content/page/${guide.id}?evaluated=true&format=document`);
    expect(JSON.stringify(merged.body.document)).toContain("Version 2.0, released May 1");
  });

  test("null removes a variable; a page left with none shows none; other edits keep page variables", async () => {
    const { admin, guide, crs, open, setVariables, apply } = await setup();
    const cr = await open("Variables");
    await setVariables(cr.number, { version: "1.0", channel: "stable" });
    await setVariables(cr.number, { released: "today" }, guide.id);
    await apply(cr.number, [{ operation: "update_page", page: guide.id, title: "Handbook" }]);
    expect((await admin.get(`${crs}/${cr.number}/content/page/${guide.id}`)).body.variables).toEqual({ released: "today" });

    await setVariables(cr.number, { channel: null, version: "1.1" });
    await setVariables(cr.number, { released: null }, guide.id);
    const content = (await admin.get(`${crs}/${cr.number}/content`)).body;
    expect(content.variables).toEqual({ version: "1.1" });
    expect(content.pages[0].variables).toBeUndefined();
  });

  test("invalid variables are refused with a 400 naming the change; nothing is written", async () => {
    const { admin, crs, open, setVariables, apply } = await setup();
    const cr = await open("Bad");
    const before = (await admin.get(`${crs}/${cr.number}`)).body.revision;
    const refused = async (answer: Promise<{ status: number; body: { error: { message: string; details?: { fields?: Record<string, string> } } } }>, field: string) => {
      const { status, body } = await answer;
      expect(status).toBe(400);
      expect(fieldErrorsOf(body)).toContain(field);
    };
    await refused(setVariables(cr.number, { "1st": "x" }), "changes[0].variables");
    await refused(setVariables(cr.number, { "bad-name": "x" }), "changes[0].variables");
    await refused(setVariables(cr.number, { long: "x".repeat(257) }), "changes[0].variables.long");
    await refused(setVariables(cr.number, { list: ["a"] }), "changes[0].variables.list");
    await refused(setVariables(cr.number, {}), "changes[0].variables");
    await refused(setVariables(cr.number, { version: "1" }, "no-such-page"), "changes[0].page");
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`v${index}`, index]));
    await refused(setVariables(cr.number, many), "changes[0].variables: At most 100");
    // A valid change before an invalid one is not written either.
    await refused(apply(cr.number, [{ operation: "update_variables", variables: { ok: "yes" } }, { operation: "update_variables", variables: { "no way": 1 } }]), "changes[1].variables");
    expect((await admin.get(`${crs}/${cr.number}`)).body.revision).toBe(before);
  });

  test("a `__proto__` key sets no variable and no prototype", async () => {
    const { admin, crs, open, apply } = await setup();
    const cr = await open("Proto");
    const answer = await apply(cr.number, [{ operation: "update_variables", variables: JSON.parse('{"__proto__": {"polluted": true}, "version": "1"}') }]);
    expect(answer.status).toBe(200);
    const { variables } = (await admin.get(`${crs}/${cr.number}/content`)).body;
    expect(variables).toEqual({ version: "1" });
    expect(Object.getPrototypeOf(variables)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("changes list space variables edited and pages whose variables changed", async () => {
    const { tenant, admin, guide, crs, open, setVariables } = await setup();
    const first = await open("Set");
    await setVariables(first.number, { version: "1.0", channel: "stable" });
    await admin.post(`${crs}/${first.number}/merge`);

    const cr = await open("Change");
    await setVariables(cr.number, { version: "2.0", channel: null, codename: "Aurora" });
    await setVariables(cr.number, { released: "May 1" }, guide.id);
    // Fetched without the automatic check, and checked item by item (see assertChangesConform).
    const answer = await fetch(`${server.url}${crs}/${cr.number}/changes`, { headers: { authorization: `Bearer ${tenant.admin.token}` } });
    expect(answer.status).toBe(200);
    const body = await answer.json();
    assertChangesConform(body);
    expect(body.changes).toEqual([
      {
        type: "page_edited",
        page: expect.objectContaining({ id: guide.id, title: "Guide" }),
        attributes: { variables: { before: {}, after: { released: "May 1" } } },
      },
      {
        type: "variables_edited",
        variables: { version: { before: "1.0", after: "2.0" }, channel: { before: "stable" }, codename: { after: "Aurora" } },
      },
    ]);
  });

  test("merges are three-way per variable: different names merge, the same name changed twice is a 409 naming it", async () => {
    const { admin, guide, spacePath, crs, open, setVariables } = await setup();
    const [a, b, c] = [await open("A"), await open("B"), await open("C")];
    await setVariables(a.number, { version: "2.0" });
    await setVariables(a.number, { released: "May 1" }, guide.id);
    await setVariables(b.number, { channel: "beta" });
    await setVariables(b.number, { author: "Ada" }, guide.id);
    await setVariables(c.number, { version: "3.0" });
    await setVariables(c.number, { released: "June 1" }, guide.id);

    expect((await admin.post(`${crs}/${a.number}/merge`)).status).toBe(200);
    expect((await admin.post(`${crs}/${b.number}/merge`)).status).toBe(200);
    const content = (await admin.get(`${spacePath}/content`)).body;
    expect(content.variables).toEqual({ version: "2.0", channel: "beta" });
    expect(content.pages[0].variables).toEqual({ released: "May 1", author: "Ada" });

    const conflicting = await admin.post(`${crs}/${c.number}/merge`);
    expect(conflicting.status).toBe(409);
    expect(conflicting.body.error.message).toBe('The change request and the space\'s content conflict in 1 page ("Guide") and 1 space variable (version).');
    expect(conflicting.body.error.details).toEqual({
      pages: [{ id: guide.id, title: "Guide", path: "guide", fields: ["variables"], conflicts: [{ kind: "variables", names: ["released"] }] }],
      files: [],
      variables: ["version"],
      // What resolving them takes: each version's values (the page's whole versions, checked in resolve-conflicts.test.ts).
      resolution: expect.objectContaining({ variables: [{ name: "version", main: "2.0", changeRequest: "3.0" }] }),
    });
    expect((await admin.get(`${spacePath}/content`)).body.variables).toEqual({ version: "2.0", channel: "beta" });

    // Update from main meets the same conflict; resolving it in the change request lets it merge.
    expect((await admin.post(`${crs}/${c.number}/update`)).status).toBe(409);
    await setVariables(c.number, { version: "2.0" });
    await setVariables(c.number, { released: "May 1" }, guide.id);
    expect((await admin.post(`${crs}/${c.number}/update`)).status).toBe(200);
    await setVariables(c.number, { version: "3.0" });
    expect((await admin.post(`${crs}/${c.number}/merge`)).status).toBe(200);
    expect((await admin.get(`${spacePath}/content`)).body.variables).toEqual({ version: "3.0", channel: "beta" });
  });

  test("a duplicated space keeps its variables", async () => {
    const { admin, spacePath, crs, open, setVariables } = await setup();
    const cr = await open("Set");
    await setVariables(cr.number, { version: "1.0" });
    await admin.post(`${crs}/${cr.number}/merge`);
    const copy = await admin.post(`${spacePath}/duplicate`);
    expect(copy.status).toBe(201);
    expect((await admin.get(`/v1/spaces/${copy.body.id}/content`)).body.variables).toEqual({ version: "1.0" });
  });
});
