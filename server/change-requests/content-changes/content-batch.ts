import { z } from "zod";
import { markdownLimitProblem } from "../../content/format/markdown-limits";
import type { RecordedLink } from "../../content/format/link-targets";
import { parseLinkTarget } from "../../content/format/link-targets";
import { applyLayout, coverFiles, coverSchema, type PageCover } from "../../content/page-display";
import { readFile, readPage, readPages, type Page } from "../../content/revisions";
import { MAX_VARIABLES, spaceVariablesOf, withVariables, type Variables } from "../../content/variables";
import { ObjectStore } from "../../content/store/object-store";
import type { Db } from "../../db/client";
import type { Revision } from "../../db/generated/client";
import { type AppError, fieldError, sentence } from "../../errors";
import { newId } from "../../ids";
import { markdownLimitError, markdownPool, WRITE_BUDGET_MS } from "../../markdown/markdown-pool";
import type { Limit } from "../../workers/worker-protocol";
import { adaptiveSchemaOf, assertValidCondition } from "../../sites/conditions/assert";
import type { AdaptiveSchema } from "../../sites/conditions/types";
import { emojiSchema } from "../../spaces/schemas";
import { MAX_CONDITION_LENGTH } from "../../sites/conditions/types";
import {
  changePath,
  iconNameSchema,
  PAGE_TITLE_MAX,
  type DocumentInput,
  type ContentChange,
  type DeletePageChange,
  type InsertFilesChange,
  type InsertPageChange,
  type PageFieldChanges,
  type RevertPageChange,
  type UpdatePageChange,
  type UpdateVariablesChange,
} from "../schemas-content";
import { fileSlot, type FileOutcome, type LoadedFile } from "./file-sources";
import { LinkResolver, type Link } from "./link-resolver";
import { replaceDestinations, type LinkDestination } from "./markdown-links";
import { readMarkdownMeta, type MarkdownMeta } from "./markdown-meta";
import { sortKeyAt } from "./ordering";
import { PageDraft, type PageNode } from "./page-draft";
import { slugify, uniqueSlug } from "./slugs";

export const DEFAULT_PAGE_TITLE = "Untitled";

type RevisionRef = { id: string; spaceId: string; root: string };
type RevisionWithVariables = RevisionRef & Pick<Revision, "variables">;

export type PageOutcome = { kind: "created" | "updated" | "deleted"; pageId: string; ref?: string };

/**
 * What to commit; `links` are the targets of the markdown the batch gave, by that markdown;
 * `variables` is the space's new map, absent when the batch left it alone.
 */
export type BatchResult = {
  put: Page[];
  remove: string[];
  files: LoadedFile[];
  outcomes: PageOutcome[];
  links: Map<string, RecordedLink[]>;
  /** The JSON documents the batch gave (as JSON), by page: their nodes' keys are the pages' block keys. */
  keyedDocuments: Map<string, string>;
  variables?: Variables;
};

const bad = (index: number, field: string, message: string) => fieldError(changePath(index, [field]), sentence(message));

/**
 * Applies a batch of content changes, in order, to a change request's pages held in a PageDraft.
 * Nothing is written: every change is checked as it is applied, the first invalid one throws a
 * 400 naming it, and `finish` hands what to commit to the caller. The whole page tree is only
 * read when a change needs it (siblings, descendants, slug paths).
 */
export class ContentBatch {
  private readonly draft: PageDraft;
  private readonly now = new Date().toISOString();
  /** Pages whose markdown this batch gave, whose links are resolved once the batch is applied, with the change that last gave it. */
  private readonly documents = new Map<string, number>();
  /** Pages whose body the batch gave as a JSON document (the last one given), by page. */
  private readonly keyedDocuments = new Map<string, string>();
  private readonly files: LoadedFile[] = [];
  /** Pages the batch touched, in the order first touched, with the ref of those it inserted. */
  private readonly touched = new Map<string, { ref?: string }>();
  private readonly insertIds = new Map<number, string>();
  private readonly resolver: LinkResolver;
  private spaceVariables: Variables | undefined;
  private schemas: Promise<AdaptiveSchema[] | null> | undefined;

