import type { Db } from "../../db/client";
import type { SiteSection, SiteSectionGroup, SiteSpace } from "../../db/generated/client";

/**
 * The rules a site's structure obeys after every write, and the step that restores the ones a
 * write may loosen (`normalizeStructure`), which every structure write ends with:
 * - a site has either sections or root-level site spaces, never both; every section has site spaces;
 * - exactly one default section when it has sections, the first by position unless one was chosen;
 * - exactly one default site space in each section, and at the root when it has root site spaces;
 * - positions dense (0..n-1) and stable among siblings: sections outside groups and groups share
 *   the top-level sequence, the sections of a group have their own, site spaces theirs per section
 *   (or at the root);
 * - a group holds sections of its own site only (also a composite foreign key in the database);
 * - paths unique among siblings (unique indexes) and URL-safe (server/sites/structure/paths.ts).
 * Callers hold the site's lock (writeSite), so the structure read here is the one being written.
 */

export type StructureSnapshot = { groups: SiteSectionGroup[]; sections: SiteSection[]; siteSpaces: SiteSpace[] };

export type TopLevelItem = { type: "site-section"; row: SiteSection } | { type: "site-section-group"; row: SiteSectionGroup };

const byPosition = <T extends { position: number; createdAt: Date; id: string }>(a: T, b: T) =>
  a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export async function loadStructure(tx: Db, siteId: string): Promise<StructureSnapshot> {
  const [groups, sections, siteSpaces] = await Promise.all([
    tx.siteSectionGroup.findMany({ where: { siteId } }),
    tx.siteSection.findMany({ where: { siteId } }),
    tx.siteSpace.findMany({ where: { siteId } }),
  ]);
  return { groups: groups.sort(byPosition), sections: sections.sort(byPosition), siteSpaces: siteSpaces.sort(byPosition) };
}

/** The site's top-level items in order: groups and the sections outside groups. */
export function topLevelItems(structure: StructureSnapshot): TopLevelItem[] {
  const items: TopLevelItem[] = [
    ...structure.groups.map((row) => ({ type: "site-section-group" as const, row })),
    ...structure.sections.filter((row) => row.sectionGroupId === null).map((row) => ({ type: "site-section" as const, row })),
  ];
  return items.sort((a, b) => byPosition(a.row, b.row));
}

export const sectionsOfGroup = (structure: StructureSnapshot, groupId: string) => structure.sections.filter((row) => row.sectionGroupId === groupId);

/** The site spaces of a section, or at the root (`null`), in order. */
export const siteSpacesOf = (structure: StructureSnapshot, sectionId: string | null) => structure.siteSpaces.filter((row) => row.sectionId === sectionId);

/** Every section in the order a visitor sees them: top-level order, a group's sections in its place. */
export function sectionsInOrder(structure: StructureSnapshot): SiteSection[] {
  return topLevelItems(structure).flatMap((item) => (item.type === "site-section" ? [item.row] : sectionsOfGroup(structure, item.row.id)));
}

const dense = (rows: { position: number }[]) => rows.every((row, index) => row.position === index);

/** What is wrong with a structure, in words (empty when it obeys every rule). */
export function structureViolations(structure: StructureSnapshot): string[] {
  const problems: string[] = [];
  const { groups, sections, siteSpaces } = structure;
  const rootSpaces = siteSpacesOf(structure, null);
  if (sections.length > 0 && rootSpaces.length > 0) problems.push("the site has both sections and root-level site spaces");
  if (sections.length > 0 && sections.filter((row) => row.isDefault).length !== 1) problems.push("the site does not have exactly one default section");
  if (!dense(topLevelItems(structure).map((item) => item.row))) problems.push("top-level positions are not dense");
  const groupIds = new Set(groups.map((group) => group.id));
  for (const section of sections) {
    if (section.sectionGroupId !== null && !groupIds.has(section.sectionGroupId)) problems.push(`section ${section.id} is in a group of another site`);
  }
  for (const group of groups) {
    if (!dense(sectionsOfGroup(structure, group.id))) problems.push(`positions in group ${group.id} are not dense`);
  }
  const parents: (string | null)[] = sections.length > 0 ? sections.map((section) => section.id) : [null];
  for (const parent of parents) {
    const siblings = siteSpacesOf(structure, parent);
    const where = parent === null ? "at the root" : `in section ${parent}`;
    if (parent !== null && siblings.length === 0) problems.push(`section ${parent} has no site space`);
    if (siblings.length > 0 && siblings.filter((row) => row.isDefault).length !== 1) problems.push(`not exactly one default site space ${where}`);
    if (!dense(siblings)) problems.push(`site space positions ${where} are not dense`);
    if (new Set(siblings.map((row) => row.path)).size !== siblings.length) problems.push(`site space paths ${where} are not unique`);
  }
  if (new Set(sections.map((row) => row.path)).size !== sections.length) problems.push("section paths are not unique");
  const orphans = siteSpaces.filter((row) => row.sectionId !== null && !sections.some((section) => section.id === row.sectionId));
  if (orphans.length > 0) problems.push("site spaces in sections of another site");
  return problems;
}

/** Puts `rows` at positions 0..n-1 in their current order, writing only those that move. */
async function renumber(rows: { id: string; position: number }[], write: (id: string, position: number) => Promise<unknown>) {
  for (const [index, row] of rows.entries()) {
    if (row.position !== index) {
      await write(row.id, index);
      row.position = index;
    }
  }
}

/**
 * Restores dense positions and the defaults (the first by position becomes default where none is
 * left), then checks every rule: a structure that still breaks one is a bug of the write, which
 * fails (and rolls back) rather than commit it.
 */
export async function normalizeStructure(tx: Db, siteId: string): Promise<StructureSnapshot> {
  const structure = await loadStructure(tx, siteId);
  const setSection = (id: string, position: number) => tx.siteSection.update({ where: { id }, data: { position } });
  await renumber(
    topLevelItems(structure).map((item) => item.row),
    async (id, position) =>
      structure.groups.some((group) => group.id === id) ? tx.siteSectionGroup.update({ where: { id }, data: { position } }) : setSection(id, position),
  );
  for (const group of structure.groups) await renumber(sectionsOfGroup(structure, group.id), setSection);
  const ordered = sectionsInOrder(structure);
  if (ordered.length > 0 && !ordered.some((row) => row.isDefault)) {
    await tx.siteSection.update({ where: { id: ordered[0]!.id }, data: { isDefault: true } });
    ordered[0]!.isDefault = true;
  }
  for (const parent of [null, ...structure.sections.map((section) => section.id)]) {
    const siblings = siteSpacesOf(structure, parent);
    await renumber(siblings, (id, position) => tx.siteSpace.update({ where: { id }, data: { position } }));
    if (siblings.length > 0 && !siblings.some((row) => row.isDefault)) {
      await tx.siteSpace.update({ where: { id: siblings[0]!.id }, data: { isDefault: true } });
      siblings[0]!.isDefault = true;
    }
  }
  const problems = structureViolations(structure);
  if (problems.length > 0) throw new Error(`Site ${siteId} structure broke its rules: ${problems.join("; ")}.`);
  return structure;
}
