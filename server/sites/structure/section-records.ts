import type { Db } from "../../db/client";
import type { Site } from "../../db/generated/client";
import { conflict, fieldError } from "../../errors";
import type { EventRecorder } from "../../events/record-event";
import { newId } from "../../ids";
import type { SiteAccess } from "../../policies/site";
import { adaptiveSchemaOf, assertValidCondition } from "../conditions";
import { slugify, uniquePath } from "./paths";
import { loadStructure, topLevelItems, sectionsOfGroup } from "./rules";
import type { RegroupInput } from "./schemas";

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
export const sectionTitleFrom = (title: string) => (title.trim().length >= SECTION_TITLE_MIN ? title.trim().slice(0, 128) : "Section");

/** 400 naming the field when the condition does not parse or names a claim the site does not declare. */
export function checkCondition(site: Pick<Site, "adaptiveSchema">, condition: string | null | undefined, field = "condition"): void {
  if (condition) assertValidCondition(condition, adaptiveSchemaOf(site), field);
}

export function recordSection(events: EventRecorder, site: Pick<Site, "id" | "organizationId">, action: "site_section.added" | "site_section.updated" | "site_section.removed", section: { id: string; title: string }, extra: Record<string, unknown> = {}) {
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
export async function convertToSections(tx: Db, events: EventRecorder, access: SiteAccess, regroup: RegroupInput | undefined): Promise<void> {
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

export async function groupOfSite(tx: Db, siteId: string, groupId: string, field: string) {
  const group = await tx.siteSectionGroup.findFirst({ where: { id: groupId, siteId }, select: { id: true } });
  if (!group) throw fieldError(field, `No section group ${groupId} in this site.`);
  return group.id;
}
