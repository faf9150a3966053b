import type { Revision } from "../db/generated/client";
import { conflict, type AppError } from "../errors";
import {
  MAX_CONFLICT_TEXT,
  MAX_RESOLUTION_PAGES,
  MAX_RESOLUTION_TEXT,
  type BlockConflictDetail,
  type ConflictBlockText,
  type ConflictPageVersion,
  type ConflictResolution,
  type ConflictResolutionBlock,
  type ConflictResolutionPage,
  type ConflictPageRef,
  type ConflictSide,
  type FileConflict,
  type MergeConflicts,
  type PageConflictDetail,
  type PageConflicts,
} from "../content/merge/conflicts";
import { differingFields, type PageChanges, type PageConflict, type PageState } from "../content/merge/page-merge";
import { layoutOf } from "../content/page-display";
import type { BlockVersion, BodyConflict } from "../content/merge/body-merge";
import type { Variables } from "../content/variables";
import { fileKey, pageKey, type FileVersion, type PageVersion } from "../content/revisions";
import type { ObjectStore } from "../content/store/object-store";
import { trieGet } from "../content/store/trie";

/** The two descendants of a three-way merge, as `mergeRevisions` names them. */
export type MergeSide = "ours" | "theirs";

/** A conflict as the merge finds it, before it is described for clients. */
export type MergeConflict =
  | PageConflict
  | { kind: "file"; fileId: string }
  | { kind: "file-referenced"; fileId: string; deletedBy: MergeSide; pageIds: string[] }
  | { kind: "space-variables"; names: string[] };

type ConflictInput = {
  base: Revision;
  ours: Revision;
  theirs: Revision;
  type: "merge" | "update";
  pages: { base: Map<string, PageState>; ours: PageChanges; theirs: PageChanges };
  variables: { base: Variables; ours: Variables; theirs: Variables };
  conflicts: MergeConflict[];
};

/**
 * The 409 of a merge: the conflicts as data (`MergeConflicts`, in `details`) and a one-line
 * summary for people (or `message`). Runs only when there are conflicts, so it may read what
 * naming and resolving them takes: page titles and paths, file names, the pages' versions.
 */
export async function conflictError(store: ObjectStore, input: ConflictInput, message?: string): Promise<AppError> {
  // A merge takes the change request into main (ours = main), an update the other way.
  const sideName = (side: MergeSide): ConflictSide => ((side === "ours") === (input.type === "merge") ? "main" : "changeRequest");
  const bySide = <T>(ours: T, theirs: T): Record<ConflictSide, T> =>
    input.type === "merge" ? { main: ours, changeRequest: theirs } : { main: theirs, changeRequest: ours };
  const revisions = [input.ours, input.theirs, input.base];
  const pageRef = pageRefReader(store, revisions);
  const version = (side: MergeSide, pageId: string): PageState | null => {
    const change = input.pages[side].get(pageId);
    return change !== undefined ? change : (input.pages.base.get(pageId) ?? null);
  };

  const describe: Describe = { bySide, sideName, pageRef, deletedBy: (pageId) => (input.pages.ours.get(pageId) === null ? "ours" : "theirs") };

  const pages = new Map<string, { conflicts: PageConflictDetail[]; fields: Set<string> }>();
  const files: FileConflict[] = [];
  const variables: string[] = [];
  for (const item of input.conflicts) {
    if (item.kind === "file") {
      files.push({ kind: "changed-on-both-sides", id: item.fileId, name: (await fileIn(store, revisions, item.fileId)).name });
    } else if (item.kind === "file-referenced") {
      files.push({
        kind: "deleted-while-referenced",
        id: item.fileId,
        name: (await fileIn(store, revisions, item.fileId)).name,
        deletedIn: sideName(item.deletedBy),
        referencedBy: await Promise.all(item.pageIds.map(pageRef)),
      });
    } else if (item.kind === "space-variables") {
      variables.push(...item.names);
    } else {
      const page = pages.get(item.pageId) ?? { conflicts: [], fields: new Set<string>() };
      pages.set(item.pageId, page);
      const ours = version("ours", item.pageId);
      const theirs = version("theirs", item.pageId);
      const { detail, fields } = await describePageConflict(item, { ours, theirs, base: input.pages.base.get(item.pageId) }, describe);
      page.conflicts.push(detail);
      for (const field of fields) page.fields.add(field);
    }
  }
  const details: MergeConflicts = {
    pages: await Promise.all(
      [...pages].map(async ([pageId, { conflicts, fields }]): Promise<PageConflicts> => ({ ...(await pageRef(pageId)), fields: [...fields], conflicts })),
    ),
    files,
    variables,
    resolution: await resolutionData(input, { bySide, sideName, version, pageRef }),
  };
  return conflict(message ?? summary(details), details);
}

/**
 * What resolving the conflicts takes (`ConflictResolution`): the three versions of each page
 * that both sides edited, up to the size budget, and of each space variable in conflict.
 */