  constructor(
    private readonly tx: Db,
    private readonly revision: RevisionWithVariables,
    private readonly options: { changes: ContentChange[]; baseRevision: RevisionRef; fileOutcomes: Map<string, FileOutcome> },
  ) {
    this.draft = new PageDraft(tx, revision);
    // Refs resolve whatever the order of the changes: ids are given to inserted pages and files up front.
    const pageRefs = new Map<string, string>();
    const fileRefs = new Map<string, string>();
    const refOwners = new Map<string, string>();
    const claim = (ref: string, field: string) => {
      const owner = refOwners.get(ref);
      if (owner) throw fieldError(`${field}.ref`, `"${ref}" is already the ref of ${owner}`);
      refOwners.set(ref, field);
    };
    options.changes.forEach((change, index) => {
      if (change.operation === "insert_page") {
        const id = newId();
        this.insertIds.set(index, id);
        if (change.ref) {
          claim(change.ref, changePath(index));
          pageRefs.set(change.ref, id);
        }
      } else if (change.operation === "insert_files") {
        change.files.forEach((file, position) => {
          const outcome = options.fileOutcomes.get(fileSlot(index, position));
          if (!file.ref) return;
          claim(file.ref, changePath(index, ["files", position]));
          if (outcome?.ok) fileRefs.set(file.ref, outcome.file.version.id);
        });
      }
    });
    this.resolver = new LinkResolver(this.draft, { pages: pageRefs, files: fileRefs });
  }

  async apply(index: number, change: ContentChange): Promise<void> {
    switch (change.operation) {
      case "insert_page":
        return this.insertPage(index, change);
      case "update_page":
        return this.updatePage(index, change);
      case "delete_page":
        return this.deletePage(index, change);
      case "revert_page":
        return this.revertPage(index, change);
      case "insert_files":
        return this.insertFiles(index, change);
      case "update_variables":
        return this.updateVariables(index, change);
    }
  }

  private async insertPage(index: number, change: InsertPageChange): Promise<void> {
    const id = this.insertIds.get(index)!;
    const parentId = change.into ?? null;
    if (parentId && !(await this.draft.node(parentId))) throw bad(index, "into", `no page ${parentId} in the change request`);
    // Front matter and a leading heading take precedence over the fields, as with Git Sync.
    const meta = await this.readBody(index, id, change.document, true);
    const title = meta.title ?? change.title ?? DEFAULT_PAGE_TITLE;
    const emoji = meta.emoji ?? change.emoji;
    const description = meta.description ?? change.description;
    await this.draft.loadTree();
    const siblings = this.draft.childrenOf(parentId);
    const slug = this.slugFor(index, change.slug, title, siblings);
    this.draft.put({
      id,
      title,
      slug,
      parentId,
      sortKey: await this.place(siblings, change.at),
      markdown: meta.markdown,
      createdAt: this.now,
      updatedAt: this.now,
      ...(emoji ? { emoji } : {}),
      ...(description ? { description } : {}),
      ...(await this.displayFields(index, withFrontMatter(change, meta))),
    });
    this.documents.set(id, index);
    this.touch(id, change.ref);
  }

