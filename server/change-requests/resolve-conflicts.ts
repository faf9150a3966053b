import { badRequest, type AppError } from "../errors";
import { CONFLICT_FIELD_NAMES, RESOLUTION_FIELD_OF, type ConflictSide } from "../content/merge/conflicts";
import type { PageChanges, PageConflictKind, PageState } from "../content/merge/page-merge";
import { fileKey } from "../content/revisions";
import { withVariables } from "../content/variables";
import type { MergeConflict, MergeSide } from "./merge-conflicts";
import type { MergeResolutions, PageResolution } from "./schemas-resolutions";
import type { MergeSides } from "./three-way";

/**
 * Resolving the conflicts of a merge: each resolution is checked against the conflicts the merge
 * finds now, then applied by making both sides agree on what it resolves (the same body, the
 * same title, the same file…), so that merging them again takes it without a conflict and the
 * rest merges as always.
 */

type ResolutionField = Exclude<keyof PageResolution, "id">;

const FIELD_OF: Partial<Record<PageConflictKind, ResolutionField>> = RESOLUTION_FIELD_OF;

/**
 * Refuses resolutions that do not match the conflicts: a 400 naming a page, field, variable or
 * file resolved but not in conflict, or in conflict but not resolved; the 409 of `unresolvable`
 * when a conflict can only be settled by editing the pages.
 */
export async function checkResolutions(
  resolutions: MergeResolutions,
  conflicts: MergeConflict[],
  context: { pages: MergeSides["pages"]; unresolvable: (conflicts: MergeConflict[]) => Promise<AppError> },
): Promise<void> {
  const pageFields = new Map<string, Set<ResolutionField>>();
  const pageVariables = new Map<string, Set<string>>();
  const spaceVariables = new Set<string>();
  const files = new Set<string>();
  for (const item of conflicts) {
    if (item.kind === "file") files.add(item.fileId);
    else if (item.kind === "space-variables") for (const name of item.names) spaceVariables.add(name);
    else if (item.kind === "file-referenced" || !FIELD_OF[item.kind]) throw await context.unresolvable(conflicts);
    else {
      const fields = pageFields.get(item.pageId) ?? new Set<ResolutionField>();
      pageFields.set(item.pageId, fields.add(FIELD_OF[item.kind]!));
      if (item.kind === "variables") pageVariables.set(item.pageId, new Set(item.names));
    }
  }

  const pageName = (pageId: string) => {
    const title = (context.pages.ours.get(pageId) ?? context.pages.theirs.get(pageId) ?? context.pages.base.get(pageId))?.title;
    return title ? `page “${title}” (${pageId})` : `page ${pageId}`;
  };
  const resolved = new Set<string>();
  resolutions.pages.forEach((resolution, index) => {
    const at = `resolutions.pages[${index}]`;
    const { id, ...given } = resolution;
    const fields = pageFields.get(id);
    if (!fields) throw badRequest(`${at}.id: ${pageName(id)} is not in conflict`);
    if (resolved.has(id)) throw badRequest(`${at}.id: ${pageName(id)} is resolved twice`);
    resolved.add(id);
    for (const field of Object.keys(given) as ResolutionField[]) {
      if (given[field] === undefined) continue;
      if (!fields.has(field)) throw badRequest(`${at}.${field}: the ${CONFLICT_FIELD_NAMES[field]} of ${pageName(id)} is not in conflict`);
    }
    for (const field of fields) {
      if (given[field] === undefined) throw badRequest(`${at}.${field}: the ${CONFLICT_FIELD_NAMES[field]} of ${pageName(id)} is in conflict and needs a resolution`);
    }
    if (given.variables) matchNames(`${at}.variables`, `variables of ${pageName(id)}`, Object.keys(given.variables), pageVariables.get(id)!);
  });
  const unresolved = [...pageFields.keys()].filter((pageId) => !resolved.has(pageId));
  if (unresolved.length > 0) throw badRequest(`resolutions.pages: ${unresolved.map(pageName).join(", ")} ${unresolved.length === 1 ? "is" : "are"} in conflict and need${unresolved.length === 1 ? "s" : ""} a resolution`);

  matchNames("resolutions.variables", "space variables", Object.keys(resolutions.variables), spaceVariables);
  matchNames("resolutions.files", "files", resolutions.files.map((file) => file.id), files);
}

