import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";
import { createSiteRow, createSpace, expectValidStructure, type Api } from "./structure-helpers";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

async function setup(options: { published?: boolean; adaptiveSchema?: object } = {}) {
  const tenant = await createTenant();
  const api = apiClient(server.url, tenant.admin.token);
  const org = tenant.organization.id;
  const site = await createSiteRow(org, options);
  const base = `/v1/orgs/${org}/sites/${site.id}`;
  return { tenant, api, org, site, base };
}

async function addSpace(api: Api, base: string, spaceId: string, sectionId?: string) {
  const added = await api.post(`${base}/site-spaces`, { spaceId, ...(sectionId ? { sectionId } : {}) });
  expect(added.status).toBe(201);
  return added.body as { id: string; path: string; default: boolean; section?: string; title: string };
}

async function addSection(api: Api, base: string, spaceId: string, body: Record<string, unknown> = {}) {
  const added = await api.post(`${base}/sections`, { spaceId, ...body });
  expect(added.status).toBe(201);
  return added.body as { id: string; path: string; default: boolean; title: string; siteSpaces: { id: string }[] };
}

describe("site spaces at the root", () => {
  test("the first added is the default; paths come from titles, unique among siblings", async () => {
    const { api, org, base, site } = await setup();
    const a = await createSpace(api, org, "Getting Started!");
    const b = await createSpace(api, org, "Getting started");
    const first = await addSpace(api, base, a.id);
    const second = await addSpace(api, base, b.id);
    expect(first).toMatchObject({ path: "getting-started", default: true, title: "Getting Started!" });
    expect(second).toMatchObject({ path: "getting-started-2", default: false });
    expect(first.section).toBeUndefined();
    const structure = await api.get(`${base}/structure`);
    expect(structure.status).toBe(200);
    expect(structure.body.type).toBe("siteSpaces");
    expect(structure.body.structure.map((item: { id: string }) => item.id)).toEqual([first.id, second.id]);
    await expectValidStructure(site.id);
  });

  test("a space of another organization, or an unknown one, is not found naming the field", async () => {
    const { api, base, tenant } = await setup();
    const foreign = await createSpace(apiClient(server.url, tenant.stranger.token), tenant.otherOrganization.id, "Elsewhere");
    const refused = await api.post(`${base}/site-spaces`, { spaceId: foreign.id });
    expect(refused.status).toBe(404);
    expect(fieldErrorsOf(refused.body)).toMatch(/^spaceId:/);
  });

  test("PATCH changes the path (URL-safe, unique among siblings) and the space; DELETE promotes the next default", async () => {
    const { api, org, base, site } = await setup();
    const [a, b, c] = [await createSpace(api, org, "A one"), await createSpace(api, org, "B two"), await createSpace(api, org, "C three")];
    const first = await addSpace(api, base, a.id);
    const second = await addSpace(api, base, b.id);
    const renamed = await api.patch(`${base}/site-spaces/${second.id}`, { path: "guides" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.path).toBe("guides");
    for (const path of ["Guides", "a b", "", "x".repeat(101), "é"]) {
      const bad = await api.patch(`${base}/site-spaces/${second.id}`, { path });
      expect(bad.status, path).toBe(400);
      expect(Object.keys(bad.body.error.details.fields)).toEqual(["path"]);
    }
    const taken = await api.patch(`${base}/site-spaces/${second.id}`, { path: first.path });
    expect(taken.status).toBe(400);
    expect(fieldErrorsOf(taken.body)).toMatch(/^path:/);
    const repointed = await api.patch(`${base}/site-spaces/${second.id}`, { spaceId: c.id });
    expect(repointed.status).toBe(200);
    expect(repointed.body.space.id).toBe(c.id);
    expect((await api.delete(`${base}/site-spaces/${first.id}`)).status).toBe(204);
    expect((await api.delete(`${base}/site-spaces/${first.id}`)).status).toBe(204);
    const left = await api.get(`${base}/site-spaces`);
    expect(left.body.items).toHaveLength(1);
    expect(left.body.items[0]).toMatchObject({ id: second.id, default: true });
    await expectValidStructure(site.id);
  });

  test("listSiteSpaces pages and filters by default", async () => {
    const { api, org, base } = await setup();
    const ids = [];
    for (const title of ["One", "Two", "Three"]) ids.push((await addSpace(api, base, (await createSpace(api, org, title)).id)).id);
    const page = await api.get(`${base}/site-spaces?limit=2`);
    expect(page.body.items.map((item: { id: string }) => item.id)).toEqual(ids.slice(0, 2));
    expect(page.body.count).toBe(3);
    const next = await api.get(`${base}/site-spaces?limit=2&page=${page.body.next.page}`);
    expect(next.body.items.map((item: { id: string }) => item.id)).toEqual(ids.slice(2));
    expect(next.body.next).toBeUndefined();
    expect((await api.get(`${base}/site-spaces?default=true`)).body.items.map((item: { id: string }) => item.id)).toEqual([ids[0]]);
    expect((await api.get(`${base}/site-spaces?default=false`)).body.items.map((item: { id: string }) => item.id)).toEqual(ids.slice(1));
  });
});

describe("sections", () => {
  test("the first section of a site with root site spaces takes them into a first, default section", async () => {
    const { api, org, base, site } = await setup();
    const a = await createSpace(api, org, "Docs");
    const b = await createSpace(api, org, "API reference");
    const root = await addSpace(api, base, a.id);
    const section = await addSection(api, base, b.id, { title: "API", icon: "code" });
    expect(section).toMatchObject({ title: "API", path: "api", default: false, icon: "code", draft: false });
    const structure = await api.get(`${base}/structure`);
    expect(structure.body.type).toBe("sections");
    const [first, second] = structure.body.structure;
    expect(first).toMatchObject({ object: "site-section", title: "Docs", default: true });
    expect(first.siteSpaces.map((item: { id: string }) => item.id)).toEqual([root.id]);
    expect(first.siteSpaces[0]).toMatchObject({ section: first.id, default: true });
    expect(second.id).toBe(section.id);
    const listed = await api.get(`${base}/sections`);
    expect(listed.body.items.map((item: { id: string }) => item.id)).toEqual([first.id, section.id]);
    // New site spaces now go to the default section.
    const c = await createSpace(api, org, "Docs v2");
    const variant = await addSpace(api, base, c.id);
    expect(variant.section).toBe(first.id);
    await expectValidStructure(site.id);
  });

  test("a site without site spaces gets a default first section; titles are bounded", async () => {
    const { api, org, base } = await setup();
    const a = await createSpace(api, org, "Product");
    const section = await addSection(api, base, a.id);
    expect(section).toMatchObject({ title: "Product", default: true, path: "product" });
    expect(section.siteSpaces).toHaveLength(1);
    for (const body of [{ title: "x" }, { title: "x".repeat(129) }, { icon: "x".repeat(51) }, {}]) {
      const bad = await api.post(`${base}/sections`, "title" in body || "icon" in body ? { spaceId: a.id, ...body } : body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
  });

  test("PATCH: title, path, description, icon, default site space; condition checked against the schema, null removes it", async () => {
    const schema = { type: "object", properties: { isBeta: { type: "boolean", description: "Beta user" } }, additionalProperties: false };
    const { api, org, base, site } = await setup({ adaptiveSchema: schema });
    const one = await addSection(api, base, (await createSpace(api, org, "One")).id);
    const two = await addSection(api, base, (await createSpace(api, org, "Two")).id);
    const variant = await addSpace(api, base, (await createSpace(api, org, "Two v2")).id, two.id);
    const updated = await api.patch(`${base}/sections/${two.id}`, {
      title: "Second",
      path: "second",
      description: "The second one",
      icon: "book",
      defaultSiteSpace: variant.id,
      condition: "visitor.claims.isBeta == true",
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: "Second", path: "second", description: "The second one", icon: "book", condition: "visitor.claims.isBeta == true" });
    expect(updated.body.siteSpaces.find((item: { id: string }) => item.id === variant.id).default).toBe(true);
    expect(updated.body.siteSpaces.filter((item: { default: boolean }) => item.default)).toHaveLength(1);
    const undeclared = await api.patch(`${base}/sections/${two.id}`, { condition: "visitor.claims.nope == true" });
    expect(undeclared.status).toBe(400);
    expect(fieldErrorsOf(undeclared.body)).toMatch(/^condition:/);
    const syntax = await api.patch(`${base}/sections/${two.id}`, { condition: "visitor.claims.isBeta ==" });
    expect(syntax.status).toBe(400);
    const unchanged = await api.patch(`${base}/sections/${two.id}`, { title: "Second again" });
    expect(unchanged.body.condition).toBe("visitor.claims.isBeta == true");
    const removed = await api.patch(`${base}/sections/${two.id}`, { condition: null, description: null, icon: null });
    expect(removed.body.condition).toBeUndefined();
    expect(removed.body.description).toBeUndefined();
    expect(removed.body.icon).toBeUndefined();
    const taken = await api.patch(`${base}/sections/${two.id}`, { path: one.path });
    expect(taken.status).toBe(400);
    expect(fieldErrorsOf(taken.body)).toMatch(/^path:/);
    const unsafe = await api.patch(`${base}/sections/${two.id}`, { path: "Not/Safe" });
    expect(unsafe.status).toBe(400);
    const notHere = await api.patch(`${base}/sections/${one.id}`, { defaultSiteSpace: variant.id });
    expect(notHere.status).toBe(400);
    expect(fieldErrorsOf(notHere.body)).toMatch(/^defaultSiteSpace:/);
    await expectValidStructure(site.id);
  });

  test("deleting the default section promotes the first remaining; deleting an absent one is 204", async () => {
    const { api, org, base, site } = await setup();
    const one = await addSection(api, base, (await createSpace(api, org, "One")).id);
    const two = await addSection(api, base, (await createSpace(api, org, "Two")).id);
    const three = await addSection(api, base, (await createSpace(api, org, "Three")).id);
    expect(one.default).toBe(true);
    expect((await api.delete(`${base}/sections/${one.id}`)).status).toBe(204);
    expect((await api.delete(`${base}/sections/${one.id}`)).status).toBe(204);
    const listed = await api.get(`${base}/sections`);
    expect(listed.body.items.map((item: { id: string; default: boolean }) => [item.id, item.default])).toEqual([
      [two.id, true],
      [three.id, false],
    ]);
    expect(await db().siteSpace.count({ where: { siteId: site.id } })).toBe(2);
    await expectValidStructure(site.id);
    // The last section takes the (now empty) groups with it: the site is back to showing spaces at its root.
    const group = (await api.post(`${base}/section-groups`, { title: "Group", sections: [two.id] })).body.id;
    expect((await api.delete(`${base}/sections/${two.id}`)).status).toBe(204);
    expect((await api.delete(`${base}/sections/${three.id}`)).status).toBe(204);
    expect(await db().siteSectionGroup.findUnique({ where: { id: group } })).toBeNull();
    expect((await api.get(`${base}/structure`)).body).toEqual({ type: "siteSpaces", structure: [] });
    await expectValidStructure(site.id);
  });

  test("removing a section's last site space removes the section", async () => {
    const { api, org, base, site } = await setup();
    await addSection(api, base, (await createSpace(api, org, "One")).id);
    const two = await addSection(api, base, (await createSpace(api, org, "Two")).id);
    expect((await api.delete(`${base}/site-spaces/${two.siteSpaces[0]!.id}`)).status).toBe(204);
    expect((await api.get(`${base}/sections`)).body.items).toHaveLength(1);
    await expectValidStructure(site.id);
  });

  test("the deprecated move puts a section before or after another; an anchor of another level is a 400", async () => {
    const { api, org, base, site } = await setup();
    const one = await addSection(api, base, (await createSpace(api, org, "One")).id);
    const two = await addSection(api, base, (await createSpace(api, org, "Two")).id);
    const moved = await api.post(`${base}/sections/${two.id}/move`, { position: { before: { type: "site-section", siteSection: one.id } } });
    expect(moved.status).toBe(200);
    expect(moved.body.id).toBe(two.id);
    expect((await api.get(`${base}/sections`)).body.items.map((item: { id: string }) => item.id)).toEqual([two.id, one.id]);
    const self = await api.post(`${base}/sections/${two.id}/move`, { position: { after: { type: "site-section", siteSection: two.id } } });
    expect(self.status).toBe(400);
    const missing = await api.post(`${base}/sections/nope/move`, { position: { after: { type: "site-section", siteSection: one.id } } });
    expect(missing.status).toBe(404);
    await expectValidStructure(site.id);
  });
});

describe("section groups", () => {
  test("a group takes sections, lists them as sections and children, and gives them back in its place when deleted", async () => {
    const { api, org, base, site } = await setup();
    const one = await addSection(api, base, (await createSpace(api, org, "One")).id);
    const two = await addSection(api, base, (await createSpace(api, org, "Two")).id);
    const three = await addSection(api, base, (await createSpace(api, org, "Three")).id);
    const created = await api.post(`${base}/section-groups`, { title: "Guides", icon: "map", sections: [three.id, two.id] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: "site-section-group", title: "Guides", icon: "map", draft: false });
    expect(created.body.sections.map((item: { id: string }) => item.id)).toEqual([three.id, two.id]);
    expect(created.body.children.map((item: { id: string }) => item.id)).toEqual([three.id, two.id]);
    const group = created.body.id as string;
    let structure = (await api.get(`${base}/structure`)).body.structure;
    expect(structure.map((item: { id: string }) => item.id)).toEqual([one.id, group]);
    await expectValidStructure(site.id);

    const renamed = await api.patch(`${base}/section-groups/${group}`, { title: "How-to", icon: null });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe("How-to");
    expect(renamed.body.icon).toBeUndefined();

    expect((await api.delete(`${base}/section-groups/${group}/sections/${three.id}`)).status).toBe(204);
    expect((await api.delete(`${base}/section-groups/${group}/sections/${three.id}`)).status).toBe(204);
    structure = (await api.get(`${base}/structure`)).body.structure;
    expect(structure.map((item: { id: string }) => item.id)).toEqual([one.id, group, three.id]);
    const readded = await api.post(`${base}/section-groups/${group}/sections`, { sectionId: three.id });
    expect(readded.status).toBe(200);
    expect(readded.body.sections.map((item: { id: string }) => item.id)).toEqual([two.id, three.id]);
    await expectValidStructure(site.id);

    const groups = await api.get(`${base}/section-groups`);
    expect(groups.body.items.map((item: { id: string }) => item.id)).toEqual([group]);

    expect((await api.delete(`${base}/section-groups/${group}`)).status).toBe(204);
    expect((await api.delete(`${base}/section-groups/${group}`)).status).toBe(204);
    structure = (await api.get(`${base}/structure`)).body.structure;
    expect(structure.map((item: { id: string }) => item.id)).toEqual([one.id, two.id, three.id]);
    await expectValidStructure(site.id);
  });

  test("a group holds sections of its own site only, and needs a site with sections", async () => {
    const { api, org, base } = await setup();
    const noSections = await api.post(`${base}/section-groups`, { title: "Too early" });
    expect(noSections.status).toBe(400);
    const otherSite = await createSiteRow(org);
    const otherBase = `/v1/orgs/${org}/sites/${otherSite.id}`;
    const foreign = await addSection(api, otherBase, (await createSpace(api, org, "Foreign")).id);
    await addSection(api, base, (await createSpace(api, org, "Mine")).id);
    const refused = await api.post(`${base}/section-groups`, { title: "Mixed", sections: [foreign.id] });
    expect(refused.status).toBe(400);
    expect(fieldErrorsOf(refused.body)).toMatch(/^sections:/);
    const group = (await api.post(`${base}/section-groups`, { title: "Mine" })).body.id;
    const add = await api.post(`${base}/section-groups/${group}/sections`, { sectionId: foreign.id });
    expect(add.status).toBe(400);
    expect(await db().siteSection.findUnique({ where: { id: foreign.id } })).toMatchObject({ sectionGroupId: null });
  });

  test("the deprecated group move goes before a top-level section", async () => {
    const { api, org, base, site } = await setup();
    const one = await addSection(api, base, (await createSpace(api, org, "One")).id);
    const group = (await api.post(`${base}/section-groups`, { title: "Group" })).body.id;
    const moved = await api.post(`${base}/section-groups/${group}/move`, { position: { before: { type: "site-section", id: one.id } } });
    expect(moved.status).toBe(200);
    expect((await api.get(`${base}/structure`)).body.structure.map((item: { id: string }) => item.id)).toEqual([group, one.id]);
    await expectValidStructure(site.id);
  });
});

describe("sorting the structure", () => {
  test("moves site spaces, sections and groups among their siblings; an invalid position is a 400", async () => {
    const { api, org, base, site } = await setup();
    const one = await addSection(api, base, (await createSpace(api, org, "One")).id);
    const two = await addSection(api, base, (await createSpace(api, org, "Two")).id);
    const v2 = await addSpace(api, base, (await createSpace(api, org, "One v2")).id, one.id);
    const sorted = await api.patch(`${base}/structure/sort`, { item: { type: "site-section", id: two.id }, position: { before: { type: "site-section", id: one.id } } });
    expect(sorted.status).toBe(200);
    expect(sorted.body).toMatchObject({ object: "site-section", id: two.id });
    const variants = await api.patch(`${base}/structure/sort`, { item: { type: "site-space", id: v2.id }, position: { before: { type: "site-space", id: one.siteSpaces[0]!.id } } });
    expect(variants.status).toBe(200);
    expect(variants.body).toMatchObject({ object: "site-space", id: v2.id, default: false });
    const structure = (await api.get(`${base}/structure`)).body.structure;
    expect(structure.map((item: { id: string }) => item.id)).toEqual([two.id, one.id]);
    expect(structure[1].siteSpaces.map((item: { id: string }) => item.id)).toEqual([v2.id, one.siteSpaces[0]!.id]);
    const crossLevel = await api.patch(`${base}/structure/sort`, { item: { type: "site-space", id: v2.id }, position: { after: { type: "site-section", id: two.id } } });
    expect(crossLevel.status).toBe(400);
    const both = await api.patch(`${base}/structure/sort`, { item: { type: "site-section", id: two.id }, position: { before: { type: "site-section", id: one.id }, after: { type: "site-section", id: one.id } } });
    expect(both.status).toBe(400);
    const unknown = await api.patch(`${base}/structure/sort`, { item: { type: "site-section-group", id: "nope" }, position: {} });
    expect(unknown.status).toBe(404);
    const moveSpace = await api.post(`${base}/site-spaces/${v2.id}/move`, { position: { after: { type: "site-space", siteSpace: one.siteSpaces[0]!.id } } });
    expect(moveSpace.status).toBe(200);
    await expectValidStructure(site.id);
  });

  test("20 concurrent reorders and adds on one site leave a valid structure", async () => {
    const { api, org, base, site } = await setup();
    const sections: Awaited<ReturnType<typeof addSection>>[] = [];
    for (const title of ["Alpha", "Beta", "Gamma"]) sections.push(await addSection(api, base, (await createSpace(api, org, title)).id));
    const spaces: { id: string }[] = [];
    for (let i = 0; i < 10; i++) spaces.push(await createSpace(api, org, `Variant ${i % 3}`));
    const calls = Array.from({ length: 20 }, (_, i) => {
      if (i % 2 === 0) return api.post(`${base}/site-spaces`, { spaceId: spaces[i / 2]!.id, sectionId: sections[i % 3]!.id });
      const [item, anchor] = [sections[i % 3]!, sections[(i + 1) % 3]!];
      return api.patch(`${base}/structure/sort`, { item: { type: "site-section", id: item.id }, position: { [i % 4 === 1 ? "before" : "after"]: { type: "site-section", id: anchor.id } } });
    });
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.status)).toEqual(calls.map((_, i) => (i % 2 === 0 ? 201 : 200)));
    const structure = await expectValidStructure(site.id);
    expect(structure.siteSpaces).toHaveLength(13);
    for (const section of structure.sections) {
      const paths = structure.siteSpaces.filter((row) => row.sectionId === section.id).map((row) => row.path);
      expect(new Set(paths).size).toBe(paths.length);
    }
  });
});

describe("duplicating a site space", () => {
  test("an only variant is copied into a new sibling section; otherwise next to it", async () => {
    const { api, org, base, site } = await setup();
    const original = await createSpace(api, org, "One");
    const one = await addSection(api, base, original.id);
    const copied = await api.post(`${base}/site-spaces/${one.siteSpaces[0]!.id}/duplicate`, {});
    expect(copied.status).toBe(201);
    expect(copied.body.space.id).not.toBe(original.id);
    expect(copied.body.space.title).toBe("One (copy)");
    expect(copied.body.section).not.toBe(one.id);
    const sections = (await api.get(`${base}/sections`)).body.items;
    expect(sections.map((item: { id: string }) => item.id)).toEqual([one.id, copied.body.section]);
    const v2 = await addSpace(api, base, (await createSpace(api, org, "One v2")).id, one.id);
    const again = await api.post(`${base}/site-spaces/${one.siteSpaces[0]!.id}/duplicate`, {});
    expect(again.body.section).toBe(one.id);
    const variants = (await api.get(`${base}/structure`)).body.structure[0].siteSpaces.map((item: { id: string }) => item.id);
    expect(variants).toEqual([one.siteSpaces[0]!.id, again.body.id, v2.id]);
    await expectValidStructure(site.id);
  });
});

describe("a space leaving the organization", () => {
  test("moving it to the trash removes its site spaces, promoting defaults and removing emptied sections", async () => {
    const { api, org, base, site } = await setup();
    const shared = await createSpace(api, org, "Shared");
    const one = await addSection(api, base, shared.id);
    const other = await addSpace(api, base, (await createSpace(api, org, "Other")).id, one.id);
    const two = await addSection(api, base, (await createSpace(api, org, "Two")).id);
    const lonely = await addSection(api, base, shared.id, { title: "Lonely" });
    const rootSite = await createSiteRow(org);
    await addSpace(api, `/v1/orgs/${org}/sites/${rootSite.id}`, shared.id);
    expect((await api.get(`/v1/orgs/${org}/sites/${site.id}`)).body.siteSpaces).toBe(4);
    expect((await api.delete(`/v1/spaces/${shared.id}`)).status).toBe(204);
    expect((await api.get(`/v1/orgs/${org}/sites/${site.id}`)).body.siteSpaces).toBe(2);
    expect((await api.get(`/v1/orgs/${org}/sites/${rootSite.id}`)).body.siteSpaces).toBe(0);
    const structure = await expectValidStructure(site.id);
    expect(structure.sections.map((row) => row.id)).toEqual([one.id, two.id]);
    expect(structure.siteSpaces.find((row) => row.id === other.id)).toMatchObject({ isDefault: true, position: 0 });
    expect(structure.sections.some((row) => row.id === lonely.id)).toBe(false);
    expect(await db().siteSpace.count({ where: { spaceId: shared.id } })).toBe(0);
    await expectValidStructure(rootSite.id);
    const events = await db().domainEvent.findMany({ where: { organizationId: org, action: { in: ["site_space.removed", "site_section.removed"] } } });
    expect(events.filter((event) => event.action === "site_space.removed")).toHaveLength(3);
    expect(events.filter((event) => event.action === "site_section.removed").map((event) => event.targetId)).toEqual([lonely.id]);
  });

  test("transferring it to another organization removes its site spaces", async () => {
    const { api, org, base, site, tenant } = await setup();
    const destination = await db().organization.create({ data: { id: `${org.slice(0, 10)}dest${Date.now() % 100000}`, title: "Destination" } });
    await db().member.create({ data: { organizationId: destination.id, userId: tenant.admin.user.id, role: "admin" } });
    const moving = await createSpace(api, org, "Moving");
    await addSpace(api, base, moving.id);
    const staying = await addSpace(api, base, (await createSpace(api, org, "Staying")).id);
    const transferred = await api.post(`/v1/spaces/${moving.id}/transfer`, { organization: destination.id });
    expect(transferred.status).toBe(200);
    const structure = await expectValidStructure(site.id);
    expect(structure.siteSpaces.map((row) => [row.id, row.isDefault])).toEqual([[staying.id, true]]);
  });
});

describe("answers", () => {
  test("urls.published appear once the site is published", async () => {
    const { api, org, base, site } = await setup({ published: true });
    const one = await addSection(api, base, (await createSpace(api, org, "One")).id);
    const two = await addSection(api, base, (await createSpace(api, org, "Two")).id);
    const variant = await addSpace(api, base, (await createSpace(api, org, "Two v2")).id, two.id);
    const structure = (await api.get(`${base}/structure`)).body.structure;
    const siteUrl = structure[0].urls.published as string;
    expect(siteUrl.endsWith(`/${site.basename}`)).toBe(true);
    expect(structure[1].urls.published).toBe(`${siteUrl}/${two.path}`);
    expect(structure[1].siteSpaces[1].urls.published).toBe(`${siteUrl}/${two.path}/${variant.path}`);
    expect(one.siteSpaces).toHaveLength(1);
    const unpublished = await setup();
    const section = await addSection(unpublished.api, unpublished.base, (await createSpace(unpublished.api, unpublished.org, "X")).id);
    expect((section as unknown as { urls: object }).urls).toEqual({});
  });

  test("a share link's key opens the lists of a share-link site to someone who is not a member", async () => {
    const { api, org, base, site, tenant } = await setup({ published: true });
    await db().site.update({ where: { id: site.id }, data: { visibility: "share-link" } });
    await addSection(api, base, (await createSpace(api, org, "One")).id);
    const link = await api.post(`${base}/share-links`, { name: "Partners" });
    expect(link.status).toBe(201);
    const key = new URL(link.body.urls.published).searchParams.get("share")!;
    const stranger = apiClient(server.url, tenant.stranger.token);
    expect((await stranger.get(`${base}/sections`)).status).toBe(404);
    expect((await stranger.get(`${base}/sections?shareKey=${key.slice(0, -2)}xx`)).status).toBe(404);
    const sections = await stranger.get(`${base}/sections?shareKey=${key}`);
    expect(sections.status).toBe(200);
    expect(sections.body.items).toHaveLength(1);
    // A visitor holds no role on the spaces shown.
    expect(sections.body.items[0].siteSpaces[0].space.permissions.view).toBe(false);
    expect((await stranger.get(`${base}/site-spaces?shareKey=${key}`)).status).toBe(200);
    expect((await stranger.get(`${base}/structure?shareKey=${key}`)).status).toBe(200);
    expect((await stranger.get(`${base}/section-groups?shareKey=${key}`)).status).toBe(404);
    expect((await stranger.post(`${base}/section-groups?shareKey=${key}`, { title: "No" })).status).toBe(404);
  });

  test("readers may list, only the create role changes the structure", async () => {
    const { api, org, base, tenant } = await setup();
    await addSection(api, base, (await createSpace(api, org, "One")).id);
    const reader = apiClient(server.url, (await tenant.member("read")).token);
    expect((await reader.get(`${base}/sections`)).status).toBe(200);
    const space = await createSpace(api, org, "Two");
    expect((await reader.post(`${base}/sections`, { spaceId: space.id })).status).toBe(403);
    const stranger = apiClient(server.url, tenant.stranger.token);
    expect((await stranger.get(`${base}/sections`)).status).toBe(404);
  });
});
