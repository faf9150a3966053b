import { CONFLICT_FIELD_NAMES, RESOLUTION_FIELD_OF, type ConflictResolutionPage, type ConflictSide, type MergeConflicts, type ValueField } from "@/server/content/merge/conflicts";
import type { MergeResolutionsInput } from "@/server/change-requests/schemas-resolutions";
import { splitLines } from "@/server/content/merge/text-merge";

/**
 * What a person chooses while resolving conflicts, and how those choices become the resolutions
 * of an update from main. Pure functions, so that the conflict view stays about presentation.
 */

/** For one hunk of a body: one side's lines, or both (main's first). */
export type Take = ConflictSide | "both";

/** A body: a side per hunk, or the whole result as written by hand (`edited`). */
export type TextChoice = { hunks: (Take | null)[]; edited: string | null };

/** A field: a side's value, or (for text fields) a value written by hand. */
export type FieldChoice = { side: ConflictSide } | { written: string } | null;

export type PageChoices = {
  text: TextChoice | null;
  /** By conflict kind: a value field, or `place` for a move. */
  fields: Partial<Record<ValueField | "place", FieldChoice>>;
  /** Page variables in conflict, by name. */
  variables: Record<string, ConflictSide | null>;
};

export type Choices = {
  pages: Record<string, PageChoices>;
  variables: Record<string, ConflictSide | null>;
  files: Record<string, ConflictSide | null>;
};

/** Fields whose value may be written by hand; the others are taken from a side. */
export const WRITABLE_FIELDS = ["title", "slug", "description"] as const satisfies readonly ValueField[];

/** Whether every conflict can be resolved by choosing between versions (each page's versions came with the conflicts). */
export function isResolvable(conflicts: MergeConflicts): boolean {
  const { resolution } = conflicts;
  if (!resolution) return false;
  const pages = new Set(resolution.pages.map((page) => page.id));
  const variables = new Set(resolution.variables.map((variable) => variable.name));
  return (
    conflicts.pages.every((page) => pages.has(page.id) && page.conflicts.every((conflict) => Object.hasOwn(RESOLUTION_FIELD_OF, conflict.kind))) &&
    conflicts.files.every((file) => file.kind === "changed-on-both-sides") &&
    conflicts.variables.every((name) => variables.has(name))
  );
}

/** Nothing chosen yet. */
export function initialChoices(conflicts: MergeConflicts): Choices {
  const pages: Record<string, PageChoices> = {};
  for (const page of conflicts.pages) {
    const data = conflicts.resolution!.pages.find((entry) => entry.id === page.id)!;
    const choices: PageChoices = { text: null, fields: {}, variables: {} };
    for (const conflict of page.conflicts) {
      if (conflict.kind === "content") choices.text = { hunks: data.hunks.map(() => null), edited: null };
      else if (conflict.kind === "move") choices.fields.place = null;
      else if (conflict.kind === "variables") for (const name of conflict.names) choices.variables[name] = null;
      else choices.fields[conflict.kind as ValueField] = null;
    }
    pages[page.id] = choices;
  }
  return {
    pages,
    variables: Object.fromEntries(conflicts.variables.map((name) => [name, null])),
    files: Object.fromEntries(conflicts.files.map((file) => [file.id, null])),
  };
}

const ensureNewline = (text: string) => (text === "" || text.endsWith("\n") ? text : `${text}\n`);

/** Lines `[start, end)` of a text. */
export const linesOf = (text: string, [start, end]: [number, number]) => splitLines(text).slice(start, end).join("");

/** A hunk's text as taken. */
export function hunkText(page: ConflictResolutionPage, index: number, take: Take): string {
  const hunk = page.hunks[index]!;
  const main = linesOf(page.main.markdown, hunk.main);
  const mine = linesOf(page.changeRequest.markdown, hunk.changeRequest);
  if (take === "main") return main;
  if (take === "changeRequest") return mine;
  // Both: main's lines, then this change request's, each whole lines.
  return ensureNewline(main) + mine;
}

export const MARKER_START = "<<<<<<< In the space";
export const MARKER_END = ">>>>>>> In this change request";

