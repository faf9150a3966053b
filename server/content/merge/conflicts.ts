import type { JSONDocument } from "@gitbook/api";
import { z } from "zod";
import { coverSchema, layoutOptionsSchema } from "../page-display";

/**
 * The conflicts of a three-way merge as clients see them: the `details` of the 409 that a
 * merge or an update from main answers on /v1 (`error.details`) and in tRPC (`data.details`).
 * Shared by the server, which builds it, and the UI, which parses it, so it imports nothing
 * that cannot run in a browser. The error's message is a summary for people, never parsed.
 *
 * Both merge directions name the two versions the same way: `main` (the space's content) and
 * `changeRequest` (the change request's).
 */

/** Page fields merged as plain values: a conflict on one of them is named by the field. */
const TEXT_FIELDS = ["title", "slug", "emoji", "description", "icon", "condition"] as const;
const FLAG_FIELDS = ["hidden", "noIndex", "noRobotsIndex"] as const;
export const VALUE_FIELDS = [...TEXT_FIELDS, ...FLAG_FIELDS, "layout", "cover"] as const;
export type ValueField = (typeof VALUE_FIELDS)[number];

/** Names of page fields as people know them: the keys of a page's `fields` in conflict, and `place` (its parent and position). */
export const CONFLICT_FIELD_NAMES: Record<string, string> = {
  markdown: "text",
  title: "title",
  slug: "slug",
  emoji: "emoji",
  description: "description",
  icon: "icon",
  condition: "visibility condition",
  hidden: "hidden from navigation",
  noIndex: "left out of search",
  noRobotsIndex: "hidden from search engines",
  layout: "layout",
  cover: "cover",
  variables: "variables",
  blocks: "text",
  place: "place",
  parentId: "place",
  sortKey: "place",
};

/** Where a version comes from. */
export const conflictSideSchema = z.enum(["main", "changeRequest"]);
export type ConflictSide = z.infer<typeof conflictSideSchema>;

/** A page, named as a person finds it: its title and its slug path (`guide/setup`) where it is. */
export const conflictPageRefSchema = z.object({ id: z.string(), title: z.string(), path: z.string() });
export type ConflictPageRef = z.infer<typeof conflictPageRefSchema>;

/** One side's version of a conflicting block, as markdown (the block alone; a list item in its list), cut at `MAX_CONFLICT_TEXT` characters (`truncated`). */
export const conflictBlockTextSchema = z.object({ markdown: z.string(), truncated: z.boolean() });
export type ConflictBlockText = z.infer<typeof conflictBlockTextSchema>;
export const MAX_CONFLICT_TEXT = 2000;

const blockConflictFields = {
  /** The block's key (`key` of its node in `format=document`): the block both sides changed. */
  key: z.string(),
  /** Its type (`paragraph`, `list-item`, `table`…). */
  type: z.string(),
  /**
   * Whether it is a container (a quote, a hint, a list or its item, tabs or a tab) whose own
   * settings conflict: it is settled by taking a side, not by taking both or writing it.
   */
  container: z.boolean(),
};

/**
 * A block of a page body in conflict: `edited` differently on both sides where the same words or
 * settings changed (each side's version), or `deleted` on one side (`deletedIn`, its version
 * null) and changed on the other — or, for a container, given blocks by the other.
 */
export const blockConflictSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("edited"), ...blockConflictFields, main: conflictBlockTextSchema, changeRequest: conflictBlockTextSchema }),
  z.object({
    kind: z.literal("deleted"),
    ...blockConflictFields,
    deletedIn: conflictSideSchema,
    main: conflictBlockTextSchema.nullable(),
    changeRequest: conflictBlockTextSchema.nullable(),
  }),
]);
export type BlockConflictDetail = z.infer<typeof blockConflictSchema>;

/**
 * How a conflicting block may be settled besides taking a side: both versions (two blocks) only
 * when it was edited on both sides, and blocks written instead unless it is a container whose
 * settings conflict (writing it would drop what the merge put in it).
 */
