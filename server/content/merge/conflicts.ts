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
const TEXT_FIELDS = ["title", "slug", "emoji", "description", "icon"] as const;
const FLAG_FIELDS = ["hidden", "noIndex", "noRobotsIndex"] as const;
export const VALUE_FIELDS = [...TEXT_FIELDS, ...FLAG_FIELDS, "layout", "cover"] as const;
export type ValueField = (typeof VALUE_FIELDS)[number];

/** Where a version comes from. */
export const conflictSideSchema = z.enum(["main", "changeRequest"]);
export type ConflictSide = z.infer<typeof conflictSideSchema>;

/** A page, named as a person finds it: its title and its slug path (`guide/setup`) where it is. */
export const conflictPageRefSchema = z.object({ id: z.string(), title: z.string(), path: z.string() });
export type ConflictPageRef = z.infer<typeof conflictPageRefSchema>;

/**
 * Lines of one side's page body (markdown): 0-based, `[start, end)`, empty when that side
 * deleted them; `text` is those lines, cut at `MAX_CONFLICT_TEXT` characters (`truncated`).
 */
export const conflictLinesSchema = z.object({ start: z.number().int(), end: z.number().int(), text: z.string(), truncated: z.boolean() });
export type ConflictLines = z.infer<typeof conflictLinesSchema>;
export const MAX_CONFLICT_TEXT = 2000;

/** One reason a page cannot be merged. */
export const pageConflictSchema = z.discriminatedUnion("kind", [
  /**
   * The body was changed on both sides at the same or neighbouring lines (`regions`), or
   * `tooDifferent`: so differently that it is not compared line by line (one region, whole texts).
   */
  z.object({
    kind: z.literal("content"),
    tooDifferent: z.boolean(),
    regions: z.array(z.object({ main: conflictLinesSchema, changeRequest: conflictLinesSchema })),
  }),
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

export const mergeConflictsSchema = z.object({
  pages: z.array(pageConflictsSchema),
  files: z.array(fileConflictSchema),
  /** Space variables set differently on both sides. */
  variables: z.array(z.string()),
});
export type MergeConflicts = z.infer<typeof mergeConflictsSchema>;