  private async updatePage(index: number, change: UpdatePageChange): Promise<void> {
    const page = await this.draft.node(change.page);
    if (!page) throw bad(index, "page", `no page ${change.page} in the change request`);
    let { title, slug, sortKey } = page;
    let emoji = change.emoji ?? page.emoji;
    let description = change.description ?? page.description;
    if (change.title !== undefined) title = change.title;
    let markdown: string;
    let fields: PageFieldChanges = change;
    if (change.document) {
      // A JSON document is written against the body it replaces: blocks it left unchanged keep their markdown.
      const base = "document" in change.document ? (await this.draft.page(page.id))?.markdown : undefined;
      const meta = await this.readBody(index, page.id, change.document, false, base);
      markdown = meta.markdown;
      title = meta.title ?? title;
      emoji = meta.emoji ?? emoji;
      description = meta.description ?? description;
      fields = withFrontMatter(change, meta);
      this.documents.set(page.id, index);
    } else {
      // The body is only read when it is kept: a new document replaces it unread.
      markdown = (await this.draft.page(page.id))!.markdown;
    }
    const parentId = change.into !== undefined ? change.into : page.parentId;
    const moving = parentId !== page.parentId || change.at !== undefined;
    if (parentId !== page.parentId && parentId !== null) {
      const lineage = await this.draft.lineage(parentId);
      if (lineage.length === 0) throw bad(index, "into", `no page ${parentId} in the change request`);
      if (lineage.some((node) => node.id === page.id)) throw bad(index, "into", "a page cannot move into itself or its descendants");
    }
    if (moving || (change.slug !== undefined && change.slug !== page.slug)) {
      await this.draft.loadTree();
      const siblings = this.draft.childrenOf(parentId).filter((sibling) => sibling.id !== page.id);
      if (change.slug !== undefined) {
        slug = this.slugFor(index, change.slug, title, siblings);
      } else if (parentId !== page.parentId) {
        const clash = siblings.find((sibling) => sibling.slug === slug);
        if (clash) throw bad(index, "into", `the page's slug "${slug}" is already used by page ${clash.id} there; give it another slug`);
      }
      // Moving elsewhere without `at` appends; staying without `at` keeps the position.
      if (parentId !== page.parentId || change.at !== undefined) sortKey = await this.place(siblings, change.at);
    }
    // Fields this code does not know are kept; the old body's hash and markdown are not, nor its
    // block keys when the body is new (the commit carries them to the new body).
    const {
      emoji: _emoji,
      description: _description,
      icon: _icon,
      hidden: _hidden,
      noIndex: _noIndex,
      noRobotsIndex: _noRobotsIndex,
      layout: _layout,
      cover: _cover,
      condition: _condition,
      body: _body,
      markdown: _markdown,
      blockKeys,
      ...rest
    } = page as PageNode & { body?: string; markdown?: string };
    this.draft.put({
      ...rest,
      markdown,
      ...(blockKeys && !change.document ? { blockKeys } : {}),
      title,
      slug,
      parentId,
      sortKey,
      updatedAt: this.now,
      ...(emoji ? { emoji } : {}),
      ...(description ? { description } : {}),
      ...(await this.displayFields(index, fields, page)),
    });
    this.touch(page.id);
  }

  private async deletePage(index: number, change: DeletePageChange): Promise<void> {
    if (!(await this.draft.node(change.page))) throw bad(index, "page", `no page ${change.page} in the change request`);
    await this.removeSubtree(change.page);
  }

  /** Puts a page back as it is in a revision (the change request's base by default): restored, reset or removed. */
  private async revertPage(index: number, change: RevertPageChange): Promise<void> {
    const target = change.revision
      ? await this.tx.revision.findFirst({ where: { id: change.revision, spaceId: this.options.baseRevision.spaceId } })
      : this.options.baseRevision;
    if (!target) throw bad(index, "revision", `no revision ${change.revision} in the space`);
    const before = await readPage(this.tx, target, change.page);
    const current = await this.draft.node(change.page);
    if (!before && !current) throw bad(index, "page", `no page ${change.page} in the change request or in revision ${target.id}`);
    if (!before) return this.removeSubtree(change.page);
    if (before.parentId) {
      const lineage = await this.draft.lineage(before.parentId);
      if (lineage.length === 0) throw bad(index, "page", `its parent page ${before.parentId} is not in the change request; revert the parent first`);
      if (lineage.some((node) => node.id === before.id)) throw bad(index, "page", `reverting would move it under its own descendant ${before.parentId}`);
    }
    if (!current || current.parentId !== before.parentId || current.slug !== before.slug) {
      await this.draft.loadTree();
      const clash = this.draft.childrenOf(before.parentId).find((sibling) => sibling.id !== before.id && sibling.slug === before.slug);
      if (clash) throw bad(index, "page", `its slug "${before.slug}" is now used by page ${clash.id}`);
    }
    // The version itself, so that a page reverted to the base shows no change at all.
    this.draft.put(before);
    this.touch(before.id);
    if (!current) await this.restoreDescendants(target, before.id);
  }

  private insertFiles(index: number, change: InsertFilesChange): void {
    change.files.forEach((_file, position) => {
      const outcome = this.options.fileOutcomes.get(fileSlot(index, position));
      if (!outcome) throw new Error(`File ${fileSlot(index, position)} was not loaded`);
      if (!outcome.ok) throw fieldError(outcome.field, outcome.message);
      this.files.push(outcome.file);
    });
  }

