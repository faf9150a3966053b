import { CONFLICT_FIELD_NAMES, mergeConflictsSchema, RESOLUTION_FIELD_OF, type MergeConflicts } from "@/server/content/merge/conflicts";

/*
 * What a refused merge or update says, read by the review screen as the answer comes: apart from
 * the conflict view and the resolver, which it loads only when there are conflicts to show.
 */

/**
 * The conflicts a 409 of a merge or an update carries in its details; null when it has none
 * (the view then shows the error's message alone).
 */
export function conflictsOf(error: unknown): MergeConflicts | null {
  const details = (error as { data?: { details?: unknown } } | null)?.data?.details;
  const parsed = mergeConflictsSchema.safeParse(details);
  return parsed.success ? parsed.data : null;
}

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

/**
 * A refused resolution's message for people: the server names what it refuses by its place in
 * the resolutions, in the answer's `details.fields` (`resolutions.pages[0].slug`, or
 * `resolutions.pages.0.slug` from input validation); pages are sent in the order of
 * `conflicts.pages`, so that becomes `The slug of “Guide”: Must be …`.
 */
export function resolutionErrorMessage(message: string, fields: Partial<Record<string, string>>, conflicts: MergeConflicts): string {
  const [path, text] = Object.entries(fields).find(([name]) => name === "resolutions" || name.startsWith("resolutions.")) ?? [];
  if (path === undefined || text === undefined) return message;
  const onPage = /^resolutions\.pages(?:\[(\d+)\]|\.(\d+))\.(\w+)/.exec(path);
  const page = onPage ? conflicts.pages[Number(onPage[1] ?? onPage[2])] : undefined;
  if (onPage && page) {
    const field = onPage[3] === "id" ? undefined : (CONFLICT_FIELD_NAMES[onPage[3]!] ?? onPage[3]);
    return `${field ? `The ${field} of` : "The page"} “${page.title || "Untitled page"}”: ${text}`;
  }
  return `This resolution was refused: ${text}`;
}
