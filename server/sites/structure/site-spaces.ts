import type { Db } from "../../db/client";
import type { Site, SiteSpace, Space } from "../../db/generated/client";
import { currentRevision, readPage } from "../../content/revisions";
import { fieldError, notFound, sentence } from "../../errors";
import type { EventRecorder } from "../../events/record-event";
import { newId } from "../../ids";
import type { OrgAccess } from "../../policies/access";
import { spaceRoleOf } from "../../policies/access";
import { slugify, uniquePath } from "./paths";
import { normalizeStructure } from "./rules";

/**
 * The structure's building blocks for site spaces, for use inside a site write (writeSite, or the
 * transaction creating a site): each leaves the structure obeying its rules (server/sites/structure/rules.ts).
 * The site-space operations beside it (add, change, remove, move and duplicate the variants of a
 * site: `add-space-to-site.ts`, `<verb>-site-space.ts`) are made of them.
 */

type SiteRef = Pick<Site, "id" | "organizationId">;

const invalid = (field: string, message: string) => fieldError(field, sentence(message));

/**
 * A space of the site's organization the caller can see (not in the trash): anything else is
 * answered as not found, naming the field, so that ids of invisible spaces reveal nothing.
 */
export async function loadSpaceForSite(tx: Db, access: OrgAccess, spaceId: string, field = "spaceId") {
  // Held until commit: a space being deleted or transferred meanwhile (which removes its site spaces) waits, or is waited for.
  await tx.$queryRaw`SELECT 1 FROM spaces WHERE id = ${spaceId} FOR SHARE`;
  const space = await tx.space.findFirst({ where: { id: spaceId, organizationId: access.organization.id, deletedAt: null } });
  if (!space || (await spaceRoleOf(tx, access, space)) === null) {
    throw fieldError(field, `No space ${spaceId} in this organization.`, { code: "not_found" });
  }
  return space;
}

export type AddSiteSpaceInput = {
  spaceId: string;
  /** The section to add it to; absent: the default section, or the root of a site without sections. */
  sectionId?: string | null;
  /** A title of its own, shown instead of the space's. */
  title?: string | null;
  pageId?: string | null;
};

/**
 * Adds a space to a site as a site space: its path is the slug of its title made unique among its
 * siblings, it goes last, and the first one of its section (or of the root) becomes the default.
 * Records `site_space.added`.
 */
export async function addSiteSpace(tx: Db, events: EventRecorder, access: OrgAccess & { site: SiteRef }, input: AddSiteSpaceInput): Promise<SiteSpace> {
  const { site } = access;
  const space = await loadSpaceForSite(tx, access, input.spaceId);
  let sectionId: string | null = null;
  if (input.sectionId) {
    const section = await tx.siteSection.findFirst({ where: { id: input.sectionId, siteId: site.id }, select: { id: true } });
    if (!section) throw fieldError("sectionId", `No section ${input.sectionId} in this site.`, { code: "not_found" });
    sectionId = section.id;
  } else {
    const fallback = await tx.siteSection.findFirst({ where: { siteId: site.id, isDefault: true }, select: { id: true } });
    sectionId = fallback?.id ?? null;
  }
  if (input.pageId) await assertPageOfSpace(tx, space, input.pageId);
  const siblings = await tx.siteSpace.findMany({ where: { siteId: site.id, sectionId }, select: { path: true } });
  const title = input.title ?? null;
  const row = await tx.siteSpace.create({
    data: {
      id: newId(),
      siteId: site.id,
      sectionId,
      spaceId: space.id,
      title,
      pageId: input.pageId ?? null,
      path: uniquePath(slugify(title ?? space.title, "space"), new Set(siblings.map((sibling) => sibling.path))),
      position: siblings.length,
      isDefault: siblings.length === 0,
    },
  });
  events.record({
    organizationId: site.organizationId,
    action: "site_space.added",
    target: { type: "site-space", id: row.id, label: title ?? space.title },
    payload: { siteId: site.id, siteSpaceId: row.id, spaceId: space.id, ...(sectionId ? { siteSectionId: sectionId } : {}) },
  });
  return row;
}

/** 400 unless `pageId` is a page (document or group) of the space's current content. */
export async function assertPageOfSpace(tx: Db, space: Pick<Space, "id" | "revisionId">, pageId: string): Promise<void> {
  const page = space.revisionId ? await readPage(tx, await currentRevision(tx, space), pageId) : null;
  if (!page) throw invalid("pageId", `no page ${pageId} in the space.`);
}