  private async updateVariables(index: number, change: UpdateVariablesChange): Promise<void> {
    const tooMany = (variables: Variables) => {
      if (Object.keys(variables).length > MAX_VARIABLES) throw bad(index, "variables", `at most ${MAX_VARIABLES} variables per ${change.page ? "page" : "space"}`);
      return variables;
    };
    if (!change.page) {
      this.spaceVariables = tooMany(withVariables(this.spaceVariables ?? spaceVariablesOf(this.revision), change.variables));
      return;
    }
    const page = await this.draft.page(change.page);
    if (!page) throw bad(index, "page", `no page ${change.page} in the change request`);
    const { variables: _previous, ...rest } = page;
    const variables = tooMany(withVariables(page.variables ?? {}, change.variables));
    // A page without variables stores none, as pages never given any.
    this.draft.put({ ...rest, updatedAt: this.now, ...(Object.keys(variables).length > 0 ? { variables } : {}) });
    this.touch(page.id);
  }

  /** Resolves the links of the documents the batch gave, then answers what to commit. */
  async finish(): Promise<BatchResult> {
    await this.resolveLinks();
    const links = await this.recordLinks();
    const { put, remove } = await this.draft.changes();
    const outcomes: PageOutcome[] = [];
    for (const [pageId, { ref }] of this.touched) {
      const existed = await this.draft.inRevision(pageId);
      const exists = (await this.draft.node(pageId)) !== null;
      if (!existed && exists) outcomes.push({ kind: "created", pageId, ...(ref ? { ref } : {}) });
      else if (existed) outcomes.push({ kind: exists ? "updated" : "deleted", pageId });
    }
    const keyedDocuments = new Map([...this.keyedDocuments].filter(([pageId]) => put.some((page) => page.id === pageId)));
    return { put, remove, files: this.files, outcomes, links, keyedDocuments, ...(this.spaceVariables ? { variables: this.spaceVariables } : {}) };
  }

  /**
   * Rewrites the documents' links to pages and files by id. Their destinations are found in the
   * markdown pool; a document past the write budget fails its change.
   */
  private async resolveLinks(): Promise<void> {
    const pages = await this.draft.pages([...this.documents.keys()]);
    const parsed = await markdownPool().mapOrFail("linkDestinations", pages.map((page) => page.markdown), WRITE_BUDGET_MS);
    if (!parsed.ok) throw this.documentError(pages[parsed.index]!.id, parsed.limit);
    // Many links: one read of every page's metadata answers them all, where each would read its own trie path.
    if (parsed.values.reduce((count, destinations) => count + destinations.length, 0) > TREE_READ_ABOVE) await this.draft.loadTree();
    const found: { page: Page; destinations: LinkDestination[]; links: Link[] }[] = [];
    for (const [index, page] of pages.entries()) {
      const destinations = parsed.values[index]!;
      found.push({ page, destinations, links: await inSlices(destinations, (destination) => this.resolver.classify(destination.url)) });
    }
    if (found.some(({ links }) => links.some((link) => this.resolver.needsTree(link)))) await this.draft.loadTree();
    for (const { page, destinations, links } of found) {
      const replacements = await inSlices(destinations, (destination, position) => {
        if (destination.kind === "image" && links[position]!.kind === "path") return null;
        const url = this.resolver.resolve(links[position]!, page.id);
        return url && url !== destination.url ? { start: destination.start, end: destination.end, url } : null;
      });
      const replaced = replacements.filter((replacement) => replacement !== null);
      if (replaced.length > 0) this.draft.put({ ...page, markdown: replaceDestinations(page.markdown, replaced) });
    }
  }

  /**
   * The targets of each document's final markdown, parsed here so that one past the write budget
   * fails its change (the commit takes them rather than parse the same markdown again).
   */
  private async recordLinks(): Promise<Map<string, RecordedLink[]>> {
    const pages = await this.draft.pages([...this.documents.keys()]);
    const parsed = await markdownPool().mapOrFail("recordedLinks", pages.map((page) => page.markdown), WRITE_BUDGET_MS);
    if (!parsed.ok) throw this.documentError(pages[parsed.index]!.id, parsed.limit);
    return new Map(pages.map((page, index) => [page.markdown, parsed.values[index]!]));
  }

  /** The 400 for the markdown of `pageId` past a limit, naming the change that gave it. */
  private documentError(pageId: string, limit: Limit): AppError {
    const field = this.keyedDocuments.has(pageId) ? "document" : "markdown";
    return markdownLimitError(changePath(this.documents.get(pageId)!, ["document", field]), limit, WRITE_BUDGET_MS);
  }

  private async removeSubtree(pageId: string): Promise<void> {
    await this.draft.loadTree();
    for (const id of [pageId, ...this.draft.descendantsOf(pageId)]) {
      this.draft.remove(id);
      this.touch(id);
    }
  }

