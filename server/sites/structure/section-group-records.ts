import type { Db } from "../../db/client";
import type { Site, SiteSectionGroup } from "../../db/generated/client";
import { fieldError, notFound } from "../../errors";
import type { EventRecorder } from "../../events/record-event";
import { writeOrder } from "./order";
import { loadStructure, sectionsOfGroup, topLevelItems, type StructureSnapshot } from "./rules";
import type { StructurePointer } from "./schemas";

/**
 * Section groups: a named set of sections taking one place among the site's top-level items.
 * A group holds sections of its own site only (checked here, and by a composite foreign key).
 */

type Action = "site_section_group.added" | "site_section_group.updated" | "site_section_group.removed";

export function recordGroup(events: EventRecorder, site: Pick<Site, "id" | "organizationId">, action: Action, group: Pick<SiteSectionGroup, "id" | "title">, extra: Record<string, unknown> = {}) {
  events.record({ organizationId: site.organizationId, action, target: { type: "site-section-group", id: group.id, label: group.title }, payload: { siteId: site.id, siteSectionGroupId: group.id, ...extra } });
}

export async function loadGroup(tx: Db, siteId: string, groupId: string) {
  const group = await tx.siteSectionGroup.findFirst({ where: { id: groupId, siteId } });
  if (!group) throw notFound(`No section group ${groupId} in this site.`);
  return group;
}

/** Puts sections, in this order, at the end of a group (they leave the top level or their other group). */
export async function appendToGroup(tx: Db, siteId: string, groupId: string, sectionIds: string[], field: string): Promise<void> {
  const sections = await tx.siteSection.findMany({ where: { id: { in: sectionIds }, siteId }, select: { id: true } });
  const missing = sectionIds.find((id) => !sections.some((section) => section.id === id));
  if (missing) throw fieldError(field, `No section ${missing} in this site.`);
  const structure = await loadStructure(tx, siteId);
  const kept = sectionsOfGroup(structure, groupId).filter((section) => !sectionIds.includes(section.id));
  for (const id of sectionIds) await tx.siteSection.update({ where: { id }, data: { sectionGroupId: groupId } });
  await writeOrder(tx, [...kept.map((section) => section.id), ...new Set(sectionIds)].map((id) => ({ type: "site-section" as const, id })));
}

/** The top-level order with `sectionIds` (now outside any group) placed right after `groupId`, or in its place. */
export async function placeAtGroup(tx: Db, structure: StructureSnapshot, groupId: string, sectionIds: string[], keepGroup: boolean): Promise<void> {
  const order: StructurePointer[] = [];
  for (const item of topLevelItems(structure)) {
    if (item.type === "site-section" && sectionIds.includes(item.row.id)) continue;
    if (item.row.id !== groupId || keepGroup) order.push({ type: item.type, id: item.row.id });
    if (item.row.id === groupId) order.push(...sectionIds.map((id) => ({ type: "site-section" as const, id })));
  }
  await writeOrder(tx, order);
}