/** The names resolved must be exactly the names in conflict. */
function matchNames(at: string, what: string, given: string[], inConflict: Set<string>): void {
  const extra = given.filter((name) => !inConflict.has(name));
  if (extra.length > 0) throw badRequest(`${at}: ${what} ${extra.join(", ")} ${extra.length === 1 ? "is" : "are"} not in conflict`);
  if (new Set(given).size !== given.length) throw badRequest(`${at}: ${what} resolved twice`);
  const missing = [...inConflict].filter((name) => !given.includes(name));
  if (missing.length > 0) throw badRequest(`${at}: ${what} ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} in conflict and need${missing.length === 1 ? "s" : ""} a resolution`);
}

/** The sides with the resolutions applied to both (new maps; the given ones are left as they are). */
export function applyResolutions(sides: MergeSides, resolutions: MergeResolutions, sideOf: (side: ConflictSide) => MergeSide): MergeSides {
  const ours: PageChanges = new Map(sides.pages.ours);
  const theirs: PageChanges = new Map(sides.pages.theirs);
  for (const resolution of resolutions.pages) {
    // Checked: the page is in a conflict a resolution settles, so both sides edited it.
    const versions = { ours: ours.get(resolution.id)!, theirs: theirs.get(resolution.id)! };
    const taken = (side: ConflictSide) => versions[sideOf(side)];
    const agreed = agreedFields(resolution, taken);
    for (const [side, map] of [["ours", ours], ["theirs", theirs]] as const) {
      const page = versions[side];
      const variables = resolution.variables ? withVariables(page.variables ?? {}, resolution.variables) : page.variables;
      // Links are found again in a body written anew.
      map.set(resolution.id, { ...page, ...agreed, variables, ...(agreed.markdown !== undefined ? { links: undefined } : {}) });
    }
  }

  const oursDiff = new Map(sides.oursDiff);
  const theirsDiff = new Map(sides.theirsDiff);
  for (const { id, take } of resolutions.files) {
    const key = fileKey(id);
    const change = (sideOf(take) === "ours" ? oursDiff : theirsDiff).get(key)!;
    oursDiff.set(key, change);
    theirsDiff.set(key, change);
  }

  const variables = {
    base: sides.variables.base,
    ours: withVariables(sides.variables.ours, resolutions.variables),
    theirs: withVariables(sides.variables.theirs, resolutions.variables),
  };
  const resolved = new Set(resolutions.pages.map((page) => page.id));
  return { pages: { base: sides.pages.base, ours, theirs, resolved }, oursDiff, theirsDiff, variables };
}

/** The fields a page resolution sets, the same on both sides (undefined = not set). */
function agreedFields(resolution: PageResolution, taken: (side: ConflictSide) => PageState): Partial<PageState> {
  const agreed: Partial<PageState> = {};
  const { markdown, title, slug, emoji, description, icon, condition, place } = resolution;
  if (markdown !== undefined) agreed.markdown = markdown;
  if (title !== undefined) agreed.title = title;
  if (slug !== undefined) agreed.slug = slug;
  // An empty text is no value, as page writes store it.
  if (emoji !== undefined) agreed.emoji = emoji || undefined;
  if (description !== undefined) agreed.description = description || undefined;
  if (icon !== undefined) agreed.icon = icon || undefined;
  if (condition !== undefined) agreed.condition = condition || undefined;
  for (const field of ["hidden", "noIndex", "noRobotsIndex", "layout", "cover"] as const) {
    const side = resolution[field];
    if (side) Object.assign(agreed, { [field]: taken(side)[field] });
  }
  if (place) {
    const { parentId, sortKey } = taken(place);
    Object.assign(agreed, { parentId, sortKey });
  }
  return agreed;
}