export function blockTakes(block: { kind: "edited" | "deleted"; container: boolean }): { both: boolean; write: boolean } {
  return { both: block.kind === "edited" && !block.container, write: !block.container };
}

/** One reason a page cannot be merged. */
export const pageConflictSchema = z.discriminatedUnion("kind", [
  /**
   * The body's `blocks` that conflict, or `tooDifferent`: a version is past the limits a body is
   * merged within (its size, its number of blocks, the time), and the body conflicts as a whole.
   */
  z.object({ kind: z.literal("content"), tooDifferent: z.boolean(), blocks: z.array(blockConflictSchema) }),
  /** A field set differently on both sides, with each side's value: text (null = not set), flags, the whole layout, the cover (null = none). */
  z.object({ kind: z.enum(TEXT_FIELDS), main: z.string().nullable(), changeRequest: z.string().nullable() }),
  z.object({ kind: z.enum(FLAG_FIELDS), main: z.boolean(), changeRequest: z.boolean() }),
  z.object({ kind: z.literal("layout"), main: layoutOptionsSchema, changeRequest: layoutOptionsSchema }),
  z.object({ kind: z.literal("cover"), main: coverSchema.nullable(), changeRequest: coverSchema.nullable() }),
  /** Moved to different places (parent or position among siblings) on both sides. */
  z.object({ kind: z.literal("move") }),
  /** Page variables set differently on both sides. */
  z.object({ kind: z.literal("variables"), names: z.array(z.string()) }),
  /** Deleted on one side (`deletedIn`), edited on the other. */
  z.object({ kind: z.literal("delete-edit"), deletedIn: conflictSideSchema }),
  /** Added on both sides with one id (only by copying content) but different fields. */
  z.object({ kind: z.literal("add-add") }),
  /** Put under `parent` by one side while the other deleted that parent. */
  z.object({ kind: z.literal("parent-deleted"), parent: conflictPageRefSchema, deletedIn: conflictSideSchema }),
  /** The moves of both sides together would nest the page inside itself. */
  z.object({ kind: z.literal("cycle") }),
  /** Would have the same slug as its sibling `other`. */
  z.object({ kind: z.literal("duplicate-slug"), slug: z.string(), other: conflictPageRefSchema }),
]);
export type PageConflictDetail = z.infer<typeof pageConflictSchema>;

/**
 * The field of a page resolution (an update from main with resolutions) that settles each kind
 * of page conflict; the kinds absent here are settled only by editing the pages.
 */
export const RESOLUTION_FIELD_OF = {
  content: "markdown",
  title: "title",
  slug: "slug",
  emoji: "emoji",
  description: "description",
  icon: "icon",
  condition: "condition",
  hidden: "hidden",
  noIndex: "noIndex",
  noRobotsIndex: "noRobotsIndex",
  layout: "layout",
  cover: "cover",
  move: "place",
  variables: "variables",
} as const satisfies Partial<Record<PageConflictDetail["kind"], string>>;

/** A page with what stops it: `fields` names its fields in conflict (`markdown` for the body, `parentId` and `sortKey` for its place). */
export const pageConflictsSchema = conflictPageRefSchema.extend({ fields: z.array(z.string()), conflicts: z.array(pageConflictSchema) });
export type PageConflicts = z.infer<typeof pageConflictsSchema>;

export const fileConflictSchema = z.discriminatedUnion("kind", [
  /** Changed differently on both sides (replaced on both, or replaced on one and deleted on the other). */
  z.object({ kind: z.literal("changed-on-both-sides"), id: z.string(), name: z.string() }),
  /** Deleted on one side while the merged pages `referencedBy` would still link to it, show it or use it as cover. */
  z.object({
    kind: z.literal("deleted-while-referenced"),
    id: z.string(),
    name: z.string(),
    deletedIn: conflictSideSchema,
    referencedBy: z.array(conflictPageRefSchema),
  }),
]);
export type FileConflict = z.infer<typeof fileConflictSchema>;

const variableValueSchema = z.union([z.string(), z.number(), z.boolean()]);

