import type { ServiceContext } from "../../context";
import { fieldError } from "../../errors";
import { decodeCursor, encodeCursor, type ListParams, type ListResult } from "../../pagination";
import { readStructure } from "./access";
import { siteSectionGroupRecord, siteSectionRecord, siteSpaceRecord, siteStructureRecord } from "./records";
import { sectionsInOrder, siteSpacesOf } from "./rules";
import type { ListSiteSpacesParams, StructureListParams } from "./schemas";

/**
 * Reads of a site's structure. Its lists are short (a site's tabs and variants) and ordered by
 * position, so a page is cut from the ordered list: the cursor is the last item's id.
 */

function pageOf<T extends { id: string }>(items: T[], params: ListParams): ListResult<T> {
  const after = decodeCursor(params.page);
  const start = after === undefined ? 0 : items.findIndex((item) => item.id === after) + 1;
  if (start === 0 && after !== undefined) throw fieldError("page", "Not a valid page cursor");
  const page = items.slice(start, start + params.limit);
  const more = start + params.limit < items.length;
  return { items: page, count: items.length, ...(more ? { next: { page: encodeCursor(page[page.length - 1]!.id) } } : {}) };
}

export async function getSiteStructure(ctx: ServiceContext, organizationId: string, siteId: string, shareKey?: string) {
  return readStructure(ctx, organizationId, siteId, shareKey, siteStructureRecord);
}

/** The site's sections in the order visitors see them (a group's sections in its place). */
export async function listSiteSections(ctx: ServiceContext, organizationId: string, siteId: string, params: StructureListParams) {
  return readStructure(ctx, organizationId, siteId, params.shareKey, (structure, view) => {
    const { items, ...rest } = pageOf(sectionsInOrder(structure), params);
    return { ...rest, items: items.map((section) => siteSectionRecord(section, structure, view)) };
  });
}

export async function listSiteSectionGroups(ctx: ServiceContext, organizationId: string, siteId: string, params: ListParams) {
  return readStructure(ctx, organizationId, siteId, undefined, (structure, view) => {
    const { items, ...rest } = pageOf(structure.groups, params);
    return { ...rest, items: items.map((group) => siteSectionGroupRecord(group, structure, view)) };
  });
}

/** Every site space, section by section (or those at the root); `default` keeps only the defaults, or only the others. */
export async function listSiteSpaces(ctx: ServiceContext, organizationId: string, siteId: string, params: ListSiteSpacesParams) {
  return readStructure(ctx, organizationId, siteId, params.shareKey, (structure, view) => {
    const places = structure.sections.length > 0 ? sectionsInOrder(structure) : [null];
    const all = places.flatMap((section) => siteSpacesOf(structure, section?.id ?? null).map((row) => ({ id: row.id, row, section })));
    const chosen = params.default === undefined ? all : all.filter((entry) => entry.row.isDefault === params.default);
    const { items, ...rest } = pageOf(chosen, params);
    return { ...rest, items: items.map((entry) => siteSpaceRecord(entry.row, entry.section, view)) };
  });
}
