import type { inferRouterOutputs } from "@trpc/server";
import { variableChanges, type VariableValue } from "@/server/content/variables";
import type { AppRouter } from "@/server/trpc/root";

type Outputs = inferRouterOutputs<AppRouter>;
export type ChangeItem = Outputs["changeRequests"]["changes"]["changes"][number];
export type ChangeRequest = Outputs["changeRequests"]["get"];

type PageRef = { id: string; title: string; path?: string };
type FileRef = { id: string; name: string; contentType: string; downloadURL: string };
type Attribute = { before?: string; after?: string };
/** One variable's change: absent before = added, absent after = removed. */
export type VariableChange = { name: string; before?: VariableValue; after?: VariableValue };

/** One page in the list of changes, whatever happened to it (an edit and a move are one entry). */
export type PageEntry = {
  kind: "page";
  key: string;
  page: PageRef;
  created: boolean;
  deleted: boolean;
  edited: boolean;
  moved: boolean;
  /** Title, slug, emoji, description and document changes, as before/after. */
  attributes: Record<string, Attribute>;
  /** The page's variables that changed. */
  variables: VariableChange[];
  parent?: { before?: PageRef; after?: PageRef };
};

export type FileEntry = { kind: "file"; key: string; file: FileRef; change: "created" | "edited" | "deleted" };

/** The space's variables, when the change request changes them. */
export type VariablesEntry = { kind: "variables"; key: "variables"; variables: VariableChange[] };

export type ChangeEntry = PageEntry | FileEntry | VariablesEntry;

const byName = (changes: Record<string, Omit<VariableChange, "name">>): VariableChange[] =>
  Object.entries(changes)
    .map(([name, change]) => ({ name, ...change }))
    .sort((a, b) => a.name.localeCompare(b.name));

/** The server's changes (one per kind) as one entry per page or file, in the server's order. */
export function changeEntries(changes: ChangeItem[]): ChangeEntry[] {
  const entries: ChangeEntry[] = [];
  const pages = new Map<string, PageEntry>();
  for (const change of changes) {
    if (change.type === "variables_edited") {
      entries.push({ kind: "variables", key: "variables", variables: byName(change.variables) });
      continue;
    }
    if (change.page === undefined) {
      const kind = change.type === "file_created" ? "created" : change.type === "file_deleted" ? "deleted" : "edited";
      entries.push({ kind: "file", key: `file:${change.file.id}`, file: change.file, change: kind });
      continue;
    }
    let entry = pages.get(change.page.id);
    if (!entry) {
      entry = {
        kind: "page",
        key: `page:${change.page.id}`,
        page: change.page,
        created: false,
        deleted: false,
        edited: false,
        moved: false,
        attributes: {},
        variables: [],
      };
      pages.set(change.page.id, entry);
      entries.push(entry);
    }
    switch (change.type) {
      case "page_created":
        entry.created = true;
        break;
      case "page_deleted":
        entry.deleted = true;
        break;
      case "page_edited": {
        entry.edited = true;
        const { variables, ...attributes } = change.attributes;
        entry.attributes = { ...entry.attributes, ...attributes };
        if (variables) entry.variables = byName(variableChanges(variables.before, variables.after));
        break;
      }
      case "page_moved":
        entry.moved = true;
        entry.parent = change.parent;
        break;
    }
  }
  return entries;
}

export function entryLabel(entry: ChangeEntry): string {
  if (entry.kind === "variables") return "Edited";
  if (entry.kind === "file") return { created: "Added", edited: "Changed", deleted: "Deleted" }[entry.change];
  if (entry.created) return "Created";
  if (entry.deleted) return "Deleted";
  if (entry.edited && entry.moved) return "Edited and moved";
  return entry.moved ? "Moved" : "Edited";
}
