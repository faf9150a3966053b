import type { Db } from "../../db/client";
import { fieldError, notFound } from "../../errors";
import type { Position, StructurePointer } from "./schemas";
import { sectionsOfGroup, siteSpacesOf, topLevelItems, type StructureSnapshot } from "./rules";

/**
 * Order among siblings: the level an item sits at (the site's top level, a group, a section's or the
 * root's site spaces) and moves within it. Moving between levels is the items' own update's business.
 */

const samePointer = (a: StructurePointer, b: StructurePointer) => a.type === b.type && a.id === b.id;

/** The item's row, or 404 when the site has no such item. */
export function findItem(structure: StructureSnapshot, item: StructurePointer) {
  const rows = item.type === "site-space" ? structure.siteSpaces : item.type === "site-section" ? structure.sections : structure.groups;
  const row = rows.find((candidate) => candidate.id === item.id);
  if (!row) throw notFound(`No ${item.type} ${item.id} in this site.`);
  return row;
}

/** The items of the item's level, in order (the item included). */
export function siblingsOf(structure: StructureSnapshot, item: StructurePointer): StructurePointer[] {
  if (item.type === "site-space") {
    const row = structure.siteSpaces.find((candidate) => candidate.id === item.id)!;
    return siteSpacesOf(structure, row.sectionId).map((sibling) => ({ type: "site-space", id: sibling.id }));
  }
  const section = item.type === "site-section" ? structure.sections.find((candidate) => candidate.id === item.id) : undefined;
  if (section?.sectionGroupId) return sectionsOfGroup(structure, section.sectionGroupId).map((sibling) => ({ type: "site-section", id: sibling.id }));
  return topLevelItems(structure).map((top) => ({ type: top.type, id: top.row.id }));
}

/** Writes positions 0..n-1 for `items`, in this order. */
export async function writeOrder(tx: Db, items: StructurePointer[]): Promise<void> {
  for (const [position, item] of items.entries()) {
    if (item.type === "site-space") await tx.siteSpace.update({ where: { id: item.id }, data: { position } });
    else if (item.type === "site-section") await tx.siteSection.update({ where: { id: item.id }, data: { position } });
    else await tx.siteSectionGroup.update({ where: { id: item.id }, data: { position } });
  }
}

/**
 * Moves an item before or after a sibling of its level (neither: to the end). An anchor that is not
 * a sibling — another level, another site, the item itself — is a 400 naming the position.
 */
export async function moveAmongSiblings(tx: Db, structure: StructureSnapshot, item: StructurePointer, position: Position): Promise<void> {
  findItem(structure, item);
  const siblings = siblingsOf(structure, item);
  const rest = siblings.filter((sibling) => !samePointer(sibling, item));
  const anchor = position.before ?? position.after;
  let index = rest.length;
  if (anchor) {
    const field = position.before ? "position.before" : "position.after";
    const at = rest.findIndex((sibling) => samePointer(sibling, anchor));
    if (at < 0) {
      throw fieldError(field, `${anchor.type} ${anchor.id} is not a sibling of ${item.type} ${item.id} at its level of the structure.`);
    }
    index = position.before ? at : at + 1;
  }
  await writeOrder(tx, [...rest.slice(0, index), item, ...rest.slice(index)]);
}
