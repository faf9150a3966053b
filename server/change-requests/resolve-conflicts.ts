import { type AppError, badRequest, fieldError, sentence } from "../errors";
import type { BodyChoice, BodyMergeInput, BodyMergeOutcome } from "../content/merge/body-merge";
import { markdownLimitProblem } from "../content/format/markdown-limits";
import { blockTakes, CONFLICT_FIELD_NAMES, RESOLUTION_FIELD_OF, type ConflictSide } from "../content/merge/conflicts";
import type { PageChanges, PageConflict, PageConflictKind, PageState } from "../content/merge/page-merge";
import { fileKey } from "../content/revisions";
import { withVariables } from "../content/variables";
import type { MergeConflict, MergeSide } from "./merge-conflicts";
import type { BlockResolution, MergeResolutions, PageResolution } from "./schemas-resolutions";
import type { MergeSides } from "./three-way";

/**
 * Resolving the conflicts of a merge: each resolution is checked against the conflicts the merge
 * finds now, then applied by making both sides agree on what it resolves (the same body, the
 * same title, the same file…), so that merging them again takes it without a conflict and the
 * rest merges as always.
 */

type ResolutionField = Exclude<keyof PageResolution, "id" | "blocks">;

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
  const pageBodies = new Map<string, PageConflict>();
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
      if (item.kind === "content") pageBodies.set(item.pageId, item);
    }
  }

  const pageName = (pageId: string) => {
    const title = (context.pages.ours.get(pageId) ?? context.pages.theirs.get(pageId) ?? context.pages.base.get(pageId))?.title;
    return title ? `page “${title}” (${pageId})` : `page ${pageId}`;
  };
  const resolved = new Set<string>();
  resolutions.pages.forEach((resolution, index) => {
    const at = `resolutions.pages[${index}]`;
    const { id, blocks, ...given } = resolution;
    const fields = pageFields.get(id);
    if (!fields) throw fieldError(`${at}.id`, sentence(`${pageName(id)} is not in conflict`));
    if (resolved.has(id)) throw fieldError(`${at}.id`, sentence(`${pageName(id)} is resolved twice`));
    resolved.add(id);
    for (const field of Object.keys(given) as ResolutionField[]) {
      if (given[field] === undefined) continue;
      if (!fields.has(field)) throw fieldError(`${at}.${field}`, `The ${CONFLICT_FIELD_NAMES[field]} of ${pageName(id)} is not in conflict`);
    }
    if (blocks) checkBlocks(`${at}.blocks`, pageName(id), blocks, given.markdown, pageBodies.get(id));
    for (const field of fields) {
      if (given[field] === undefined && !(field === "markdown" && blocks)) {
        throw fieldError(`${at}.${field}`, `The ${CONFLICT_FIELD_NAMES[field]} of ${pageName(id)} is in conflict and needs a resolution`);
      }
    }
    if (given.variables) matchNames(`${at}.variables`, `variables of ${pageName(id)}`, Object.keys(given.variables), pageVariables.get(id)!);
  });
  const unresolved = [...pageFields.keys()].filter((pageId) => !resolved.has(pageId));
  if (unresolved.length > 0) throw fieldError("resolutions.pages", sentence(`${unresolved.map(pageName).join(", ")} ${unresolved.length === 1 ? "is" : "are"} in conflict and need${unresolved.length === 1 ? "s" : ""} a resolution`));

  matchNames("resolutions.variables", "space variables", Object.keys(resolutions.variables), spaceVariables);
  matchNames("resolutions.files", "files", resolutions.files.map((file) => file.id), files);
}

/** A body resolved block by block: one resolution for each conflicting block, each a choice that block can take. */
function checkBlocks(at: string, page: string, blocks: BlockResolution[], markdown: string | undefined, body: PageConflict | undefined): void {
  if (!body) throw fieldError(at, `The text of ${page} is not in conflict`);
  if (markdown !== undefined) throw fieldError(at, `The text of ${page} is resolved either whole (markdown) or block by block (blocks), not both`);
  if (body.tooDifferent) throw fieldError(at, `The text of ${page} conflicts as a whole: resolve it whole (markdown)`);
  const conflicts = new Map((body.blocks ?? []).map((block) => [block.key, block]));
  const seen = new Set<string>();
  blocks.forEach((resolution, index) => {
    const conflict = conflicts.get(resolution.key);
    if (!conflict) throw fieldError(`${at}[${index}].key`, `Block ${resolution.key} of ${page} is not in conflict`);
    if (seen.has(resolution.key)) throw fieldError(`${at}[${index}].key`, `Block ${resolution.key} of ${page} is resolved twice`);
    seen.add(resolution.key);
    const takes = blockTakes(conflict);
    if ("take" in resolution ? resolution.take === "both" && !takes.both : !takes.write) {
      throw conflict.container
        ? fieldError(`${at}[${index}]`, `The settings of block ${resolution.key} of ${page} (a ${conflict.type}) conflict: take a side`)
        : fieldError(`${at}[${index}].take`, `Block ${resolution.key} of ${page} was deleted on one side: take a side or write it`);
    }
  });
  const missing = [...conflicts.keys()].filter((key) => !seen.has(key));
  if (missing.length > 0) throw fieldError(at, `Block${missing.length === 1 ? "" : "s"} ${missing.join(", ")} of ${page} ${missing.length === 1 ? "is" : "are"} in conflict and need${missing.length === 1 ? "s" : ""} a resolution`);
}