  /** A restored page's descendants in `revision` that the change request no longer has come back with it. */
  private async restoreDescendants(revision: RevisionRef, pageId: string): Promise<void> {
    const versions = await readPages(this.tx, revision);
    const children = new Map<string, typeof versions>();
    for (const version of versions) {
      if (version.parentId) children.set(version.parentId, [...(children.get(version.parentId) ?? []), version]);
    }
    const restored: typeof versions = [];
    const walk = async (parentId: string) => {
      for (const child of children.get(parentId) ?? []) {
        if (await this.draft.node(child.id)) continue;
        restored.push(child);
        await walk(child.id);
      }
    };
    await walk(pageId);
    const bodies = await new ObjectStore(this.tx, revision.spaceId).getBodies(restored.map((version) => version.body));
    for (const { body, ...node } of restored) {
      this.draft.put({ ...node, markdown: bodies.get(body)! });
      this.touch(node.id);
    }
  }

  /**
   * Icon, visibility, layout and cover after a change to `current` (none for a new page), with
   * only the values that are not the default: a page keeps no field it does not need.
   */
  private async displayFields(index: number, change: PageFieldChanges, current?: PageNode): Promise<Partial<PageNode>> {
    const icon = change.icon ?? current?.icon;
    const layout = change.layout !== undefined ? applyLayout(current?.layout, change.layout) : current?.layout;
    const cover = change.cover !== undefined ? (change.cover ?? undefined) : current?.cover;
    if (change.cover) {
      for (const fileId of coverFiles(change.cover)) {
        const inBatch = [...this.options.fileOutcomes.values()].some((outcome) => outcome.ok && outcome.file.version.id === fileId);
        if (!inBatch && !(await readFile(this.tx, this.revision, fileId))) throw bad(index, "cover", `no file ${fileId} in the change request`);
      }
    }
    if (change.condition) assertValidCondition(change.condition, await this.visitorSchemas(), changePath(index, ["condition"]));
    const condition = change.condition !== undefined ? change.condition || undefined : current?.condition;
    const flag = (value: boolean | undefined, kept: true | undefined) => ((value ?? kept) ? (true as const) : undefined);
    const fields: Partial<PageNode> = {
      icon: icon || undefined,
      hidden: flag(change.hidden, current?.hidden),
      noIndex: flag(change.noIndex, current?.noIndex),
      noRobotsIndex: flag(change.noRobotsIndex, current?.noRobotsIndex),
      layout,
      cover,
      condition,
    };
    return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  }

  /**
   * What a page condition's claims are checked against: the visitor schemas of the sites the space
   * is in (a page shows in each of them, so a claim any of them declares may be read), or only the
   * syntax when the space is in no site or none of its sites has a schema yet. Read once per batch.
   */
  private visitorSchemas(): Promise<AdaptiveSchema[] | null> {
    this.schemas ??= this.tx.siteSpace
      .findMany({ where: { spaceId: this.revision.spaceId }, select: { site: { select: { adaptiveSchema: true } } }, distinct: ["siteId"] })
      .then((rows) => {
        const schemas = rows.flatMap((row) => adaptiveSchemaOf(row.site) ?? []);
        return schemas.length > 0 ? schemas : null;
      });
    return this.schemas;
  }

  /** An explicit slug must be free among the siblings; an absent (or empty) one is derived from the title. */
  private slugFor(index: number, wanted: string | undefined, title: string, siblings: PageNode[]): string {
    if (wanted) {
      const clash = siblings.find((sibling) => sibling.slug === wanted);
      if (clash) throw bad(index, "slug", `"${wanted}" is already used by page ${clash.id} (${clash.title})`);
      return wanted;
    }
    return uniqueSlug(slugify(title), new Set(siblings.map((sibling) => sibling.slug)));
  }

  /** The sortKey for position `at` among `siblings`, renumbering them when their keys leave no room. */
  private async place(siblings: PageNode[], at: number | undefined): Promise<number> {
    const { sortKey, renumber } = sortKeyAt(siblings, at);
    if (renumber) {
      for (const page of await this.draft.pages([...renumber.keys()])) this.draft.put({ ...page, sortKey: renumber.get(page.id)! });
    }
    return sortKey;
  }

