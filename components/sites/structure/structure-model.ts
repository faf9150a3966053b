import { MAX_CONDITION_LENGTH } from "@/server/sites/conditions/types";
import { DESCRIPTION_MAX, GROUP_TITLE_MAX, PATH_MAX, PATH_PATTERN, TITLE_MAX, TITLE_MIN } from "@/server/sites/structure/bounds";
import type { SiteStructureObject } from "../list/site-model";

type SectionsStructure = Extract<SiteStructureObject, { type: "sections" }>;
export type TopItem = SectionsStructure["structure"][number];
export type SectionObject = Extract<TopItem, { object: "site-section" }>;
export type GroupObject = Extract<TopItem, { object: "site-section-group" }>;
export type SiteSpaceObject = SectionObject["siteSpaces"][number];

/** How the structure operations name an item (the reference's SiteStructureItemPointer). */
export type Pointer = { type: "site-section" | "site-section-group" | "site-space"; id: string };

/** Where `id` goes to sit at `toIndex` among `ids` (the siblings in their current order), as a move's position. */
export function positionFor(ids: string[], id: string, toIndex: number, type: (id: string) => Pointer["type"]): { before: Pointer } | { after: Pointer } | null {
  const from = ids.indexOf(id);
  const without = ids.filter((other) => other !== id);
  const to = Math.max(0, Math.min(toIndex, without.length));
  if (from === -1 || from === to || without.length === 0) return null;
  return to === 0 ? { before: { type: type(without[0]!), id: without[0]! } } : { after: { type: type(without[to - 1]!), id: without[to - 1]! } };
}

/** `items` with the one of `id` moved to `toIndex`: what a move shows before the server answers. */
export function reordered<T extends { id: string }>(items: T[], id: string, toIndex: number): T[] {
  const item = items.find((entry) => entry.id === id);
  if (!item) return items;
  const without = items.filter((entry) => entry.id !== id);
  without.splice(Math.max(0, Math.min(toIndex, without.length)), 0, item);
  return without;
}

/** Every section of the structure, grouped ones included, in the order readers meet them. */
export function allSections(structure: SiteStructureObject): SectionObject[] {
  if (structure.type !== "sections") return [];
  return structure.structure.flatMap((item) => (item.object === "site-section" ? [item] : item.object === "site-section-group" ? item.sections : []));
}

/** The group a section is in, if any. */
export function groupOf(structure: SiteStructureObject, sectionId: string): GroupObject | null {
  if (structure.type !== "sections") return null;
  return structure.structure.find((item): item is GroupObject => item.object === "site-section-group" && item.sections.some((section) => section.id === sectionId)) ?? null;
}

/** A site space's name for people: its own title, else its space's. */
export const siteSpaceTitle = (siteSpace: SiteSpaceObject) => siteSpace.title || siteSpace.space.title;

// The service's own bounds and path rule; it alone decides the rest (paths unique among siblings).
export function pathProblem(path: string): string | undefined {
  const value = path.trim();
  if (!value) return "Give it a path: it is part of its address.";
  if (value.length > PATH_MAX) return `At most ${PATH_MAX} characters.`;
  if (!PATH_PATTERN.test(value)) return "Lowercase letters, digits and - only: no spaces, capitals or slashes.";
  return undefined;
}

export function sectionTitleProblem(title: string): string | undefined {
  const length = title.trim().length;
  if (length === 0) return "Give it a title.";
  if (length < TITLE_MIN || length > TITLE_MAX) return `Between ${TITLE_MIN} and ${TITLE_MAX} characters.`;
  return undefined;
}

/** A title that may be left empty (a variant's own, a new section's): empty takes the space's title. */
export function optionalTitleProblem(title: string): string | undefined {
  const length = title.trim().length;
  if (length === 0) return undefined;
  if (length < TITLE_MIN || length > TITLE_MAX) return `Between ${TITLE_MIN} and ${TITLE_MAX} characters, or empty.`;
  return undefined;
}

export function groupTitleProblem(title: string): string | undefined {
  const length = title.trim().length;
  if (length === 0) return "Give the group a title.";
  if (length > GROUP_TITLE_MAX) return `At most ${GROUP_TITLE_MAX} characters.`;
  return undefined;
}

export function descriptionProblem(description: string): string | undefined {
  return description.length > DESCRIPTION_MAX ? `At most ${DESCRIPTION_MAX} characters.` : undefined;
}

export function conditionProblem(condition: string | null): string | undefined {
  return condition && condition.length > MAX_CONDITION_LENGTH ? `At most ${MAX_CONDITION_LENGTH.toLocaleString("en")} characters.` : undefined;
}