/** Makes a section the site's default (the one served at the site's own URL). */
export async function setDefaultSection(tx: Db, siteId: string, sectionId: string, field = "defaultSiteSection"): Promise<void> {
  const section = await tx.siteSection.findFirst({ where: { id: sectionId, siteId }, select: { id: true, isDefault: true } });
  if (!section) throw invalid(field, `no section ${sectionId} in this site.`);
  if (section.isDefault) return;
  await tx.siteSection.updateMany({ where: { siteId, isDefault: true }, data: { isDefault: false } });
  await tx.siteSection.update({ where: { id: sectionId }, data: { isDefault: true } });
}

/**
 * Makes a site space the default among its siblings. `within`: the section it must be in (`null`:
 * the root); the site's own `defaultSiteSpace` is one at the root or in the default section.
 */
export async function setDefaultSiteSpace(tx: Db, siteId: string, siteSpaceId: string, within: string | null | "site", field = "defaultSiteSpace"): Promise<void> {
  const row = await tx.siteSpace.findFirst({ where: { id: siteSpaceId, siteId }, include: { section: { select: { isDefault: true } } } });
  if (!row) throw invalid(field, `no site space ${siteSpaceId} in this site.`);
  const allowed = within === "site" ? row.sectionId === null || row.section?.isDefault === true : row.sectionId === within;
  if (!allowed) {
    throw invalid(field, within === "site" ? `site space ${siteSpaceId} is not in the site's default section.` : `site space ${siteSpaceId} is not in this section.`);
  }
  if (row.isDefault) return;
  await tx.siteSpace.updateMany({ where: { siteId, sectionId: row.sectionId, isDefault: true }, data: { isDefault: false } });
  await tx.siteSpace.update({ where: { id: row.id }, data: { isDefault: true } });
}

/**
 * Removes site spaces of one site; a section left without site spaces goes with them (it would
 * have nothing to show). Defaults and positions are then restored. Records `site_space.removed`
 * (and `site_section.removed`) for each.
 */
export async function removeSiteSpaces(tx: Db, events: EventRecorder, site: SiteRef, rows: SiteSpace[], labels: Map<string, string>): Promise<void> {
  if (rows.length === 0) return;
  await tx.siteSpace.deleteMany({ where: { id: { in: rows.map((row) => row.id) }, siteId: site.id } });
  for (const row of rows) {
    events.record({
      organizationId: site.organizationId,
      action: "site_space.removed",
      target: { type: "site-space", id: row.id, label: row.title ?? labels.get(row.spaceId) ?? row.path },
      payload: { siteId: site.id, siteSpaceId: row.id, spaceId: row.spaceId, ...(row.sectionId ? { siteSectionId: row.sectionId } : {}) },
    });
  }
  const sectionIds = [...new Set(rows.flatMap((row) => (row.sectionId ? [row.sectionId] : [])))];
  const emptied = await tx.siteSection.findMany({ where: { id: { in: sectionIds }, siteId: site.id, siteSpaces: { none: {} } } });
  if (emptied.length > 0) await tx.siteSection.deleteMany({ where: { id: { in: emptied.map((section) => section.id) } } });
  for (const section of emptied) {
    events.record({
      organizationId: site.organizationId,
      action: "site_section.removed",
      target: { type: "site-section", id: section.id, label: section.title },
      payload: { siteId: site.id, siteSectionId: section.id },
    });
  }
  await removeGroupsOfSectionlessSite(tx, events, site);
  await normalizeStructure(tx, site.id);
}

/** A site whose last section went keeps no section groups: they would gather nothing. Records `site_section_group.removed`. */
export async function removeGroupsOfSectionlessSite(tx: Db, events: EventRecorder, site: SiteRef): Promise<void> {
  if ((await tx.siteSection.count({ where: { siteId: site.id } })) > 0) return;
  const groups = await tx.siteSectionGroup.findMany({ where: { siteId: site.id } });
  if (groups.length === 0) return;
  await tx.siteSectionGroup.deleteMany({ where: { siteId: site.id } });
  for (const group of groups) {
    events.record({
      organizationId: site.organizationId,
      action: "site_section_group.removed",
      target: { type: "site-section-group", id: group.id, label: group.title },
      payload: { siteId: site.id, siteSectionGroupId: group.id },
    });
  }
}

export async function loadSiteSpace(tx: Db, siteId: string, siteSpaceId: string) {
  const row = await tx.siteSpace.findFirst({ where: { id: siteSpaceId, siteId } });
  if (!row) throw notFound(`No site space ${siteSpaceId} in this site.`);
  return row;
}