async function resolutionData(
  input: ConflictInput,
  { bySide, sideName, version, pageRef }: Pick<Describe, "bySide" | "sideName" | "pageRef"> & { version: (side: MergeSide, pageId: string) => PageState | null },
): Promise<ConflictResolution> {
  const pages: ConflictResolutionPage[] = [];
  let budget = MAX_RESOLUTION_TEXT;
  const contentConflicts = new Map(input.conflicts.flatMap((item) => (item.kind === "content" ? [[item.pageId, item] as const] : [])));
  const pageIds = new Set(input.conflicts.flatMap((item) => ("pageId" in item ? [item.pageId] : [])));
  for (const pageId of pageIds) {
    const [base, ours, theirs] = [input.pages.base.get(pageId), version("ours", pageId), version("theirs", pageId)];
    if (!base || !ours || !theirs || pages.length === MAX_RESOLUTION_PAGES) continue;
    const blocks = (contentConflicts.get(pageId)?.blocks ?? []).map((block) => resolutionBlock(block, { bySide, sideName }));
    const blocksSize = blocks.reduce((sum, block) => sum + [block.base, block.main, block.changeRequest].reduce((size, each) => size + (each ? each.markdown.length + JSON.stringify(each.document).length : 0), 0), 0);
    const size = base.markdown.length + ours.markdown.length + theirs.markdown.length + blocksSize;
    if (size > budget) continue;
    budget -= size;
    const sides = bySide(ours, theirs);
    pages.push({
      id: pageId,
      base: await versionOf(base, pageRef),
      main: await versionOf(sides.main, pageRef),
      changeRequest: await versionOf(sides.changeRequest, pageRef),
      blocks,
    });
  }
  const valueIn = (variables: Variables, name: string) => (Object.hasOwn(variables, name) ? variables[name] : undefined);
  const variables = input.conflicts.flatMap((item) =>
    item.kind === "space-variables"
      ? item.names.map((name) => ({ name, base: valueIn(input.variables.base, name), ...bySide(valueIn(input.variables.ours, name), valueIn(input.variables.theirs, name)) }))
      : [],
  );
  return { revisions: bySide(input.ours.id, input.theirs.id), pages, variables };
}

/** A conflicting block with its versions, named by sides as clients name them. */
function resolutionBlock(block: BodyConflict, { bySide, sideName }: Pick<Describe, "bySide" | "sideName">): ConflictResolutionBlock {
  const { versions, key, type, kind, container } = block;
  return {
    key,
    type,
    kind,
    container,
    ...(block.kind === "deleted" ? { deletedIn: sideName(block.deletedIn) } : {}),
    base: versions.base,
    ...bySide(versions.ours, versions.theirs),
  };
}

/** A page version as a person choosing between versions sees it. */
async function versionOf(page: PageState, pageRef: Describe["pageRef"]): Promise<ConflictPageVersion> {
  return {
    title: page.title,
    slug: page.slug,
    emoji: page.emoji ?? null,
    description: page.description ?? null,
    icon: page.icon ?? null,
    condition: page.condition ?? null,
    hidden: page.hidden === true,
    noIndex: page.noIndex === true,
    noRobotsIndex: page.noRobotsIndex === true,
    layout: layoutOf(page),
    cover: page.cover ?? null,
    variables: page.variables ?? {},
    parent: page.parentId === null ? null : await pageRef(page.parentId),
    sortKey: page.sortKey,
    markdown: page.markdown,
  };
}

type Describe = {
  bySide: <T>(ours: T, theirs: T) => Record<ConflictSide, T>;
  sideName: (side: MergeSide) => ConflictSide;
  pageRef: (pageId: string) => Promise<ConflictPageRef>;
  /** The side that deleted a page. */
  deletedBy: (pageId: string) => MergeSide;
};

