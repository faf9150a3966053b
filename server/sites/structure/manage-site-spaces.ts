import type { ServiceContext } from "../../context";
import type { Db } from "../../db/client";
import { db } from "../../db/client";
import type { Prisma } from "../../db/generated/client";
import { notFound } from "../../errors";
import { loadSite } from "../../policies/site";
import { presentSiteSpace, type StructureView } from "../../presenters/site-structure";
import { assertCanPlaceIn } from "../../content-tree/placement";
import { duplicateSpace } from "../../spaces/duplicate-space";
import { changeStructure, writeStructure } from "./access";
import { moveAmongSiblings } from "./order";
import { assertPathFree } from "./paths";
import { loadStructure, siteSpacesOf, type StructureSnapshot } from "./rules";
import type { Position, UpdateSiteSpaceInput } from "./schemas";
import { checkCondition, insertSection } from "./sections";
import { addSiteSpace, assertPageOfSpace, loadSpaceForSite, removeSiteSpaces, type AddSiteSpaceInput } from "./site-spaces";
import { authorize } from "../../policies/authorize";

/** The site-space operations: add, change, remove, move and duplicate the variants of a site. */

export const presentSiteSpaceIn = (siteSpaceId: string) => (structure: StructureSnapshot, view: StructureView) => {
  const row = structure.siteSpaces.find((candidate) => candidate.id === siteSpaceId)!;
  return presentSiteSpace(row, structure.sections.find((section) => section.id === row.sectionId) ?? null, view);
};

async function loadSiteSpace(tx: Db, siteId: string, siteSpaceId: string) {
  const row = await tx.siteSpace.findFirst({ where: { id: siteSpaceId, siteId } });
  if (!row) throw notFound(`No site space ${siteSpaceId} in this site.`);
  return row;
}

export async function addSpaceToSite(ctx: ServiceContext, organizationId: string, siteId: string, input: AddSiteSpaceInput) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => presentSiteSpaceIn((await addSiteSpace(tx, events, access, input)).id));
}

export async function updateSiteSpace(ctx: ServiceContext, organizationId: string, siteId: string, siteSpaceId: string, input: UpdateSiteSpaceInput) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const row = await loadSiteSpace(tx, siteId, siteSpaceId);
    if (input.path !== undefined && input.path !== row.path) {
      const siblings = await tx.siteSpace.findMany({ where: { siteId, sectionId: row.sectionId, id: { not: row.id } }, select: { path: true } });
      assertPathFree(input.path, new Set(siblings.map((sibling) => sibling.path)), "path");
    }
    checkCondition(access.site, input.condition);
    const space = input.spaceId !== undefined ? await loadSpaceForSite(tx, access, input.spaceId) : null;
    // A new space drops the custom home page, unless one of the new space's is given with it.
    const pageId = input.pageId !== undefined ? input.pageId : space && space.id !== row.spaceId ? null : undefined;
    if (pageId) await assertPageOfSpace(tx, space ?? (await loadSpaceForSite(tx, access, row.spaceId)), pageId);
    const updated = await tx.siteSpace.update({
      where: { id: row.id },
      data: {
        ...(input.path !== undefined ? { path: input.path } : {}),
        ...(input.condition !== undefined ? { condition: input.condition } : {}),
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(space ? { spaceId: space.id } : {}),
        ...(pageId !== undefined ? { pageId } : {}),
      },
    });
    events.record({
      organizationId: access.site.organizationId,
      action: "site_space.updated",
      target: { type: "site-space", id: row.id, label: updated.title ?? updated.path },
      payload: { siteId, siteSpaceId: row.id, spaceId: updated.spaceId, ...(row.sectionId ? { siteSectionId: row.sectionId } : {}) },
    });
    return presentSiteSpaceIn(row.id);
  });
}

/** Removes a site space; a section left empty goes with it, and defaults are promoted. */
export async function deleteSiteSpace(ctx: ServiceContext, organizationId: string, siteId: string, siteSpaceId: string): Promise<void> {
  await changeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const row = await tx.siteSpace.findFirst({ where: { id: siteSpaceId, siteId }, include: { space: { select: { title: true } } } });
    if (!row) return events.nothingChanged();
    await removeSiteSpaces(tx, events, access.site, [row], new Map([[row.spaceId, row.space.title]]));
  });
}

/** The deprecated move of a site space before or after another of its section (or of the root). */
export async function moveSiteSpace(ctx: ServiceContext, organizationId: string, siteId: string, siteSpaceId: string, position: Position) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    await moveAmongSiblings(tx, await loadStructure(tx, siteId), { type: "site-space", id: siteSpaceId }, position);
    events.record({ organizationId: access.site.organizationId, action: "site.structure_sorted", target: { type: "site-space", id: siteSpaceId }, payload: { siteId, siteSpaceId } });
    return presentSiteSpaceIn(siteSpaceId);
  });
}

/**
 * Copies the space a site space shows (content and settings, server/spaces/duplicate-space.ts) and
 * adds the copy to the site, as the reference describes: right after it as another variant of its
 * section (or of the root), or, when it is its section's only variant, in a new section right after
 * that one. The copy is made first, in its own write; the site is checked before, so a caller who
 * may not change the site gets no copy.
 */
export async function duplicateSiteSpace(ctx: ServiceContext, organizationId: string, siteId: string, siteSpaceId: string) {
  const before = await loadSite(db(), ctx.actor, organizationId, siteId);
  authorize(before, "site.create");
  const source = await loadSiteSpace(db(), siteId, siteSpaceId);
  // Refused before anything is copied: the copy goes where the space is, which needs the create role there.
  const space = await db().space.findUniqueOrThrow({ where: { id: source.spaceId }, select: { parentId: true } });
  await assertCanPlaceIn(db(), before, space.parentId);
  const copy = await duplicateSpace(ctx, source.spaceId);
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const row = await loadSiteSpace(tx, siteId, siteSpaceId);
    const structure = await loadStructure(tx, siteId);
    const section = structure.sections.find((candidate) => candidate.id === row.sectionId) ?? null;
    let sectionId = row.sectionId;
    if (section && siteSpacesOf(structure, section.id).length === 1) {
      const created = await insertSection(tx, siteId, { title: `${section.title.slice(0, 121)} (copy)`, icon: section.icon, groupId: section.sectionGroupId, isDefault: false });
      await tx.siteSection.update({ where: { id: created.id }, data: { description: section.description, condition: section.condition } });
      await moveAmongSiblings(tx, await loadStructure(tx, siteId), { type: "site-section", id: created.id }, { after: { type: "site-section", id: section.id } });
      events.record({ organizationId: access.site.organizationId, action: "site_section.added", target: { type: "site-section", id: created.id, label: created.title }, payload: { siteId, siteSectionId: created.id } });
      sectionId = created.id;
    }
    const added = await addSiteSpace(tx, events, access, { spaceId: copy.id, sectionId, title: row.title, pageId: null });
    await tx.siteSpace.update({
      where: { id: added.id },
      data: { condition: row.condition, ...(row.customization !== null ? { customization: row.customization as Prisma.InputJsonValue } : {}) },
    });
    if (sectionId === row.sectionId) await moveAmongSiblings(tx, await loadStructure(tx, siteId), { type: "site-space", id: added.id }, { after: { type: "site-space", id: row.id } });
    events.record({
      organizationId: access.site.organizationId,
      action: "site_space.duplicated",
      target: { type: "site-space", id: added.id, label: row.title ?? copy.title },
      payload: { siteId, siteSpaceId: added.id, from: row.id, spaceId: copy.id },
    });
    return presentSiteSpaceIn(added.id);
  });
}
