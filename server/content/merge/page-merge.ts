import type { PageVersion } from "../revisions";
import { sameCover, sameLayout } from "../page-display";
import { mergeVariables, sameVariables } from "../variables";
import type { BodyConflict, BodyMergeInput, BodyMergeOutcome } from "./body-merge";
import type { ValueField } from "./conflicts";

/**
 * Three-way merge of the pages of a space: `base` is the common ancestor, `ours` and `theirs`
 * the two descendants (main and a change request, in either order). Only the pages that changed
 * on either side are looked at, so a merge costs the size of the change, not of the space.
 */

export type PageState = Omit<PageVersion, "body"> & { markdown: string };

/** A side's changes since base: a page version for a page it added or edited, null for one it deleted; absent = unchanged. */
export type PageChanges = Map<string, PageState | null>;

/**
 * The tree around the changed pages, for the pages neither side changed. Such a page is the
 * same in base, ours and theirs, so any of the three trees can answer; answers about changed
 * pages are ignored. Asynchronous, so that a stored revision answers by reading only what is
 * asked: the parents along the moved pages' ancestry, and slugs only in the rare case below.
 */
export type PageTree = {
  /** The parent of a page (null at the top level), undefined when there is no such page. */
  parentOf(pageId: string): Promise<string | null | undefined>;
  /** The ids of the children of `parentId` (null = top level) whose slug is `slug`. */
  pagesWithSlug(parentId: string | null, slug: string): Promise<Iterable<string>>;
};

export type PageMergeInput = {
  /** The base version of every page in `ours` or `theirs` that existed in base; absent = added since. */
  base: Map<string, PageState>;
  ours: PageChanges;
  theirs: PageChanges;
  tree: PageTree;
  /** The change request's side (the other is main's): where blocks go when both sides moved them (block-order.ts). */
  changeRequest: Side;
  /** Merges the bodies both sides changed, block by block (`mergePageBody`, in the markdown workers on a server). */
  mergeBodies: (inputs: BodyMergeInput[]) => Promise<BodyMergeOutcome[]>;
  /**
   * Pages whose two sides a person made agree, resolving a conflict: their slug and place are
   * new on both sides, so their slug is checked against every sibling's.
   */
  resolved?: ReadonlySet<string>;
};

export type PageConflictKind =
  | "content"
  | ValueField
  | "variables"
  | "move"
  | "delete-edit"
  | "add-add"
  | "parent-deleted"
  | "cycle"
  | "duplicate-slug";

export type PageConflict = {
  kind: PageConflictKind;
  pageId: string;
  /** For `content`: the conflicting blocks of the page's body, with their versions. */
  blocks?: BodyConflict[];
  /** For `content`: a version is past the limits a body is merged within; the body conflicts as a whole. */
  tooDifferent?: true;
  /** For `duplicate-slug`: the sibling with the same slug; for `parent-deleted`: the deleted parent. */
  otherPageId?: string;
  /** For `duplicate-slug`: the slug the two pages would share. */
  slug?: string;
  /** For `variables`: the names both sides set differently. */
  names?: string[];
};

/**
 * Every page either side changed, with its merged state (null = deleted). It applies on top of
 * base, ours or theirs alike: an entry equal to a side's version changes nothing there.
 * `documents`: the keyed documents (JSON) of the bodies merged block by block, whose blocks'
 * keys the merged versions keep.
 */
export type PageMergeResult = { ok: true; result: Map<string, PageState | null>; documents: Map<string, string> } | { ok: false; conflicts: PageConflict[] };

type Side = "ours" | "theirs";

/** A page's merged state, or its conflicts with a provisional state (ours) for the tree checks. */
type PageOutcome = { state: PageState | null; conflicts: PageConflict[] };