/** The names resolved must be exactly the names in conflict. */
function matchNames(at: string, what: string, given: string[], inConflict: Set<string>): void {
  const extra = given.filter((name) => !inConflict.has(name));
  if (extra.length > 0) throw fieldError(at, sentence(`${what} ${extra.join(", ")} ${extra.length === 1 ? "is" : "are"} not in conflict`));
  if (new Set(given).size !== given.length) throw fieldError(at, sentence(`${what} resolved twice`));
  const missing = [...inConflict].filter((name) => !given.includes(name));
  if (missing.length > 0) throw fieldError(at, sentence(`${what} ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} in conflict and need${missing.length === 1 ? "s" : ""} a resolution`));
}

/**
 * The bodies resolved block by block, made whole: the block merge again, with the choices made
 * (written blocks read as a page's are), in the markdown workers. Answers the resolutions with
 * those bodies as `markdown`, and each body's keyed document (JSON), whose keys its version keeps.
 */
export async function resolveBlocks(
  resolutions: MergeResolutions,
  pages: MergeSides["pages"],
  sideOf: (side: ConflictSide) => MergeSide,
  mergeBodies: (inputs: BodyMergeInput[]) => Promise<BodyMergeOutcome[]>,
): Promise<{ resolutions: MergeResolutions; documents: Map<string, string> }> {
  const byBlocks = resolutions.pages.flatMap((page, index) => (page.blocks ? [{ page, blocks: page.blocks, index }] : []));
  if (byBlocks.length === 0) return { resolutions, documents: new Map() };
  const version = (page: PageState | null | undefined) => ({ markdown: page!.markdown, blockKeys: page!.blockKeys });
  const choiceOf = (block: BlockResolution): BodyChoice => {
    if ("take" in block) return { key: block.key, take: block.take === "both" ? "both" : sideOf(block.take) };
    if ("markdown" in block) return { key: block.key, markdown: block.markdown };
    return { key: block.key, documentJson: JSON.stringify(block.document) };
  };
  // Checked: each of these pages has its body in conflict, so both sides edited it.
  const outcomes = await mergeBodies(
    byBlocks.map(({ page, blocks }) => ({
      pageId: page.id,
      base: version(pages.base.get(page.id)),
      ours: version(pages.ours.get(page.id)),
      theirs: version(pages.theirs.get(page.id)),
      changeRequest: sideOf("changeRequest"),
      choices: blocks.map(choiceOf),
    })),
  );
  const resolved = [...resolutions.pages];
  const documents = new Map<string, string>();
  outcomes.forEach((outcome, position) => {
    const { page, blocks, index } = byBlocks[position]!;
    const at = `resolutions.pages[${index}].blocks`;
    if (!outcome.ok) {
      if ("invalidChoice" in outcome) {
        const { key, message } = outcome.invalidChoice;
        throw badRequest(`${at}[${blocks.findIndex((block) => block.key === key)}].document: ${message}`);
      }
      if ("tooDifferent" in outcome) throw fieldError(at, `The text of page ${page.id} could not be put together within the time a page is given`);
      throw new Error(`Page ${page.id} resolved block by block still conflicts`);
    }
    const problem = markdownLimitProblem(outcome.markdown);
    if (problem) throw fieldError(at, `The resolved text of page ${page.id} is ${problem}`);
    const { blocks: _blocks, ...fields } = page;
    resolved[index] = { ...fields, markdown: outcome.markdown };
    documents.set(page.id, outcome.documentJson);
  });
  return { resolutions: { ...resolutions, pages: resolved }, documents };
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
      // Links and block keys are found again for a body written anew.
      map.set(resolution.id, { ...page, ...agreed, variables, ...(agreed.markdown !== undefined ? { links: undefined, blockKeys: undefined } : {}) });
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