/** A page's fields as one version has them, for a person choosing between versions (optional text fields: null = not set). */
export const conflictPageVersionSchema = z.object({
  title: z.string(),
  slug: z.string(),
  emoji: z.string().nullable(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  condition: z.string().nullable(),
  hidden: z.boolean(),
  noIndex: z.boolean(),
  noRobotsIndex: z.boolean(),
  layout: layoutOptionsSchema,
  cover: coverSchema.nullable(),
  variables: z.record(z.string(), variableValueSchema),
  /** Its place: the parent (null = top level), and its position among the parent's pages. */
  parent: conflictPageRefSchema.nullable(),
  sortKey: z.number(),
  markdown: z.string(),
});
export type ConflictPageVersion = z.infer<typeof conflictPageVersionSchema>;

/** A keyed JSON document of one block (a list item in its list), for a person to read or edit it. */
const blockDocumentSchema = z.custom<JSONDocument>((value) => {
  const document = value as { object?: unknown; nodes?: unknown } | null;
  return document?.object === "document" && Array.isArray(document.nodes);
}, "must be a JSON document");

/** One version of a conflicting block: as markdown, and as a keyed document. */
export const conflictBlockVersionSchema = z.object({ markdown: z.string(), document: blockDocumentSchema });
export type ConflictBlockVersion = z.infer<typeof conflictBlockVersionSchema>;

/** A conflicting block of a body with its three versions (null where the block is not). */
export const conflictResolutionBlockSchema = z.object({
  ...blockConflictFields,
  kind: z.enum(["edited", "deleted"]),
  deletedIn: conflictSideSchema.optional(),
  base: conflictBlockVersionSchema.nullable(),
  main: conflictBlockVersionSchema.nullable(),
  changeRequest: conflictBlockVersionSchema.nullable(),
});
export type ConflictResolutionBlock = z.infer<typeof conflictResolutionBlockSchema>;

/**
 * What resolving a page's conflicts takes: its three versions whole and, for its body, each
 * conflicting block with its versions (none when the body is not in conflict, or conflicts as a
 * whole: then it is resolved by giving the whole body).
 */
export const conflictResolutionPageSchema = z.object({
  id: z.string(),
  base: conflictPageVersionSchema,
  main: conflictPageVersionSchema,
  changeRequest: conflictPageVersionSchema,
  blocks: z.array(conflictResolutionBlockSchema),
});
export type ConflictResolutionPage = z.infer<typeof conflictResolutionPageSchema>;

/** A space variable set differently on both sides: its value in each version (absent = not set). */
export const conflictVariableSchema = z.object({
  name: z.string(),
  base: variableValueSchema.optional(),
  main: variableValueSchema.optional(),
  changeRequest: variableValueSchema.optional(),
});

/**
 * The data for resolving the conflicts (an update from main with resolutions): the two
 * revisions they were found between, to send back with the resolutions (a resolution made
 * against older revisions is refused), and the versions of what conflicts. Pages are included
 * up to a size budget (`MAX_RESOLUTION_PAGES`, `MAX_RESOLUTION_TEXT`); a page left out can only
 * be resolved by editing the change request.
 */
export const conflictResolutionSchema = z.object({
  revisions: z.object({ main: z.string(), changeRequest: z.string() }),
  pages: z.array(conflictResolutionPageSchema),
  variables: z.array(conflictVariableSchema),
});
export type ConflictResolution = z.infer<typeof conflictResolutionSchema>;
export const MAX_RESOLUTION_PAGES = 50;
/** Characters of markdown (and of the conflicting blocks' documents, as JSON) across the versions of all pages. */
export const MAX_RESOLUTION_TEXT = 2_000_000;

export const mergeConflictsSchema = z.object({
  pages: z.array(pageConflictsSchema),
  files: z.array(fileConflictSchema),
  /** Space variables set differently on both sides. */
  variables: z.array(z.string()),
  resolution: conflictResolutionSchema.optional(),
});
export type MergeConflicts = z.infer<typeof mergeConflictsSchema>;