/** One page conflict for clients, and the page's fields it is about. */
async function describePageConflict(
  item: PageConflict,
  versions: { ours: PageState | null; theirs: PageState | null; base: PageState | undefined },
  { bySide, sideName, pageRef, deletedBy }: Describe,
): Promise<{ detail: PageConflictDetail; fields: string[] }> {
  const { ours, theirs, base } = versions;
  switch (item.kind) {
    case "content": {
      const blocks = (item.blocks ?? []).map((block) => blockDetail(block, { bySide, sideName }));
      return { detail: { kind: "content", tooDifferent: item.tooDifferent === true, blocks }, fields: ["markdown"] };
    }
    case "move":
      return { detail: { kind: "move" }, fields: ["parentId", "sortKey"] };
    case "variables":
      return { detail: { kind: "variables", names: item.names ?? [] }, fields: ["variables"] };
    case "delete-edit":
      return { detail: { kind: "delete-edit", deletedIn: sideName(deletedBy(item.pageId)) }, fields: differingFields(base!, (ours ?? theirs)!) };
    case "add-add":
      return { detail: { kind: "add-add" }, fields: differingFields(ours!, theirs!) };
    case "parent-deleted": {
      const parentId = item.otherPageId!;
      return { detail: { kind: "parent-deleted", parent: await pageRef(parentId), deletedIn: sideName(deletedBy(parentId)) }, fields: ["parentId"] };
    }
    case "cycle":
      return { detail: { kind: "cycle" }, fields: ["parentId"] };
    case "duplicate-slug":
      return { detail: { kind: "duplicate-slug", slug: item.slug!, other: await pageRef(item.otherPageId!) }, fields: ["slug"] };
    case "layout":
      return { detail: { kind: item.kind, ...bySide(layoutOf(ours!), layoutOf(theirs!)) }, fields: [item.kind] };
    case "cover":
      return { detail: { kind: item.kind, ...bySide(ours!.cover ?? null, theirs!.cover ?? null) }, fields: [item.kind] };
    case "hidden":
    case "noIndex":
    case "noRobotsIndex":
      return { detail: { kind: item.kind, ...bySide(ours![item.kind] === true, theirs![item.kind] === true) }, fields: [item.kind] };
    case "title":
    case "slug":
    case "emoji":
    case "description":
    case "icon":
    case "condition":
      return { detail: { kind: item.kind, ...bySide(ours![item.kind] ?? null, theirs![item.kind] ?? null) }, fields: [item.kind] };
  }
}

/** A conflicting block for clients: its key and type, and each side's version as text cut to a size a client can show. */
function blockDetail(block: BodyConflict, { bySide, sideName }: Pick<Describe, "bySide" | "sideName">): BlockConflictDetail {
  const { key, type, container } = block;
  const sides = bySide(textOf(block.versions.ours), textOf(block.versions.theirs));
  if (block.kind === "deleted") return { kind: "deleted", key, type, container, deletedIn: sideName(block.deletedIn), ...sides };
  return { kind: "edited", key, type, container, main: sides.main!, changeRequest: sides.changeRequest! };
}

function textOf(version: BlockVersion | null): ConflictBlockText | null {
  if (!version) return null;
  const truncated = version.markdown.length > MAX_CONFLICT_TEXT;
  return { markdown: truncated ? version.markdown.slice(0, MAX_CONFLICT_TEXT) : version.markdown, truncated };
}

/**
 * A page's title and slug path, from the first of `revisions` that has it (ours, else theirs,
 * else base: a page in a conflict is on at least one side). Reads one trie path per ancestor.
 */
function pageRefReader(store: ObjectStore, revisions: Revision[]): (pageId: string) => Promise<ConflictPageRef> {
  const cache = new Map<string, Promise<ConflictPageRef>>();
  const versionIn = async (revision: Revision, pageId: string) => {
    const hash = await trieGet(store, revision.root, pageKey(pageId));
    return hash ? store.getObject<PageVersion>(hash) : null;
  };
  const read = async (pageId: string): Promise<ConflictPageRef> => {
    for (const revision of revisions) {
      const page = await versionIn(revision, pageId);
      if (!page) continue;
      const slugs = [page.slug];
      const seen = new Set([page.id]);
      for (let parentId = page.parentId; parentId !== null && !seen.has(parentId); ) {
        seen.add(parentId);
        const parent = await versionIn(revision, parentId);
        if (!parent) break;
        slugs.unshift(parent.slug);
        parentId = parent.parentId;
      }
      return { id: pageId, title: page.title, path: slugs.join("/") };
    }
    throw new Error(`Page ${pageId} of a merge conflict is in none of its revisions`);
  };
  return (pageId) => {
    if (!cache.has(pageId)) cache.set(pageId, read(pageId));
    return cache.get(pageId)!;
  };
}

/** A file of a conflict, from the first of `revisions` that has it. */
async function fileIn(store: ObjectStore, revisions: Revision[], fileId: string): Promise<FileVersion> {
  for (const revision of revisions) {
    const hash = await trieGet(store, revision.root, fileKey(fileId));
    if (hash) return store.getObject<FileVersion>(hash);
  }
  throw new Error(`File ${fileId} of a merge conflict is in none of its revisions`);
}

/** E.g. `The change request and the space's content conflict in 2 pages ("Guide", "Setup; file uploads") and 1 file ("diagram.png").` */
function summary({ pages, files, variables }: MergeConflicts): string {
  const named = (names: string[]) => (names.length <= 3 ? names.join(", ") : `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`);
  const counted = (count: number, noun: string, names: string[]) => (count === 0 ? [] : [`${count} ${noun}${count === 1 ? "" : "s"} (${named(names)})`]);
  const parts = [
    ...counted(pages.length, "page", pages.map((page) => JSON.stringify(page.title))),
    ...counted(files.length, "file", files.map((file) => JSON.stringify(file.name))),
    ...counted(variables.length, "space variable", variables),
  ];
  const listed = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
  return `The change request and the space's content conflict in ${listed}.`;
}
