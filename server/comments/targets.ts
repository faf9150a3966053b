import type { JSONDocument } from "@gitbook/api";
import { documentBlocks, keysForRead } from "../content/format/block-keys";
import { plainText } from "../content/format/document-text";
import { pageKey, type PageVersion } from "../content/revisions";
import { ObjectStore } from "../content/store/object-store";
import { trieGet } from "../content/store/trie";
import type { Db } from "../db/client";
import type { Comment } from "../db/generated/client";
import { fieldError } from "../errors";
import { markdownPool, READ_BUDGET_MS, WRITE_BUDGET_MS } from "../markdown/markdown-pool";
import type { CommentBase } from "./base";

/**
 * What a comment points at in a space's content: a page (by id, with the hash of the version it
 * was posted on) and optionally one of its blocks, by the block's stable key (issue 6's keys, carried
 * across edits, updates from main and merges by `commitRevision`). Reads resolve those against the
 * base's revision now: `page.outdated` when the page's version differs from the one commented on,
 * `node.deleted` when no block of the page has the key any more, `page.deleted` when the page is gone.
 */

/** A block's preview is its plain text, at most this long. */
export const PREVIEW_LENGTH = 200;

type Version = { hash: string; version: PageVersion };

/** Page versions of one space's revisions, read through one store (cached per revision and page). */
export class PageLookup {
  private readonly store: ObjectStore;
  private readonly roots = new Map<string, string>();
  private readonly versions = new Map<string, Promise<Version | null>>();

  constructor(
    private readonly tx: Db,
    spaceId: string,
  ) {
    this.store = new ObjectStore(tx, spaceId);
  }

  private async root(revisionId: string): Promise<string | null> {
    if (!this.roots.has(revisionId)) {
      const revision = await this.tx.revision.findUnique({ where: { id: revisionId }, select: { root: true } });
      if (!revision) return null;
      this.roots.set(revisionId, revision.root);
    }
    return this.roots.get(revisionId)!;
  }

  /** A page's version in a revision, or null when the revision does not hold it. */
  version(revisionId: string, pageId: string): Promise<Version | null> {
    const key = `${revisionId}/${pageId}`;
    if (!this.versions.has(key)) {
      this.versions.set(
        key,
        (async () => {
          const root = await this.root(revisionId);
          const hash = root ? await trieGet(this.store, root, pageKey(pageId)) : undefined;
          return hash ? { hash, version: await this.store.getObject<PageVersion>(hash) } : null;
        })(),
      );
    }
    return this.versions.get(key)!;
  }

  markdown(version: PageVersion): Promise<string> {
    return this.store.getBodies([version.body]).then((bodies) => bodies.get(version.body)!);
  }

  /** Ancestors' slugs and the page's own; a missing or looping ancestry ends the path where it breaks. */
  async path(revisionId: string, version: PageVersion): Promise<string> {
    const slugs = [version.slug];
    const seen = new Set([version.id]);
    for (let parentId = version.parentId; parentId !== null && !seen.has(parentId) && seen.size < 64; ) {
      seen.add(parentId);
      const parent = await this.version(revisionId, parentId);
      if (!parent) break;
      slugs.push(parent.version.slug);
      parentId = parent.version.parentId;
    }
    return slugs.reverse().join("/");
  }

  /** The block keys of a version: stored, or derived for a version written before keys. */
  async blockKeys(version: PageVersion): Promise<Set<string>> {
    if (version.blockKeys) return new Set(version.blockKeys);
    const [outcome] = await markdownPool().map("blockCount", [await this.markdown(version)], READ_BUDGET_MS);
    return new Set(outcome!.ok ? keysForRead(version.id, undefined, outcome!.value) : []);
  }
}

/** The target a new comment is stored with: the page's version hash, the block's key and preview. */
export type StoredTarget = { targetPageId: string | null; targetPageHash: string | null; targetBlockKey: string | null; targetPreview: string | null };