/** Merges two sides' page changes; conflicts when they cannot both apply or would break the tree. */
export async function mergePages(input: PageMergeInput): Promise<PageMergeResult> {
  const bodies = await mergeBodies(input);
  const outcomes = new Map<string, PageOutcome>();
  for (const pageId of new Set([...input.ours.keys(), ...input.theirs.keys()])) {
    outcomes.set(pageId, mergePage(pageId, input, bodies.get(pageId)));
  }
  const conflicts = [...outcomes.values()].flatMap((outcome) => outcome.conflicts);
  conflicts.push(...(await treeConflicts(input, outcomes)));
  if (conflicts.length > 0) return { ok: false, conflicts };
  const documents = new Map([...bodies].flatMap(([pageId, body]) => (body.ok ? [[pageId, body.documentJson] as const] : [])));
  return { ok: true, result: new Map([...outcomes].map(([pageId, outcome]) => [pageId, outcome.state])), documents };
}

/** The merges of the bodies that changed differently on both sides, by page: the others take a side's body as it is. */
async function mergeBodies(input: PageMergeInput): Promise<Map<string, BodyMergeOutcome>> {
  const requests = bodyMerges(input);
  if (requests.length === 0) return new Map();
  const outcomes = await input.mergeBodies(requests);
  return new Map(requests.map((request, index) => [request.pageId, outcomes[index]!]));
}

/** The bodies a merge of these sides merges block by block: those changed differently on both. */
export function bodyMerges(input: Pick<PageMergeInput, "base" | "ours" | "theirs" | "changeRequest">): BodyMergeInput[] {
  const requests: BodyMergeInput[] = [];
  for (const [pageId, ours] of input.ours) {
    const theirs = input.theirs.get(pageId);
    const base = input.base.get(pageId);
    if (!ours || !theirs || !base) continue;
    if (ours.markdown === theirs.markdown || ours.markdown === base.markdown || theirs.markdown === base.markdown) continue;
    const version = (page: PageState) => ({ markdown: page.markdown, blockKeys: page.blockKeys });
    requests.push({ pageId, base: version(base), ours: version(ours), theirs: version(theirs), changeRequest: input.changeRequest });
  }
  return requests;
}

// ---------------------------------------------------------------------------------------------
// One page

/** A side's version of a page: its change, else its base version (unchanged); null when the side has no such page. */
function sideState(input: PageMergeInput, side: Side, pageId: string): PageState | null {
  const change = input[side].get(pageId);
  return change !== undefined ? change : (input.base.get(pageId) ?? null);
}

function mergePage(pageId: string, input: PageMergeInput, body: BodyMergeOutcome | undefined): PageOutcome {
  const base = input.base.get(pageId);
  const ours = sideState(input, "ours", pageId);
  const theirs = sideState(input, "theirs", pageId);
  if (!base) return mergeAdded(pageId, ours, theirs);
  if (ours === null || theirs === null) return mergeDeleted(pageId, base, ours, theirs);
  return mergeEdited(base, ours, theirs, body);
}

/** A page that did not exist in base: added by one side, or by both (the same id only by copying). */
function mergeAdded(pageId: string, ours: PageState | null, theirs: PageState | null): PageOutcome {
  if (!ours || !theirs) return { state: ours ?? theirs ?? null, conflicts: [] };
  if (sameContent(ours, theirs)) return { state: { ...ours, updatedAt: later(ours.updatedAt, theirs.updatedAt) }, conflicts: [] };
  return { state: ours, conflicts: [{ kind: "add-add", pageId }] };
}

/** Deleted on at least one side: fine unless the other side edited the page meanwhile. */
function mergeDeleted(pageId: string, base: PageState, ours: PageState | null, theirs: PageState | null): PageOutcome {
  const kept = ours ?? theirs;
  if (!kept || sameContent(kept, base)) return { state: null, conflicts: [] };
  return { state: ours, conflicts: [{ kind: "delete-edit", pageId }] };
}

/**
 * How each field of a page merges. The table has every field of `PageState` (its type refuses a
 * missing one), so a field added to page versions cannot be dropped or merged by accident: it
 * needs a rule here first. Value fields are exactly the `ValueField`s, the conflict kinds
 * clients know.
 */
