import { describe, expect, test } from "vitest";
import { assertConformsToSchema } from "../helpers/conformance";
import { createSpace } from "../../server/spaces/create-space";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { createTenant } from "../helpers/factories";
import { createSiteRow, expectValidStructure } from "./structure-helpers";

/** The structure editor's procedures (siteStructure.*): the /v1 objects, the same rules. */

const BASE_URL = "http://quire.test";
const createCaller = createCallerFactory(appRouter);

async function setup(options: { adaptiveSchema?: object } = {}) {
  const tenant = await createTenant();
  const actor = { userId: tenant.admin.user.id, via: "session" as const };
  const admin = createCaller({ actor, baseUrl: BASE_URL });
  const organizationId = tenant.organization.id;
  const site = await createSiteRow(organizationId, options);
  const space = (title: string) => createSpace({ actor}, organizationId, { title });
  return { tenant, admin, organizationId, site, ids: { organizationId, siteId: site.id }, space };
}

describe("siteStructure", () => {
  test("builds a structure, sets defaults, moves items, renames a variant, and answers reference objects", async () => {
    const { admin, ids, site, space } = await setup();
    const one = await admin.siteStructure.addSection({ ...ids, spaceId: (await space("One")).id, regroup: null });
    const two = await admin.siteStructure.addSection({ ...ids, spaceId: (await space("Two")).id, title: "Second", icon: "book", regroup: null });
    assertConformsToSchema("SiteSection", two);
    const variant = await admin.siteStructure.addSiteSpace({ ...ids, spaceId: (await space("Two v2")).id, sectionId: two.id });
    assertConformsToSchema("SiteSpace", variant);
    const group = await admin.siteStructure.addSectionGroup({ ...ids, title: "Group", sections: [two.id] });
    assertConformsToSchema("SiteSectionGroup", group);

    const afterDefault = await admin.siteStructure.setDefault({ ...ids, item: { type: "site-section", id: two.id } });
    assertConformsToSchema("SiteStructure", afterDefault);
    const sections = afterDefault.structure.flatMap((item) => ("sections" in item ? item.sections : "siteSpaces" in item ? [item] : []));
    expect(sections.map((section) => [section.id, section.default])).toEqual([
      [one.id, false],
      [two.id, true],
    ]);
    await admin.siteStructure.setDefault({ ...ids, item: { type: "site-space", id: variant.id } });
    const moved = await admin.siteStructure.move({ ...ids, item: { type: "site-section-group", id: group.id }, position: { before: { type: "site-section", id: one.id } } });
    expect(moved).toMatchObject({ object: "site-section-group", id: group.id });
    const renamed = await admin.siteStructure.updateSiteSpace({ ...ids, siteSpaceId: variant.id, title: "Version 2" });
    expect(renamed).toMatchObject({ title: "Version 2", default: true });
    const structure = await admin.siteStructure.get(ids);
    expect(structure.structure.map((item) => item.id)).toEqual([group.id, one.id]);
    await expectValidStructure(site.id);

    await admin.siteStructure.removeSectionFromGroup({ ...ids, sectionGroupId: group.id, sectionId: two.id });
    await admin.siteStructure.removeSectionGroup({ ...ids, sectionGroupId: group.id });
    await admin.siteStructure.removeSection({ ...ids, sectionId: two.id });
    const left = await admin.siteStructure.get(ids);
    expect(left.structure.map((item) => [item.id, "default" in item && item.default])).toEqual([[one.id, true]]);
    await expectValidStructure(site.id);
  });

  test("the first section regroups root site spaces only as confirmed: chosen ones stay together as the first section's variants, the others get sections of their own", async () => {
    const { admin, ids, site, space } = await setup();
    const guides = await admin.siteStructure.addSiteSpace({ ...ids, spaceId: (await space("Guides")).id });
    const legacy = await admin.siteStructure.addSiteSpace({ ...ids, spaceId: (await space("Guides 1.x")).id });
    const changelog = await admin.siteStructure.addSiteSpace({ ...ids, spaceId: (await space("Changelog")).id });
    const api = (await space("API")).id;

    // Unconfirmed, or confirmed for root site spaces that are no longer those: nothing moves.
    const unconfirmed = admin.siteStructure.addSection({ ...ids, spaceId: api, regroup: null });
    await expect(unconfirmed).rejects.toMatchObject({ code: "CONFLICT", cause: { details: { reason: "root-site-spaces-changed", siteSpaceIds: [guides.id, legacy.id, changelog.id] } } });
    const stale = admin.siteStructure.addSection({ ...ids, spaceId: api, regroup: { variants: [guides.id, legacy.id], ownSections: [] } });
    await expect(stale).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await admin.siteStructure.get(ids)).type).toBe("siteSpaces");

    const added = await admin.siteStructure.addSection({ ...ids, spaceId: api, title: "API reference", regroup: { title: "Guides", variants: [guides.id, legacy.id], ownSections: [changelog.id] } });
    const structure = await admin.siteStructure.get(ids);
    assertConformsToSchema("SiteStructure", structure);
    const sections = structure.structure.flatMap((item) => (item.object === "site-section" ? [item] : []));
    expect(sections.map((section) => [section.title, section.default, section.siteSpaces.map((each) => each.id)])).toEqual([
      ["Guides", true, [guides.id, legacy.id]],
      ["Changelog", false, [changelog.id]],
      ["API reference", false, [sections[2]!.siteSpaces[0]!.id]],
    ]);
    expect(sections[2]!.id).toBe(added.id);
    expect(sections[1]!.siteSpaces[0]!.default).toBe(true);
    await expectValidStructure(site.id);
  });

  test("a path of another format, and a condition naming an undeclared claim, are refused naming the field", async () => {
    const schema = { type: "object", properties: { isBeta: { type: "boolean", description: "Beta user" } }, additionalProperties: false };
    const { admin, ids, space } = await setup({ adaptiveSchema: schema });
    const section = await admin.siteStructure.addSection({ ...ids, spaceId: (await space("One")).id, regroup: null });
    await expect(admin.siteStructure.updateSection({ ...ids, sectionId: section.id, path: "Not Safe" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(admin.siteStructure.updateSection({ ...ids, sectionId: section.id, condition: "visitor.claims.unknown" })).rejects.toMatchObject({
      cause: { details: { fields: { condition: expect.stringMatching(/visitor\.claims\.unknown is not declared/) } } },
    });
    const kept = await admin.siteStructure.updateSection({ ...ids, sectionId: section.id, condition: "visitor.claims.isBeta" });
    expect(kept.condition).toBe("visitor.claims.isBeta");
  });
});
