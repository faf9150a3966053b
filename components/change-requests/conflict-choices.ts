import type { JSONDocument } from "@gitbook/api";
import {
  type ConflictResolutionBlock,
  type ConflictSide,
  type MergeConflicts,
  type ValueField,
} from "@/server/content/merge/conflicts";
import type { MergeResolutionsInput } from "@/server/change-requests/schemas-resolutions";
import { documentToMarkdown } from "@/server/content/format/document-to-markdown";

/**
 * What a person chooses while resolving conflicts, and how those choices become the resolutions
 * of an update from main. Pure functions, so that the conflict view stays about presentation.
 */

/** A conflicting block: a side's version, both (two blocks, main's first), or blocks written in the editor. */
export type BlockChoice = { take: ConflictSide | "both" } | { written: JSONDocument };

/**
 * A body: a choice per conflicting block, by key; or, for a body that conflicts as a whole
 * (too different to be merged block by block), a side's body or a body written.
 */
export type TextChoice = { blocks: Record<string, BlockChoice | null> } | { whole: { take: ConflictSide } | { written: JSONDocument } | null };

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

/** Nothing chosen yet. */
export function initialChoices(conflicts: MergeConflicts): Choices {
  const pages: Record<string, PageChoices> = {};
  for (const page of conflicts.pages) {
    const choices: PageChoices = { text: null, fields: {}, variables: {} };
    for (const conflict of page.conflicts) {
      if (conflict.kind === "content") {
        choices.text = conflict.tooDifferent ? { whole: null } : { blocks: Object.fromEntries(conflict.blocks.map((block) => [block.key, null])) };
      } else if (conflict.kind === "move") choices.fields.place = null;
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

/** Where writing a block starts: the change request's version, or main's where the change request deleted it. */
export function writingStart(block: ConflictResolutionBlock): JSONDocument {
  return (block.changeRequest ?? block.main)!.document;
}

/** How many conflicts of a page are not resolved yet. */
export function pageConflictsLeft(choices: PageChoices): number {
  let left = 0;
  if (choices.text) left += "whole" in choices.text ? (choices.text.whole ? 0 : 1) : Object.values(choices.text.blocks).filter((choice) => choice === null).length;
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

type PageResolutionInput = NonNullable<MergeResolutionsInput["pages"]>[number];

/** The resolution of a body: block by block, or whole (a side's markdown, or the written document's). */
function textResolution(text: TextChoice, versions: Record<ConflictSide, { markdown: string }>): Pick<PageResolutionInput, "markdown" | "blocks"> {
  if ("whole" in text) {
    const whole = text.whole!;
    return { markdown: "take" in whole ? versions[whole.take].markdown : documentToMarkdown(whole.written) };
  }
  return {
    blocks: Object.entries(text.blocks).map(([key, choice]) => ("take" in choice! ? { key, take: choice.take } : { key, document: choice!.written })),
  };
}

/** The resolutions the choices make (all conflicts resolved: `conflictsLeft` is 0). */
export function resolutionsOf(conflicts: MergeConflicts, choices: Choices): MergeResolutionsInput {
  const resolution = conflicts.resolution!;
  const pages = Object.entries(choices.pages).map(([id, page]) => {
    const data = resolution.pages.find((entry) => entry.id === id)!;
    const version = (side: ConflictSide) => data[side];
    const out: PageResolutionInput = { id, ...(page.text ? textResolution(page.text, data) : {}) };
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