type FieldRule<K extends keyof PageState> = K extends ValueField
  ? /** One side's change wins; two different changes conflict, named by the field. `same` tells equal values apart from equal references. */
    { merge: "value"; same?: (a: PageState[K], b: PageState[K]) => boolean }
  : /** The page's identity, the same on every side: base's. */
    | { merge: "base" }
    /** parentId and sortKey, merged together as the page's place: two different moves conflict (`move`). */
    | { merge: "position" }
    /** Block by block (`mergePageBody`), when both sides changed it. */
    | { merge: "body" }
    /** Name by name (`mergeVariables`). */
    | { merge: "variables" }
    /** The later of the two sides' times. */
    | { merge: "latest" }
    /**
     * Computed from the body when a version is written (`commitRevision`): a side's value holds
     * while the merged body is that side's, and is recomputed otherwise.
     */
    | { merge: "derived" };

export const PAGE_FIELD_RULES: { [K in keyof PageState]-?: FieldRule<K> } = {
  id: { merge: "base" },
  title: { merge: "value" },
  slug: { merge: "value" },
  emoji: { merge: "value" },
  description: { merge: "value" },
  parentId: { merge: "position" },
  sortKey: { merge: "position" },
  markdown: { merge: "body" },
  icon: { merge: "value" },
  condition: { merge: "value" },
  hidden: { merge: "value" },
  noIndex: { merge: "value" },
  noRobotsIndex: { merge: "value" },
  layout: { merge: "value", same: sameLayout },
  cover: { merge: "value", same: sameCover },
  variables: { merge: "variables" },
  links: { merge: "derived" },
  blockKeys: { merge: "derived" },
  createdAt: { merge: "base" },
  updatedAt: { merge: "latest" },
};

const PAGE_FIELDS = Object.keys(PAGE_FIELD_RULES) as (keyof PageState)[];

/** Whether a field's values are equal as its rule compares them; fields no reader sees (identity, times, derived) always are. */
function sameField<K extends keyof PageState>(key: K, a: PageState, b: PageState): boolean {
  const rule: FieldRule<keyof PageState> = PAGE_FIELD_RULES[key];
  switch (rule.merge) {
    case "value":
      return (rule.same ?? Object.is)(a[key] as never, b[key] as never);
    case "position":
    case "body":
      return a[key] === b[key];
    case "variables":
      return sameVariables(a.variables, b.variables);
    case "base":
    case "latest":
    case "derived":
      return true;
  }
}

/** The fields in which two versions of a page differ for a reader. */
export const differingFields = (a: PageState, b: PageState): (keyof PageState)[] => PAGE_FIELDS.filter((key) => !sameField(key, a, b));

/** Equal apart from timestamps: an edit that changed nothing a reader sees. */
const sameContent = (a: PageState, b: PageState) => differingFields(a, b).length === 0;

/**
 * Field by field, as `PAGE_FIELD_RULES` says: a field one side left alone takes the other's value;
 * two different edits conflict; the body, when both changed it, is `body` (its block merge).
 */
function mergeEdited(base: PageState, ours: PageState, theirs: PageState, body: BodyMergeOutcome | undefined): PageOutcome {
  const conflicts: PageConflict[] = [];
  const conflict = (kind: PageConflictKind, extra: Partial<PageConflict> = {}) =>
    conflicts.push({ kind, pageId: base.id, ...extra });
  const position = mergeValue(positionOf(base), positionOf(ours), positionOf(theirs), samePosition);
  if (!position.ok) conflict("move");
  const markdown = body ?? { ok: true, markdown: theirs.markdown === base.markdown ? ours.markdown : theirs.markdown };
  if (!markdown.ok) {
    if ("invalidChoice" in markdown) throw new Error("A merge without choices answered about a choice");
    conflict("content", "tooDifferent" in markdown ? { tooDifferent: true } : { blocks: markdown.conflicts });
  }
  const variables = mergeVariables(base.variables, ours.variables, theirs.variables);
  if (!variables.ok) conflict("variables", { names: variables.conflicts });

  // Where a field conflicts, ours stands in: the tree checks then see a whole page.
  const mergedBody = markdown.ok ? markdown.markdown : ours.markdown;
  const state: Partial<Record<keyof PageState, unknown>> = {};
  for (const key of PAGE_FIELDS) {
    const rule: FieldRule<keyof PageState> = PAGE_FIELD_RULES[key];
    switch (rule.merge) {
      case "value": {
        const merged = mergeValue<unknown>(base[key], ours[key], theirs[key], (rule.same ?? Object.is) as (a: unknown, b: unknown) => boolean);
        if (!merged.ok) conflict(key as ValueField);
        state[key] = merged.ok ? merged.value : ours[key];
        break;
      }
      case "position":
        state[key] = (position.ok ? position.value : positionOf(ours))[key as keyof Position];
        break;
      case "body":
        state[key] = mergedBody;
        break;
      case "variables":
        state[key] = variables.ok ? variables.variables : ours.variables;
        break;
      case "base":
        state[key] = base[key];
        break;
      case "latest":
        state[key] = later(ours[key] as string, theirs[key] as string);
        break;
      case "derived":
        state[key] = [ours, theirs].find((side) => side.markdown === mergedBody && side[key] !== undefined)?.[key];
        break;
    }
  }
  return { state: withoutUndefined(state as PageState), conflicts };
}