/** The body as chosen so far: a hunk not chosen yet shows both sides between conflict markers, as Git writes them. */
export function assembledText(page: ConflictResolutionPage, choice: TextChoice): string {
  if (choice.edited !== null) return choice.edited;
  return (page.merged ?? [])
    .map((part) => {
      if ("text" in part) return part.text;
      const take = choice.hunks[part.hunk];
      if (take) return hunkText(page, part.hunk, take);
      return `${MARKER_START}\n${ensureNewline(hunkText(page, part.hunk, "main"))}=======\n${ensureNewline(hunkText(page, part.hunk, "changeRequest"))}${MARKER_END}\n`;
    })
    .join("");
}

/** Conflict markers left in a text written by hand. */
const markersIn = (text: string) => splitLines(text).filter((line) => line.startsWith("<<<<<<< ")).length;

/** How many conflicts of a page are not resolved yet. */
export function pageConflictsLeft(choices: PageChoices): number {
  let left = 0;
  if (choices.text) left += choices.text.edited !== null ? markersIn(choices.text.edited) : choices.text.hunks.filter((take) => take === null).length;
  for (const [field, choice] of Object.entries(choices.fields)) {
    if (!choice || ("written" in choice && field === "title" && choice.written.trim() === "")) left += 1;
  }
  left += Object.values(choices.variables).filter((side) => side === null).length;
  return left;
}

export function conflictsLeft(choices: Choices): number {
  return (
    Object.values(choices.pages).reduce((sum, page) => sum + pageConflictsLeft(page), 0) +
    Object.values(choices.variables).filter((side) => side === null).length +
    Object.values(choices.files).filter((side) => side === null).length
  );
}

/** The resolutions the choices make (all conflicts resolved: `conflictsLeft` is 0). */
export function resolutionsOf(conflicts: MergeConflicts, choices: Choices): MergeResolutionsInput {
  const resolution = conflicts.resolution!;
  const pages = Object.entries(choices.pages).map(([id, page]) => {
    const data = resolution.pages.find((entry) => entry.id === id)!;
    const version = (side: ConflictSide) => data[side];
    const out: NonNullable<MergeResolutionsInput["pages"]>[number] = { id };
    if (page.text) out.markdown = assembledText(data, page.text);
    for (const [field, choice] of Object.entries(page.fields) as [ValueField | "place", FieldChoice][]) {
      if (!choice) continue;
      if (field === "place" || field === "hidden" || field === "noIndex" || field === "noRobotsIndex" || field === "layout" || field === "cover") {
        if ("side" in choice) out[field] = choice.side;
      } else if ("side" in choice) {
        const value = version(choice.side)[field];
        if (field === "title" || field === "slug") out[field] = value ?? "";
        else out[field] = value;
      } else if (field === "title" || field === "slug") out[field] = choice.written.trim();
      else out[field] = choice.written.trim() || null;
    }
    const names = Object.entries(page.variables);
    if (names.length > 0) out.variables = Object.fromEntries(names.map(([name, side]) => [name, version(side!).variables[name] ?? null]));
    return out;
  });
  const variables = Object.fromEntries(
    Object.entries(choices.variables).map(([name, side]) => [name, resolution.variables.find((variable) => variable.name === name)![side!] ?? null]),
  );
  const files = Object.entries(choices.files).map(([id, take]) => ({ id, take: take! }));
  return { revisions: resolution.revisions, pages, variables, files };
}

/**
 * A refused resolution's message for people: the server names what it refuses by its place in
 * the resolutions (`resolutions.pages[0].slug: must be …`, or `resolutions.pages.0.slug` from
 * input validation); pages are sent in the order of `conflicts.pages`, so that becomes
 * `The slug of “Guide”: must be …`.
 */
export function resolutionErrorMessage(message: string, conflicts: MergeConflicts): string {
  const onPage = /^resolutions\.pages(?:\[(\d+)\]|\.(\d+))\.(\w+)(?:\.\w+)*: (.*)$/s.exec(message);
  if (onPage) {
    const page = conflicts.pages[Number(onPage[1] ?? onPage[2])];
    const field = onPage[3] === "id" ? undefined : (CONFLICT_FIELD_NAMES[onPage[3]!] ?? onPage[3]);
    if (page) return `${field ? `The ${field} of` : "The page"} “${page.title || "Untitled page"}”: ${onPage[4]}`;
  }
  const elsewhere = /^resolutions(?:\.\w+)*: (.*)$/s.exec(message);
  return elsewhere ? `This resolution was refused: ${elsewhere[1]}` : message;
}
