import type { Page, PageVersion } from "../../content/revisions";
import { pageKey, readPages } from "../../content/revisions";
import { ObjectStore } from "../../content/store/object-store";
import { trieGet } from "../../content/store/trie";
import type { Db } from "../../db/client";

/** A page's metadata, without its body. */
export type PageNode = Omit<PageVersion, "body">;

type RevisionRef = { id: string; spaceId: string; root: string };

const byOrder = (a: PageNode, b: PageNode) => a.sortKey - b.sortKey || (a.id < b.id ? -1 : 1);

/**
 * A change request's pages while a batch is applied: its revision's pages with the batch's
 * changes on top. Pages are read one trie path at a time (whatever the space's size) until
 * something needs the whole tree — siblings, descendants, slug paths —; then every page's
 * metadata is read once (not the bodies) into a children index that follows the changes.
 */
export class PageDraft {
  private readonly store: ObjectStore;
  private readonly fetched = new Map<string, PageVersion | null>();
  private readonly changed = new Map<string, Page | null>();
  private all: Map<string, PageVersion> | null = null;
  private children: Map<string | null, Set<string>> | null = null;
  /** Sorted children, per parent, until a change under that parent. */
  private readonly sorted = new Map<string | null, PageNode[]>();
  /** Children by slug, per parent, until a change under that parent. */
  private readonly bySlug = new Map<string | null, Map<string, PageNode>>();

  constructor(
    private readonly tx: Db,
    readonly revision: RevisionRef,
  ) {
    this.store = new ObjectStore(tx, revision.spaceId);
  }

  get treeLoaded(): boolean {
    return this.all !== null;
  }

  /** Reads every page's metadata once; from then on siblings, descendants and paths are answered from memory. */
  async loadTree(): Promise<void> {
    if (this.all) return;
    this.all = new Map((await readPages(this.tx, this.revision)).map((version) => [version.id, version]));
    this.children = new Map();
    for (const id of new Set([...this.all.keys(), ...this.changed.keys()])) {
      const node = this.nodeSync(id);
      if (node) this.childSet(node.parentId).add(id);
    }
  }

  /** A page as the batch left it so far (metadata only), or null. */
  async node(id: string): Promise<PageNode | null> {
    if (this.changed.has(id)) return this.changed.get(id)!;
    return this.version(id);
  }

  /** Same as `node`, once the tree is loaded. */
  nodeSync(id: string): PageNode | null {
    if (this.changed.has(id)) return this.changed.get(id)!;
    return this.loadedTree().get(id) ?? null;
  }

  /** A page with its markdown, or null. */
  async page(id: string): Promise<Page | null> {
    return (await this.pages([id]))[0] ?? null;
  }

  /** Pages with their markdown (the bodies read in one query); missing ones are left out. */
  async pages(ids: string[]): Promise<Page[]> {
    const versions: PageVersion[] = [];
    for (const id of ids) {
      if (this.changed.has(id)) continue;
      const version = await this.version(id);
      if (version) versions.push(version);
    }
    const bodies = await this.store.getBodies(versions.map((version) => version.body));
    const fromRevision = new Map(versions.map(({ body, ...node }) => [node.id, { ...node, markdown: bodies.get(body)! }]));
    return ids.map((id) => (this.changed.has(id) ? this.changed.get(id)! : fromRevision.get(id))).filter((page): page is Page => !!page);
  }

  /** The children of a page (null: the top level), in order; needs the tree. */
  childrenOf(parentId: string | null): PageNode[] {
    this.loadedTree();
    let children = this.sorted.get(parentId);
    if (!children) {
      children = [...(this.children!.get(parentId) ?? [])].map((id) => this.nodeSync(id)!).sort(byOrder);
      this.sorted.set(parentId, children);
    }
    return children;
  }

  /** The first child of a page (null: the top level) with `slug`, in order; needs the tree. */
  childBySlug(parentId: string | null, slug: string): PageNode | null {
    let children = this.bySlug.get(parentId);
    if (!children) {
      children = new Map();
      for (const child of this.childrenOf(parentId)) if (!children.has(child.slug)) children.set(child.slug, child);
      this.bySlug.set(parentId, children);
    }
    return children.get(slug) ?? null;
  }

  /** Whether a page has children; needs the tree. */
  hasChildren(id: string): boolean {
    this.loadedTree();
    return (this.children!.get(id)?.size ?? 0) > 0;
  }

  /** A page's descendants, depth first; needs the tree. */
  descendantsOf(id: string): string[] {
    const found: string[] = [];
    const seen = new Set([id]);
    const walk = (parentId: string) => {
      for (const child of this.childrenOf(parentId)) {
        if (seen.has(child.id)) continue;
        seen.add(child.id);
        found.push(child.id);
        walk(child.id);
      }
    };
    walk(id);
    return found;
  }

  /** A page and its ancestors up to the top, nearest first (a cycle in stored data ends the walk). */
  async lineage(id: string): Promise<PageNode[]> {
    const chain: PageNode[] = [];
    const seen = new Set<string>();
    for (let node = await this.node(id); node && !seen.has(node.id); node = node.parentId ? await this.node(node.parentId) : null) {
      seen.add(node.id);
      chain.push(node);
    }
    return chain;
  }

  put(page: Page): void {
    const previous = this.children ? this.nodeSync(page.id) : null;
    this.changed.set(page.id, page);
    if (this.children) {
      if (previous) this.detach(previous);
      this.childSet(page.parentId).add(page.id);
      this.forgetOrder(page.parentId);
    }
  }

  remove(id: string): void {
    const previous = this.children ? this.nodeSync(id) : null;
    this.changed.set(id, null);
    if (previous) this.detach(previous);
  }

  /** Whether a page is in the revision the batch started from. */
  async inRevision(id: string): Promise<boolean> {
    return (await this.version(id)) !== null;
  }

  /** What to commit: pages put, and pages of the revision removed. */
  async changes(): Promise<{ put: Page[]; remove: string[] }> {
    const put: Page[] = [];
    const remove: string[] = [];
    for (const [id, page] of this.changed) {
      if (page) put.push(page);
      else if (await this.inRevision(id)) remove.push(id);
    }
    return { put, remove };
  }

  private loadedTree(): Map<string, PageVersion> {
    if (!this.all) throw new Error("PageDraft: the page tree is needed but was not loaded");
    return this.all;
  }

  private detach(node: PageNode): void {
    this.children!.get(node.parentId)?.delete(node.id);
    this.forgetOrder(node.parentId);
  }

  private forgetOrder(parentId: string | null): void {
    this.sorted.delete(parentId);
    this.bySlug.delete(parentId);
  }

  private childSet(parentId: string | null): Set<string> {
    let set = this.children!.get(parentId);
    if (!set) this.children!.set(parentId, (set = new Set()));
    return set;
  }

  /** A page of the revision the batch started from; same trie key as server/content/revisions.ts. */
  private async version(id: string): Promise<PageVersion | null> {
    if (this.all) return this.all.get(id) ?? null;
    if (!this.fetched.has(id)) {
      const hash = await trieGet(this.store, this.revision.root, pageKey(id));
      this.fetched.set(id, hash ? await this.store.getObject<PageVersion>(hash) : null);
    }
    return this.fetched.get(id)!;
  }
}
