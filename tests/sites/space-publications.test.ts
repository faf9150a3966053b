import { describe, expect, test } from "vitest";
import { db, type Db } from "../../server/db/client";
import { readSnapshot } from "../../server/db/transaction";
import { newId } from "../../server/ids";
import { publicationOf, spacePublicationRows } from "../../server/sites/space-publications";
import { createOrganization, createSite } from "../helpers/factories";

const BASE = "http://quire.example.test";

/**
 * Spaces in sites of every kind: `inTwo` in an older unpublished site, then in an unlisted published
 * site with a custom hostname (twice, under a section) and in a newer public one; `publicOnly` in the
 * public site alone (its default site space); `deleted` in the public site but deleted; `nowhere`.
 */
async function world() {
  const organization = await createOrganization();
  const space = async (deleted = false) =>
    (await db().space.create({ data: { id: newId(), organizationId: organization.id, title: "Space", ...(deleted ? { deletedAt: new Date() } : {}) } })).id;
  const [inTwo, publicOnly, deleted, nowhere] = [await space(), await space(), await space(true), await space()];
  const siteSpace = (siteId: string, spaceId: string, path: string, position: number, extra: { sectionId?: string; isDefault?: boolean } = {}) =>
    db().siteSpace.create({ data: { id: newId(), siteId, spaceId, path, position, ...extra } });

  const unpublished = await createSite(organization.id, { published: false });
  await db().site.update({ where: { id: unpublished.id }, data: { createdAt: new Date("2026-01-01T00:00:00Z") } });
  await siteSpace(unpublished.id, inTwo, "draft", 0);

  const unlisted = await createSite(organization.id, { published: true, visibility: "unlisted", hostname: `docs-${newId().toLowerCase()}.example.test` });
  await db().site.update({ where: { id: unlisted.id }, data: { createdAt: new Date("2026-02-01T00:00:00Z") } });
  const section = await db().siteSection.create({ data: { id: newId(), siteId: unlisted.id, title: "Guides", path: "guides", position: 0 } });
  // Positions out of creation order: the first site space is the one at position 0.
  await siteSpace(unlisted.id, inTwo, "later", 1, { sectionId: section.id });
  await siteSpace(unlisted.id, inTwo, "first", 0, { sectionId: section.id });

  const open = await createSite(organization.id, { published: true, visibility: "public" });
  await db().site.update({ where: { id: open.id }, data: { createdAt: new Date("2026-03-01T00:00:00Z") } });
  await siteSpace(open.id, inTwo, "also", 1);
  await siteSpace(open.id, publicOnly, "home", 0, { isDefault: true });
  await siteSpace(open.id, deleted, "gone", 2);

  const expected = new Map([
    [inTwo, { published: `https://${unlisted.hostname}/guides/first` }],
    [publicOnly, { published: `${BASE}/${open.basename}`, public: `${BASE}/${open.basename}` }],
  ]);
  return { ids: [inTwo, publicOnly, deleted, nowhere], expected, inTwo, nowhere };
}

/** The spaces' publications on BASE, as the edge makes them of the rows services return (presentSpace). */
async function spacePublications(tx: Db, ids: string[]) {
  return new Map([...(await spacePublicationRows(tx, ids))].map(([spaceId, row]) => [spaceId, publicationOf(row, BASE)]));
}

describe("spacePublicationRows", () => {
  test("the oldest published site's first site space, public URL only for a public site; none for deleted or unpublished spaces", async () => {
    const { ids, expected, inTwo, nowhere } = await world();
    // Twice: the statement is prepared on first use, then only executed.
    for (let round = 0; round < 2; round++) expect(await spacePublications(db(), ids)).toEqual(expected);
    expect((await spacePublications(db(), [inTwo])).get(inTwo)).toEqual(expected.get(inTwo));
    expect((await spacePublications(db(), [nowhere])).has(nowhere)).toBe(false);
    expect(await spacePublications(db(), [])).toEqual(new Map());
  });

  test("inside a transaction it answers the same, from the transaction", async () => {
    const { ids, expected } = await world();
    expect(await readSnapshot((tx) => spacePublications(tx, ids))).toEqual(expected);
  });
});
