import type { ServiceContext } from "../../context";
import type { Db } from "../../db/client";
import type { Site } from "../../db/generated/client";
import { conflict, fieldError, notFound } from "../../errors";
import type { EventRecorder } from "../../events/record-event";
import { newId } from "../../ids";
import type { SiteAccess } from "../../policies/site";
import { presentSiteSection } from "../../presenters/site-structure";
import { adaptiveSchemaOf, assertValidCondition } from "../conditions";
import { changeStructure, writeStructure } from "./access";
import { moveAmongSiblings } from "./order";
import { assertPathFree, slugify, uniquePath } from "./paths";
import { loadStructure, siteSpacesOf, topLevelItems, sectionsOfGroup } from "./rules";
import type { AddSectionInput, Position, RegroupInput, UpdateSectionInput } from "./schemas";
import { addSiteSpace, loadSpaceForSite, removeGroupsOfSectionlessSite, setDefaultSiteSpace } from "./site-spaces";

/**
 * Sections: the tabs of a site, each holding site spaces (its variants). A site gets sections from
 * its first added section; its root-level site spaces then move into sections. Through /v1 they all
 * go into a first section of their own (named after the site, the default), so that the site keeps
 * serving them at its URL — what GitBook does when sections are enabled on a site that has content.
 * The admin UI asks first (`regroup`): which of them stay together as that section's variants, and
 * which become sections of their own, so that unrelated spaces never end up as one section's versions.
 */

const SECTION_TITLE_MIN = 2;

/** A title from elsewhere (a space's, a site's) fit for a section: 2 to 128 characters. */
const sectionTitleFrom = (title: string) => (title.trim().length >= SECTION_TITLE_MIN ? title.trim().slice(0, 128) : "Section");

/** 400 naming the field when the condition does not parse or names a claim the site does not declare. */
export function checkCondition(site: Pick<Site, "adaptiveSchema">, condition: string | null | undefined, field = "condition"): void {
  if (condition) assertValidCondition(condition, adaptiveSchemaOf(site), field);
}

function recordSection(events: EventRecorder, site: Pick<Site, "id" | "organizationId">, action: "site_section.added" | "site_section.updated" | "site_section.removed", section: { id: string; title: string }, extra: Record<string, unknown> = {}) {
  events.record({ organizationId: site.organizationId, action, target: { type: "site-section", id: section.id, label: section.title }, payload: { siteId: site.id, siteSectionId: section.id, ...extra } });
}

/** Inserts a section last at the top level (or in a group), with a path unique in the site. */
export async function insertSection(tx: Db, siteId: string, input: { title: string; icon?: string | null; groupId?: string | null; isDefault?: boolean }) {
  const structure = await loadStructure(tx, siteId);
  const position = input.groupId ? sectionsOfGroup(structure, input.groupId).length : topLevelItems(structure).length;
  return tx.siteSection.create({
    data: {
      id: newId(),
      siteId,
      sectionGroupId: input.groupId ?? null,
      title: input.title,
      icon: input.icon ?? null,
      path: uniquePath(slugify(input.title, "section"), new Set(structure.sections.map((section) => section.path))),
      position,
      isDefault: input.isDefault ?? structure.sections.length === 0,
    },
  });
}

const sameIds = (a: string[], b: string[]) => a.length === b.length && new Set(a).size === a.length && a.every((id) => b.includes(id));

/**
 * The root site spaces of a site without sections move into sections: without `regroup` (/v1) all
 * into a first, default section named after the site; with it, as it says. `regroup` null, or one
 * that does not name exactly the root site spaces there are now, is a 409: the caller decided on a
 * structure that is no longer the site's, and nothing is regrouped without their say.
 */
async function convertToSections(tx: Db, events: EventRecorder, access: SiteAccess, regroup: RegroupInput | undefined): Promise<void> {
  const { site } = access;
  const rootSpaces = await tx.siteSpace.findMany({ where: { siteId: site.id, sectionId: null }, orderBy: { position: "asc" }, select: { id: true, title: true, space: { select: { title: true } } } });
  const rootIds = rootSpaces.map((row) => row.id);
  if (regroup !== undefined && !sameIds([...(regroup?.variants ?? []), ...(regroup?.ownSections ?? [])], rootIds)) {
    throw conflict(
      rootIds.length === 0 ? "The site's spaces were moved into sections meanwhile. Look at its structure again, then add the section." : "The site's spaces at its root have changed meanwhile. Look at them again and say what becomes of each.",
      { reason: "root-site-spaces-changed", siteSpaceIds: rootIds },
    );
  }
  if (rootSpaces.length === 0) return;
  const variants = regroup ? rootSpaces.filter((row) => regroup.variants.includes(row.id)) : rootSpaces;
  if (variants.length > 0) {
    const first = await insertSection(tx, site.id, { title: regroup?.title ?? sectionTitleFrom(site.title), isDefault: true });
    await tx.siteSpace.updateMany({ where: { id: { in: variants.map((row) => row.id) } }, data: { sectionId: first.id } });
    recordSection(events, site, "site_section.added", first, { siteSpaceIds: variants.map((row) => row.id) });
  }
  for (const row of rootSpaces.filter((each) => regroup?.ownSections.includes(each.id))) {
    const section = await insertSection(tx, site.id, { title: sectionTitleFrom(row.title ?? row.space.title) });
    // Alone in its section, it is that section's default variant.
    await tx.siteSpace.update({ where: { id: row.id }, data: { sectionId: section.id, isDefault: true } });
    recordSection(events, site, "site_section.added", section, { siteSpaceIds: [row.id] });
  }
}

