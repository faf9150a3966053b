import type { ServiceContext } from "../../context";
import type { Db } from "../../db/client";
import type { Site, SiteSectionGroup } from "../../db/generated/client";
import { badRequest, fieldError, notFound } from "../../errors";
import type { EventRecorder } from "../../events/record-event";
import { newId } from "../../ids";
import { presentSiteSectionGroup } from "../../presenters/site-structure";
import { changeStructure, writeStructure } from "./access";
import { moveAmongSiblings, writeOrder } from "./order";
import { loadStructure, sectionsOfGroup, topLevelItems, type StructureSnapshot } from "./rules";
import type { AddGroupInput, Position, StructurePointer, UpdateGroupInput } from "./schemas";

/**
 * Section groups: a named set of sections taking one place among the site's top-level items.
 * A group holds sections of its own site only (checked here, and by a composite foreign key).
 */

type Action = "site_section_group.added" | "site_section_group.updated" | "site_section_group.removed";

function recordGroup(events: EventRecorder, site: Pick<Site, "id" | "organizationId">, action: Action, group: Pick<SiteSectionGroup, "id" | "title">, extra: Record<string, unknown> = {}) {
  events.record({ organizationId: site.organizationId, action, target: { type: "site-section-group", id: group.id, label: group.title }, payload: { siteId: site.id, siteSectionGroupId: group.id, ...extra } });
}

const presentGroup = (groupId: string) => (structure: StructureSnapshot, view: Parameters<typeof presentSiteSectionGroup>[2]) =>
  presentSiteSectionGroup(structure.groups.find((row) => row.id === groupId)!, structure, view);

async function loadGroup(tx: Db, siteId: string, groupId: string) {
  const group = await tx.siteSectionGroup.findFirst({ where: { id: groupId, siteId } });
  if (!group) throw notFound(`No section group ${groupId} in this site.`);
  return group;
}

/** Puts sections, in this order, at the end of a group (they leave the top level or their other group). */
async function appendToGroup(tx: Db, siteId: string, groupId: string, sectionIds: string[], field: string): Promise<void> {
  const sections = await tx.siteSection.findMany({ where: { id: { in: sectionIds }, siteId }, select: { id: true } });
  const missing = sectionIds.find((id) => !sections.some((section) => section.id === id));
  if (missing) throw fieldError(field, `No section ${missing} in this site.`);
  const structure = await loadStructure(tx, siteId);
  const kept = sectionsOfGroup(structure, groupId).filter((section) => !sectionIds.includes(section.id));
  for (const id of sectionIds) await tx.siteSection.update({ where: { id }, data: { sectionGroupId: groupId } });
  await writeOrder(tx, [...kept.map((section) => section.id), ...new Set(sectionIds)].map((id) => ({ type: "site-section" as const, id })));
}

/** The top-level order with `sectionIds` (now outside any group) placed right after `groupId`, or in its place. */
async function placeAtGroup(tx: Db, structure: StructureSnapshot, groupId: string, sectionIds: string[], keepGroup: boolean): Promise<void> {
  const order: StructurePointer[] = [];
  for (const item of topLevelItems(structure)) {
    if (item.type === "site-section" && sectionIds.includes(item.row.id)) continue;
    if (item.row.id !== groupId || keepGroup) order.push({ type: item.type, id: item.row.id });
    if (item.row.id === groupId) order.push(...sectionIds.map((id) => ({ type: "site-section" as const, id })));
  }
  await writeOrder(tx, order);
}

export async function addSectionGroup(ctx: ServiceContext, organizationId: string, siteId: string, input: AddGroupInput) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const structure = await loadStructure(tx, siteId);
    // Groups gather sections: a site showing its spaces at the root has none to gather.
    if (structure.sections.length === 0) throw badRequest("The site has no sections to group: add a section first.");
    const group = await tx.siteSectionGroup.create({
      data: { id: newId(), siteId, title: input.title, icon: input.icon ?? null, position: topLevelItems(structure).length },
    });
    if (input.sections?.length) await appendToGroup(tx, siteId, group.id, input.sections, "sections");
    recordGroup(events, access.site, "site_section_group.added", group, { siteSectionIds: input.sections ?? [] });
    return presentGroup(group.id);
  });
}

export async function updateSectionGroup(ctx: ServiceContext, organizationId: string, siteId: string, groupId: string, input: UpdateGroupInput) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    await loadGroup(tx, siteId, groupId);
    const group = await tx.siteSectionGroup.update({
      where: { id: groupId },
      data: { ...(input.title !== undefined ? { title: input.title } : {}), ...(input.icon !== undefined ? { icon: input.icon } : {}) },
    });
    recordGroup(events, access.site, "site_section_group.updated", group);
    return presentGroup(groupId);
  });
}

/** Removes a group; its sections return to the top level, in its place and order. */
export async function deleteSectionGroup(ctx: ServiceContext, organizationId: string, siteId: string, groupId: string): Promise<void> {
  await changeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const group = await tx.siteSectionGroup.findFirst({ where: { id: groupId, siteId } });
    if (!group) return events.nothingChanged();
    const structure = await loadStructure(tx, siteId);
    const sectionIds = sectionsOfGroup(structure, groupId).map((section) => section.id);
    await tx.siteSection.updateMany({ where: { sectionGroupId: groupId, siteId }, data: { sectionGroupId: null } });
    await tx.siteSectionGroup.delete({ where: { id: groupId } });
    await placeAtGroup(tx, structure, groupId, sectionIds, false);
    recordGroup(events, access.site, "site_section_group.removed", group, { siteSectionIds: sectionIds });
  });
}

export async function addSectionToGroup(ctx: ServiceContext, organizationId: string, siteId: string, groupId: string, sectionId: string) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const group = await loadGroup(tx, siteId, groupId);
    await appendToGroup(tx, siteId, groupId, [sectionId], "sectionId");
    recordGroup(events, access.site, "site_section_group.updated", group, { added: sectionId });
    return presentGroup(groupId);
  });
}

/** Takes a section out of a group, right after it at the top level; a section not in the group is simply done. */
export async function removeSectionFromGroup(ctx: ServiceContext, organizationId: string, siteId: string, groupId: string, sectionId: string): Promise<void> {
  await changeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const section = await tx.siteSection.findFirst({ where: { id: sectionId, siteId, sectionGroupId: groupId }, include: { sectionGroup: true } });
    if (!section?.sectionGroup) return events.nothingChanged();
    await tx.siteSection.update({ where: { id: sectionId }, data: { sectionGroupId: null } });
    await placeAtGroup(tx, await loadStructure(tx, siteId), groupId, [sectionId], true);
    recordGroup(events, access.site, "site_section_group.updated", section.sectionGroup, { removed: sectionId });
  });
}

/** The deprecated move of a group before or after a top-level section or group. */
export async function moveSectionGroup(ctx: ServiceContext, organizationId: string, siteId: string, groupId: string, position: Position) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const group = await loadGroup(tx, siteId, groupId);
    await moveAmongSiblings(tx, await loadStructure(tx, siteId), { type: "site-section-group", id: groupId }, position);
    events.record({ organizationId: access.site.organizationId, action: "site.structure_sorted", target: { type: "site-section-group", id: groupId, label: group.title }, payload: { siteId, siteSectionGroupId: groupId } });
    return presentGroup(groupId);
  });
}