  /**
   * The markdown of a change's document, with the title, emoji and description its markdown sets.
   * A JSON document is converted in the markdown pool (against `base`, the body it replaces) and
   * sets none: its blocks are all content (a leading heading stays a heading), and its keys are
   * kept for the commit to carry.
   */
  private async readBody(index: number, pageId: string, document: DocumentInput, headingAsTitle: boolean, base?: string): Promise<MarkdownMeta> {
    if ("markdown" in document) {
      this.keyedDocuments.delete(pageId);
      return this.readMeta(index, document.markdown, headingAsTitle);
    }
    const json = JSON.stringify(document.document);
    const converted = await markdownPool().mapOrFail("documentMarkdown", [{ json, ...(base === undefined ? {} : { base }) }], WRITE_BUDGET_MS);
    if (!converted.ok) throw markdownLimitError(changePath(index, ["document", "document"]), converted.limit, WRITE_BUDGET_MS);
    const result = converted.values[0]!;
    if ("error" in result) throw bad(index, "document", result.error);
    const problem = markdownLimitProblem(result.markdown);
    if (problem) throw bad(index, "document", `as markdown, ${problem}`);
    this.keyedDocuments.set(pageId, json);
    return { markdown: result.markdown };
  }

  private readMeta(index: number, markdown: string, headingAsTitle: boolean): MarkdownMeta {
    const meta = readMarkdownMeta(markdown, { headingAsTitle, titleMax: PAGE_TITLE_MAX });
    const { title, emoji, description, icon, condition, cover } = meta;
    const checked = frontMatterSchema.safeParse({ title, emoji, description, icon, condition, cover: cover && coverOf(cover) });
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      throw bad(index, "document", `front matter ${issue.path.join(".")}: ${issue.message}`);
    }
    return meta;
  }

  private touch(pageId: string, ref?: string): void {
    if (!this.touched.has(pageId)) this.touched.set(pageId, ref ? { ref } : {});
  }
}

/** Links in a batch past which the page tree is read at once rather than a trie path per link. */
const TREE_READ_ABOVE = 100;
/** Links handled between two turns of the event loop: a page of thousands of links never holds it for long. */
const LINKS_PER_TURN = 500;

/** `each` on every item in order, one at a time, giving the event loop a turn every LINKS_PER_TURN items. */
async function inSlices<T, R>(items: readonly T[], each: (item: T, index: number) => R | Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const [index, item] of items.entries()) {
    if (index > 0 && index % LINKS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    results.push(await each(item, index));
  }
  return results;
}

const frontMatterSchema = z.object({
  title: z.string().max(PAGE_TITLE_MAX).optional(),
  emoji: z.union([z.literal(""), emojiSchema]).optional(),
  description: z.string().max(1000).optional(),
  icon: iconNameSchema.optional(),
  condition: z.string().max(MAX_CONDITION_LENGTH).optional(),
  cover: coverSchema.optional(),
});

/**
 * A front matter cover as a page's: a web address or a file of the space (`/files/<id>`). A path
 * to an asset (`.gitbook/assets/…`, as a Git Sync export writes it) is left for Git Sync to resolve.
 */
function coverOf(cover: NonNullable<MarkdownMeta["cover"]>): PageCover | undefined {
  const target = parseLinkTarget(cover.src);
  const ref = target.kind === "file" ? { kind: "file" as const, file: target.file } : /^https?:\/\//.test(cover.src) ? { kind: "url" as const, url: cover.src } : undefined;
  return ref ? { ref, yPos: cover.yPos ?? 0, ...(cover.height !== undefined ? { height: cover.height } : {}) } : undefined;
}

/** The page fields a change gives, those its front matter sets taking precedence, as with Git Sync. */
function withFrontMatter(change: PageFieldChanges, meta: MarkdownMeta): PageFieldChanges {
  const cover = meta.cover && coverOf(meta.cover);
  return {
    ...change,
    ...(meta.icon !== undefined ? { icon: meta.icon } : {}),
    ...(meta.hidden !== undefined ? { hidden: meta.hidden } : {}),
    ...(meta.noIndex !== undefined ? { noIndex: meta.noIndex } : {}),
    ...(meta.noRobotsIndex !== undefined ? { noRobotsIndex: meta.noRobotsIndex } : {}),
    ...(meta.condition !== undefined ? { condition: meta.condition } : {}),
    ...(meta.layout ? { layout: meta.layout } : {}),
    ...(cover ? { cover } : {}),
  };
}