async function groupOfSite(tx: Db, siteId: string, groupId: string, field: string) {
  const group = await tx.siteSectionGroup.findFirst({ where: { id: groupId, siteId }, select: { id: true } });
  if (!group) throw fieldError(field, `No section group ${groupId} in this site.`);
  return group.id;
}

export async function addSection(ctx: ServiceContext, organizationId: string, siteId: string, input: AddSectionInput & { regroup?: RegroupInput }) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const space = await loadSpaceForSite(tx, access, input.spaceId);
    const groupId = input.siteSectionGroupId ? await groupOfSite(tx, siteId, input.siteSectionGroupId, "siteSectionGroupId") : null;
    await convertToSections(tx, events, access, input.regroup);
    const section = await insertSection(tx, siteId, { title: input.title ?? sectionTitleFrom(space.title), icon: input.icon, groupId });
    const siteSpace = await addSiteSpace(tx, events, access, { spaceId: space.id, sectionId: section.id });
    recordSection(events, access.site, "site_section.added", section, { siteSpaceIds: [siteSpace.id], spaceId: space.id });
    return (structure, view) => presentSiteSection(structure.sections.find((row) => row.id === section.id)!, siteSpacesOf(structure, section.id), view);
  });
}

export async function updateSection(ctx: ServiceContext, organizationId: string, siteId: string, sectionId: string, input: UpdateSectionInput) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const section = await tx.siteSection.findFirst({ where: { id: sectionId, siteId } });
    if (!section) throw notFound(`No section ${sectionId} in this site.`);
    if (input.path !== undefined && input.path !== section.path) {
      const others = await tx.siteSection.findMany({ where: { siteId, id: { not: sectionId } }, select: { path: true } });
      assertPathFree(input.path, new Set(others.map((other) => other.path)), "path");
    }
    checkCondition(access.site, input.condition);
    if (input.defaultSiteSpace !== undefined) await setDefaultSiteSpace(tx, siteId, input.defaultSiteSpace, sectionId);
    let groupMove: { sectionGroupId: string | null; position: number } | undefined;
    if (input.siteSectionGroupId !== undefined && input.siteSectionGroupId !== section.sectionGroupId) {
      const groupId = input.siteSectionGroupId === null ? null : await groupOfSite(tx, siteId, input.siteSectionGroupId, "siteSectionGroupId");
      const structure = await loadStructure(tx, siteId);
      // Last of its new level: normalizing closes the gap it leaves in the old one.
      groupMove = { sectionGroupId: groupId, position: groupId ? sectionsOfGroup(structure, groupId).length : topLevelItems(structure).length };
    }
    const updated = await tx.siteSection.update({
      where: { id: sectionId },
      data: {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.path !== undefined ? { path: input.path } : {}),
        ...(input.condition !== undefined ? { condition: input.condition } : {}),
        ...(input.icon !== undefined ? { icon: input.icon } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(groupMove ?? {}),
      },
    });
    recordSection(events, access.site, "site_section.updated", updated, { changed: Object.keys(input).filter((key) => input[key as keyof UpdateSectionInput] !== undefined) });
    return (structure, view) => presentSiteSection(structure.sections.find((row) => row.id === sectionId)!, siteSpacesOf(structure, sectionId), view);
  });
}

/** Removes a section with its site spaces; when it was the default, the first remaining section becomes it; the last one takes the groups with it. */
export async function deleteSection(ctx: ServiceContext, organizationId: string, siteId: string, sectionId: string): Promise<void> {
  await changeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const section = await tx.siteSection.findFirst({ where: { id: sectionId, siteId }, include: { siteSpaces: { select: { id: true } } } });
    if (!section) return events.nothingChanged();
    await tx.siteSection.delete({ where: { id: sectionId } });
    recordSection(events, access.site, "site_section.removed", section, { siteSpaceIds: section.siteSpaces.map((row) => row.id) });
    await removeGroupsOfSectionlessSite(tx, events, access.site);
  });
}

/** The deprecated move of a section before or after another of its level. */
export async function moveSection(ctx: ServiceContext, organizationId: string, siteId: string, sectionId: string, position: Position) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const structure = await loadStructure(tx, siteId);
    await moveAmongSiblings(tx, structure, { type: "site-section", id: sectionId }, position);
    const section = structure.sections.find((row) => row.id === sectionId)!;
    events.record({ organizationId: access.site.organizationId, action: "site.structure_sorted", target: { type: "site-section", id: sectionId, label: section.title }, payload: { siteId, siteSectionId: sectionId } });
    return (after, view) => presentSiteSection(after.sections.find((row) => row.id === sectionId)!, siteSpacesOf(after, sectionId), view);
  });
}
