import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/root";

type Outputs = inferRouterOutputs<AppRouter>;
export type ChangeItem = Outputs["changeRequests"]["changes"]["changes"][number];
export type ChangeRequest = Outputs["changeRequests"]["get"];

type PageRef = { id: string; title: string; path?: string };
type FileRef = { id: string; name: string; contentType: string; downloadURL: string };
type Attribute = { before?: string; after?: string };

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
  parent?: { before?: PageRef; after?: PageRef };
};

export type FileEntry = { kind: "file"; key: string; file: FileRef; change: "created" | "edited" | "deleted" };

export type ChangeEntry = PageEntry | FileEntry;

/** The server's changes (one per kind) as one entry per page or file, in the server's order. */
export function changeEntries(changes: ChangeItem[]): ChangeEntry[] {
  const entries: ChangeEntry[] = [];
  const pages = new Map<string, PageEntry>();
  for (const change of changes) {
    if (change.page === undefined) {
      const kind = change.type === "file_created" ? "created" : change.type === "file_deleted" ? "deleted" : "edited";
      entries.push({ kind: "file", key: `file:${change.file.id}`, file: change.file, change: kind });
      continue;
    }
    let entry = pages.get(change.page.id);
    if (!entry) {
      entry = { kind: "page", key: `page:${change.page.id}`, page: change.page, created: false, deleted: false, edited: false, moved: false, attributes: {} };
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
      case "page_edited":
        entry.edited = true;
        entry.attributes = { ...entry.attributes, ...change.attributes };
        break;
      case "page_moved":
        entry.moved = true;
        entry.parent = change.parent;
        break;
    }
  }
  return entries;
}

export function entryLabel(entry: ChangeEntry): string {
  if (entry.kind === "file") return { created: "Added", edited: "Changed", deleted: "Deleted" }[entry.change];
  if (entry.created) return "Created";
  if (entry.deleted) return "Deleted";
  if (entry.edited && entry.moved) return "Edited and moved";
  return entry.moved ? "Moved" : "Edited";
}