/** Checks a new comment's page and block against the base's revision; 400 naming what is not there. */
export async function resolveNewTarget(tx: Db, base: CommentBase, input: { page?: string; node?: string; tableCell?: unknown }): Promise<StoredTarget> {
  if (input.page === undefined) {
    if (input.node !== undefined) throw fieldError("node", "A comment on a block needs its page (`page`)");
    if (input.tableCell !== undefined) throw fieldError("tableCell", "A comment on a table cell needs its page (`page`)");
    return { targetPageId: null, targetPageHash: null, targetBlockKey: null, targetPreview: null };
  }
  const lookup = new PageLookup(tx, base.space.id);
  const found = await lookup.version(base.revisionId, input.page);
  if (!found) throw fieldError("page", `No page ${input.page} in ${base.changeRequest ? `change request ${base.changeRequest.number}` : "the space's content"}`);
  let preview: string | null = null;
  if (input.node !== undefined) {
    const markdown = await lookup.markdown(found.version);
    const [outcome] = await markdownPool().map("keyedDocument", [{ markdown, pageId: input.page, blockKeys: found.version.blockKeys }], WRITE_BUDGET_MS);
    const block = outcome!.ok ? findBlock(outcome!.value, input.node) : undefined;
    if (!block) throw fieldError("node", `No block ${input.node} in page ${input.page}`);
    preview = blockText(block);
  }
  return { targetPageId: input.page, targetPageHash: found.hash, targetBlockKey: input.node ?? null, targetPreview: preview };
}

type Node = { object?: string; key?: string; nodes?: Node[]; leaves?: { text: string }[] };

function findBlock(document: JSONDocument, key: string): Node | undefined {
  return (documentBlocks(document) as Node[]).find((block) => block.key === key);
}

/** A block's plain text (blocks within it joined by spaces, whitespace collapsed), cut to PREVIEW_LENGTH. */
export function blockText(block: Node): string {
  const parts: string[] = [];
  let length = 0;
  const visit = (nodes: readonly Node[]) => {
    for (const node of nodes) {
      if (length > PREVIEW_LENGTH) return;
      if (node.object === "block") visit(node.nodes ?? []);
      else {
        const text = plainText([node]);
        parts.push(text);
        length += text.length;
      }
      if (node.object === "block") parts.push(" ");
    }
  };
  visit(block.nodes ?? []);
  const text = parts.join("").replace(/\s+/g, " ").trim();
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…` : text;
}

/** A comment's `target.page` and `target.node` as read now, and the revision they are found in. */
export type ResolvedTarget = {
  revision: string;
  page?: { id: string; title?: string; emoji?: string; icon?: string; createdAt?: string; updatedAt?: string; path?: string; outdated: boolean; deleted?: true };
  node?: { id: string; preview: string; deleted?: true };
};

type TargetRow = Pick<Comment, "id" | "revisionId" | "targetPageId" | "targetPageHash" | "targetBlockKey" | "targetPreview">;

/**
 * The targets of comments of one base, resolved in its revision now: each page and its block keys
 * read once however many comments point at it. A page gone from the revision is described from
 * the revision the comment was posted in.
 */
export async function resolveTargets(tx: Db, base: CommentBase, comments: TargetRow[]): Promise<Map<string, ResolvedTarget>> {
  const lookup = new PageLookup(tx, base.space.id);
  const keysOf = new Map<string, Promise<Set<string>>>();
  const resolved = await Promise.all(
    comments.map(async (comment): Promise<[string, ResolvedTarget]> => {
      if (!comment.targetPageId) return [comment.id, { revision: base.revisionId }];
      const pageId = comment.targetPageId;
      const now = await lookup.version(base.revisionId, pageId);
      const then = now ?? (await lookup.version(comment.revisionId, pageId));
      const revision = now ? base.revisionId : comment.revisionId;
      const shown = then?.version;
      const page: ResolvedTarget["page"] = {
        id: pageId,
        ...(shown
          ? {
              title: shown.title,
              ...(shown.emoji ? { emoji: shown.emoji } : {}),
              ...(shown.icon ? { icon: shown.icon } : {}),
              createdAt: shown.createdAt,
              updatedAt: shown.updatedAt,
              path: await lookup.path(revision, shown),
            }
          : {}),
        outdated: now?.hash !== comment.targetPageHash,
        ...(now ? {} : { deleted: true as const }),
      };
      if (!comment.targetBlockKey) return [comment.id, { revision, page }];
      let present = false;
      if (now) {
        if (!keysOf.has(pageId)) keysOf.set(pageId, lookup.blockKeys(now.version));
        present = (await keysOf.get(pageId)!).has(comment.targetBlockKey);
      }
      return [comment.id, { revision, page, node: { id: comment.targetBlockKey, preview: comment.targetPreview ?? "", ...(present ? {} : { deleted: true as const }) } }];
    }),
  );
  return new Map(resolved);
}