type Merged<T> = { ok: true; value: T } | { ok: false };

function mergeValue<T>(base: T, ours: T, theirs: T, same: (a: T, b: T) => boolean): Merged<T> {
  if (same(ours, theirs) || same(theirs, base)) return { ok: true, value: ours };
  if (same(ours, base)) return { ok: true, value: theirs };
  return { ok: false };
}

type Position = Pick<PageState, "parentId" | "sortKey">;
const positionOf = (page: PageState): Position => ({ parentId: page.parentId, sortKey: page.sortKey });
const samePosition = (a: Position, b: Position) => a.parentId === b.parentId && a.sortKey === b.sortKey;

const later = (a: string, b: string) => (Date.parse(b) > Date.parse(a) ? b : a);

/** Optional fields stay absent rather than present-but-undefined (or empty), as stored versions have them. */
function withoutUndefined(page: PageState): PageState {
  const copy = Object.fromEntries(Object.entries(page).filter(([, value]) => value !== undefined)) as PageState;
  if (copy.variables && Object.keys(copy.variables).length === 0) delete copy.variables;
  return copy;
}

// ---------------------------------------------------------------------------------------------
// The tree

/** Where a page sits for slug uniqueness: its parent and its slug. */
const slotOf = (page: Pick<PageState, "parentId" | "slug">) => `${page.parentId ?? ""}/${page.slug}`;

function append(map: Map<string, string[]>, key: string, value: string): void {
  const values = map.get(key);
  if (values) values.push(value);
  else map.set(key, [value]);
}

/**
 * Conflicts the page-by-page merge cannot see: a page placed under a parent the other side
 * deleted, two moves that together make a cycle, two siblings with the same slug. Pages with
 * their own conflicts are not checked, but take part with their provisional (ours) state.
 */
async function treeConflicts(input: PageMergeInput, outcomes: Map<string, PageOutcome>): Promise<PageConflict[]> {
  const clean = [...outcomes].flatMap(([pageId, outcome]) =>
    outcome.conflicts.length === 0 && outcome.state ? [{ pageId, page: outcome.state }] : [],
  );
  const parentOf = async (pageId: string) => {
    const outcome = outcomes.get(pageId);
    return outcome ? outcome.state?.parentId : input.tree.parentOf(pageId);
  };
  return [
    ...clean.flatMap(({ page }) => parentDeleted(input, outcomes, page)),
    ...(await cycles(input, clean, parentOf)),
    ...(await duplicateSlugs(input, outcomes, clean)),
  ];
}

/** The page is under a parent one side deleted, and that side did not have it there: the other side put it there. */
function parentDeleted(input: PageMergeInput, outcomes: Map<string, PageOutcome>, page: PageState): PageConflict[] {
  const parentId = page.parentId;
  if (parentId === null || outcomes.get(parentId)?.state !== null) return [];
  const placedByOtherSide = (["ours", "theirs"] as const).some(
    (side) => input[side].get(parentId) === null && sideState(input, side, page.id)?.parentId !== parentId,
  );
  return placedByOtherSide ? [{ kind: "parent-deleted", pageId: page.id, otherPageId: parentId }] : [];
}

/**
 * Each side's tree is acyclic, so a cycle in the merged tree goes through pages moved since
 * base; walking up from each of them finds every cycle. Ancestors known to reach the top are
 * remembered, so the walks together visit each ancestor once.
 */
