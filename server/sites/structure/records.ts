import { openSpaceComments } from "../../comments/counts";
import type { Db } from "../../db/client";
import type { Site, SiteSection, SiteSectionGroup, SiteSpace } from "../../db/generated/client";
import { contentRoleResolver, type OrgAccess } from "../../policies/access";
import type { SpaceRecord } from "../../spaces/records";
import { spacePublicationRows } from "../space-publications";
import type { SectionPlace, SiteAddress } from "../urls";
import { sectionsOfGroup, siteSpacesOf, topLevelItems, type StructureSnapshot } from "./rules";
import type { StructurePointer } from "./schemas";

/**
 * What the structure services return: the site spaces, sections, groups and whole structure as
 * the structure holds them after the read or write, each with the facts its answer shows — the
 * space a site space shows (a SpaceRecord: the caller's role, open comments, publication row) and
 * the site's address once published (then the answer shows `urls.published`). No URL: the edge
 * presents them (server/presenters/site-structure.ts).
 */

/** The facts of one structure answer beyond its rows, loaded once per answer whatever its size. */
export type StructureView = {
  /** The site when it is published, null while it is not (then no `urls.published`). */
  published: SiteAddress | null;
  spaces: Map<string, SpaceRecord>;
};

/** `section`: the section it is in (its URL is under the section's), null at the root. */
export type SiteSpaceRecord = SiteSpace & { space: SpaceRecord; section: SectionPlace | null; published: SiteAddress | null };
export type SiteSectionRecord = SiteSection & { siteSpaces: SiteSpaceRecord[]; published: SiteAddress | null };
export type SiteSectionGroupRecord = SiteSectionGroup & { sections: SiteSectionRecord[] };
/** A SiteStructureItem: the site space, section or group an answer is about. */
export type SiteStructureItemRecord =
  | ({ kind: "site-space" } & SiteSpaceRecord)
  | ({ kind: "site-section" } & SiteSectionRecord)
  | ({ kind: "site-section-group" } & SiteSectionGroupRecord);
/** The reference's SiteStructure: the top-level sections and groups, or the root site spaces. */
export type SiteStructureRecord =
  | { type: "siteSpaces"; siteSpaces: SiteSpaceRecord[] }
  | { type: "sections"; items: Exclude<SiteStructureItemRecord, { kind: "site-space" }>[] };

/**
 * The view of a structure's site spaces: their spaces, as records with the caller's role on each
 * (`access`: the member reading, or null for a share link's visitor, who holds no role on them).
 * The spaces, the caller's roles, their open comments and publication rows are read at once, in a
 * number of queries that does not grow with the site spaces.
 */
export async function loadStructureView(tx: Db, site: Site, access: OrgAccess | null, siteSpaces: Pick<SiteSpace, "spaceId">[]): Promise<StructureView> {
  const spaceIds = [...new Set(siteSpaces.map((row) => row.spaceId))];
  const [spaces, resolver, comments, publications] = await Promise.all([
    tx.space.findMany({ where: { id: { in: spaceIds } } }),
    access ? contentRoleResolver(tx, access) : null,
    openSpaceComments(tx, spaceIds),
    spacePublicationRows(tx, spaceIds),
  ]);
  // A SpaceRecord (server/spaces/records.ts), its facts read beside the spaces rather than after them.
  const records = spaces.map((space): SpaceRecord => ({
    ...space,
    role: resolver?.space(space) ?? null,
    openComments: comments.get(space.id) ?? 0,
    publication: publications.get(space.id) ?? null,
  }));
  return { published: site.published ? site : null, spaces: new Map(records.map((space) => [space.id, space])) };
}

export function siteSpaceRecord(row: SiteSpace, section: SectionPlace | null, view: StructureView): SiteSpaceRecord {
  return { ...row, space: view.spaces.get(row.spaceId)!, section, published: view.published };
}

export function siteSectionRecord(row: SiteSection, structure: StructureSnapshot, view: StructureView): SiteSectionRecord {
  return { ...row, siteSpaces: siteSpacesOf(structure, row.id).map((siteSpace) => siteSpaceRecord(siteSpace, row, view)), published: view.published };
}

/** A group's sections, in order. */
export function siteSectionGroupRecord(row: SiteSectionGroup, structure: StructureSnapshot, view: StructureView): SiteSectionGroupRecord {
  return { ...row, sections: sectionsOfGroup(structure, row.id).map((section) => siteSectionRecord(section, structure, view)) };
}

export function siteStructureRecord(structure: StructureSnapshot, view: StructureView): SiteStructureRecord {
  if (structure.sections.length === 0) {
    return { type: "siteSpaces", siteSpaces: siteSpacesOf(structure, null).map((row) => siteSpaceRecord(row, null, view)) };
  }
  return {
    type: "sections",
    items: topLevelItems(structure).map((item) =>
      item.type === "site-section"
        ? { kind: item.type, ...siteSectionRecord(item.row, structure, view) }
        : { kind: item.type, ...siteSectionGroupRecord(item.row, structure, view) },
    ),
  };
}

/** What a structure write answers, picked from the structure as normalized (server/sites/structure/access.ts). */
export type RecordOf<R> = (structure: StructureSnapshot, view: StructureView) => R;

/** The site space `siteSpaceId`, in its section. */
export const siteSpaceIn =
  (siteSpaceId: string): RecordOf<SiteSpaceRecord> =>
  (structure, view) => {
    const row = structure.siteSpaces.find((candidate) => candidate.id === siteSpaceId)!;
    return siteSpaceRecord(row, structure.sections.find((section) => section.id === row.sectionId) ?? null, view);
  };

export const sectionIn =
  (sectionId: string): RecordOf<SiteSectionRecord> =>
  (structure, view) =>
    siteSectionRecord(structure.sections.find((row) => row.id === sectionId)!, structure, view);

export const groupIn =
  (groupId: string): RecordOf<SiteSectionGroupRecord> =>
  (structure, view) =>
    siteSectionGroupRecord(structure.groups.find((row) => row.id === groupId)!, structure, view);

/** The item a pointer names: the site space, section or group itself. */
export const itemIn =
  (item: StructurePointer): RecordOf<SiteStructureItemRecord> =>
  (structure, view) => {
    if (item.type === "site-space") return { kind: item.type, ...siteSpaceIn(item.id)(structure, view) };
    if (item.type === "site-section") return { kind: item.type, ...sectionIn(item.id)(structure, view) };
    return { kind: item.type, ...groupIn(item.id)(structure, view) };
  };
