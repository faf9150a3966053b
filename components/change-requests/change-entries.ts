import type { inferRouterOutputs } from "@trpc/server";
import { variableChanges, type VariableValue } from "@/server/content/variables";
import type { AppRouter } from "@/server/trpc/root";

type Outputs = inferRouterOutputs<AppRouter>;
export type ChangeItem = Outputs["changeRequests"]["changes"]["changes"][number];
export type ChangeRequest = Outputs["changeRequests"]["get"];

type PageRef = { id: string; title: string; path?: string };
type FileRef = { id: string; name: string; contentType: string; downloadURL: string };
type PageEditedChange = Extract<ChangeItem, { type: "page_edited" }>;
/** A page's changed fields as the server gives them (its variables are listed apart). */
export type PageAttributes = Omit<PageEditedChange["attributes"], "variables">;
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
  /** Changed fields (title, slug, document, layout, …), as before/after. */
  attributes: PageAttributes;
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

/** One changed field of a page, worded for the review screen. */
export type AttributeRow = { key: string; label: string; before: string; after: string };

const NONE = "(none)";
const yesNo = (value: boolean) => (value ? "Yes" : "No");
const LAYOUT_LABELS: Record<string, string> = {
  width: "Width",
  cover: "Cover",
  coverSize: "Cover size",
  coverMask: "Cover mask",
  title: "Title",
  description: "Description",
  tableOfContents: "Table of contents",
  outline: "Outline",
  pagination: "Previous and next links",
  metadata: "Page metadata",
  tags: "Tags",
  actions: "Page actions",
  anchors: "Heading anchors",
};
type CoverValue = NonNullable<PageAttributes["cover"]>["after"];
const describeCover = (cover: CoverValue) => (!cover ? NONE : cover.ref.kind === "file" ? `File ${cover.ref.file}` : cover.ref.url);

/**
 * The page's changed fields other than its text, one row each: strings as they are (emoji as
 * given, for the caller to show), flags as Yes/No, each changed layout option on its own row.
 */
export function attributeRows(attributes: PageAttributes): AttributeRow[] {
  const rows: AttributeRow[] = [];
  const text = (key: "title" | "slug" | "emoji" | "icon" | "description", label: string) => {
    const change = attributes[key];
    if (change) rows.push({ key, label, before: change.before || NONE, after: change.after || NONE });
  };
  text("title", "Title");
  text("slug", "Slug");
  text("emoji", "Emoji");
  text("icon", "Icon");
  text("description", "Description");
  const flags = { hidden: "Hidden from navigation", noIndex: "Left out of search", noRobotsIndex: "Hidden from search engines" } as const;
  for (const [key, label] of Object.entries(flags) as [keyof typeof flags, string][]) {
    const change = attributes[key];
    if (change) rows.push({ key, label, before: yesNo(change.before), after: yesNo(change.after) });
  }
  if (attributes.layout) {
    const { before, after } = attributes.layout;
    for (const option of Object.keys(LAYOUT_LABELS) as (keyof typeof before)[]) {
      if (before[option] === after[option]) continue;
      const show = (value: string | boolean) => (typeof value === "boolean" ? (value ? "Shown" : "Hidden") : value);
      rows.push({ key: `layout.${option}`, label: `Layout: ${LAYOUT_LABELS[option]}`, before: show(before[option]), after: show(after[option]) });
    }
  }
  if (attributes.cover) rows.push({ key: "cover", label: "Cover", before: describeCover(attributes.cover.before), after: describeCover(attributes.cover.after) });
  return rows;
}