async function cycles(
  input: PageMergeInput,
  clean: { pageId: string; page: PageState }[],
  parentOf: (pageId: string) => Promise<string | null | undefined>,
): Promise<PageConflict[]> {
  const rooted = new Set<string>();
  const conflicts: PageConflict[] = [];
  for (const { pageId, page } of clean) {
    if (input.base.get(pageId)?.parentId === page.parentId) continue;
    const path = new Set<string>();
    let current: string | null | undefined = page.parentId;
    while (current !== null && current !== undefined && current !== pageId && !rooted.has(current) && !path.has(current)) {
      path.add(current);
      current = await parentOf(current);
    }
    if (current === pageId) conflicts.push({ kind: "cycle", pageId });
    // The walk ends in a loop (elsewhere, or back here) or at the top: only the latter proves anything.
    else if (current === null || current === undefined || rooted.has(current)) for (const id of [pageId, ...path]) rooted.add(id);
  }
  return conflicts;
}

/**
 * Two siblings with one slug, unless one side already had them so (the merge did not cause
 * it). Only pages whose parent or slug changed can have a new sibling with their slug. A page
 * neither side changed sits in the same slot on both sides, so it can only clash with a page
 * whose merged slot is on neither side (moved on one, renamed on the other): only then is the
 * tree asked for the pages in that slot.
 */
async function duplicateSlugs(input: PageMergeInput, outcomes: Map<string, PageOutcome>, clean: { pageId: string; page: PageState }[]): Promise<PageConflict[]> {
  const placed = new Map<string, string[]>();
  for (const [pageId, { state }] of outcomes) if (state) append(placed, slotOf(state), pageId);

  const reported = new Set<string>();
  const conflicts: PageConflict[] = [];
  for (const { pageId, page } of clean) {
    const base = input.base.get(pageId);
    if (base && base.parentId === page.parentId && base.slug === page.slug) continue;
    const slotOnASide = !input.resolved?.has(pageId) && (["ours", "theirs"] as const).some((side) => {
      const version = sideState(input, side, pageId);
      return version !== null && slotOf(version) === slotOf(page);
    });
    const unchanged = slotOnASide ? [] : [...(await input.tree.pagesWithSlug(page.parentId, page.slug))].filter((id) => !outcomes.has(id));
    for (const otherId of [...unchanged, ...(placed.get(slotOf(page)) ?? [])]) {
      const pair = [pageId, otherId].sort().join(" ");
      if (otherId === pageId || reported.has(pair) || siblingsOnOneSide(input, outcomes, page, otherId)) continue;
      reported.add(pair);
      conflicts.push({ kind: "duplicate-slug", pageId, otherPageId: otherId, slug: page.slug });
    }
  }
  return conflicts;
}

/** Whether one side already has both pages under one parent with one slug. */
function siblingsOnOneSide(input: PageMergeInput, outcomes: Map<string, PageOutcome>, page: PageState, otherId: string): boolean {
  if (input.resolved?.has(page.id) || input.resolved?.has(otherId)) return false;
  return (["ours", "theirs"] as const).some((side) => {
    const slotOn = (id: string) => {
      // A page neither side changed is, on both sides, where the tree has it: in the merged page's slot.
      if (!outcomes.has(id)) return slotOf(page);
      const version = sideState(input, side, id);
      return version ? slotOf(version) : undefined;
    };
    const slot = slotOn(page.id);
    return slot !== undefined && slot === slotOn(otherId);
  });
}

/** A `PageTree` over a list of pages, for callers that hold the whole tree (and for tests). */
export function pageTreeOf(pages: Iterable<Pick<PageVersion, "id" | "parentId" | "slug">>): PageTree {
  const parents = new Map<string, string | null>();
  const slots = new Map<string, string[]>();
  for (const page of pages) {
    parents.set(page.id, page.parentId);
    append(slots, slotOf(page), page.id);
  }
  return {
    parentOf: async (pageId) => parents.get(pageId),
    pagesWithSlug: async (parentId, slug) => slots.get(slotOf({ parentId, slug })) ?? [],
  };
}
