import type { JSONDocument } from "@gitbook/api";
import { keptInOrder, mergeOrder } from "./block-order";
import { contentJson } from "./content-json";
import { mergeBlockValue } from "./value-merge";

/**
 * The three-way merge of a page body by block: base, ours and theirs are keyed documents
 * (block-keys.ts), and blocks are matched by key wherever they are, so changes to different
 * blocks never conflict, moves and reorders included.
 *
 * The unit of the merge is a block that is not a flow container: a paragraph, a heading, a list
 * item, a code block, a table, an images block, an expandable… Flow containers (quotes, hints,
 * lists, tabs and each tab) merge their own settings (a hint's style, a list's kind) as a unit and
 * their children as lists of blocks. So an edit to a table's cell is an edit of its table, and an
 * edit to a list item's text, or to an item of a list nested in it, an edit of that item. A block
 * moved into or out of a unit (a paragraph into a list item) is deleted where it was and inserted
 * where it went.
 *
 * Per block: changed on one side, it takes that side's version; changed on both, it merges field
 * by field and its text word by word (value-merge.ts), and conflicts (`edited`) where both
 * changed the same words or the same setting. Deleted on one side and changed on the other, it
 * conflicts (`deleted`), named by the outermost block the deleting side removed with it; so does a
 * container one side deleted while the other put blocks in it. A block deleted on one side and
 * only moved on the other is deleted. Where blocks go: block-order.ts; a block both sides moved
 * to different containers goes where the change request put it.
 *
 * A person's choices settle conflicts: a side's version, both versions (two separate blocks, main's
 * first), or blocks written instead.
 */

/** The two descendants of the merge; one is the change request's, the other main's. */
export type Side = "ours" | "theirs";

export type Block = { object: "block"; type: string; key?: string; data?: unknown; nodes?: unknown[]; fragments?: unknown[] };

/** Blocks whose children are blocks of the merge in their own right. */
const FLOW_CONTAINERS: ReadonlySet<string> = new Set(["blockquote", "hint", "list-ordered", "list-unordered", "list-tasks", "tabs", "tabs-item"]);

export type BlockConflict = { key: string; kind: "edited"; container: boolean } | { key: string; kind: "deleted"; deletedIn: Side; container: boolean };

/** How a person settles a block's conflict: a side's version, both (units only), or blocks written in its place. */
export type BlockChoice = { take: Side | "both" } | { blocks: Block[] };

export type BlockMergeResult = { ok: true; document: JSONDocument } | { ok: false; conflicts: BlockConflict[] };

/** The parent of top-level blocks (keys are never empty). */
const ROOT = "";

type Entry = { block: Block; parent: string; container: boolean; content: string };
export type BlockTree = { entries: Map<string, Entry>; children: Map<string, string[]> };

/** The blocks of a keyed document by key, with their parents and the children of each container; null when a key is missing or repeated. */
export function indexDocument(document: JSONDocument): BlockTree | null {
  const entries = new Map<string, Entry>();
  const children = new Map<string, string[]>([[ROOT, []]]);
  // In pre-order (a block, then what is in it), the order conflicts are told in.
  const pending: { node: Block; parent: string }[] = [...(document.nodes as Block[])].reverse().map((node) => ({ node, parent: ROOT }));
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { node: block, parent } = item;
    if (block.object !== "block") continue;
    if (!block.key || entries.has(block.key)) return null;
    const container = FLOW_CONTAINERS.has(block.type);
    const content = container ? contentJson({ container, type: block.type, data: block.data }) : contentJson(block);
    entries.set(block.key, { block, parent, container, content });
    children.get(parent)!.push(block.key);
    if (container) {
      children.set(block.key, []);
      for (const child of [...((block.nodes ?? []) as Block[])].reverse()) pending.push({ node: child, parent: block.key });
    }
  }
  return { entries, children };
}

/** What a block of the merge becomes. */
type Outcome =
  | { kind: "kept"; block: Block; container: boolean }
  | { kind: "both"; blocks: [Block, Block] }
  | { kind: "replaced"; blocks: Block[] };

const other = (side: Side): Side => (side === "ours" ? "theirs" : "ours");

/** The merge of two keyed documents from their ancestor (changed in place where both sides replaced a block: see `pairReplacements`). */
export function mergeDocuments(
  documents: { base: JSONDocument; ours: JSONDocument; theirs: JSONDocument },
  options: { changeRequest: Side; choices?: ReadonlyMap<string, BlockChoice> },
): BlockMergeResult {
  const index = (document: JSONDocument) => {
    const tree = indexDocument(document);
    if (!tree) throw new Error("A document of the merge has blocks without keys, or a key twice");
    return tree;
  };
  const base = index(documents.base);
  const trees = { ours: index(documents.ours), theirs: index(documents.theirs) };
  if (pairReplacements(base, trees)) Object.assign(trees, { ours: index(documents.ours), theirs: index(documents.theirs) });
  return new DocumentMerge(base, trees, options.changeRequest, options.choices ?? new Map()).run(documents.ours);
}

/**
 * A block a side replaced — deleted, with a new block of its type written in its place — is taken
 * as edited by that side (the replacement gets its key) when the other side kept the block or
 * replaced it too: two rewrites of one paragraph, or a rewrite and an edit, then conflict where
 * they differ, rather than both staying or being a deletion. (A block's key changes when it is
 * rewritten past recognition through markdown; the editor keeps it.) A replacement of a block the
 * other side deleted stays a new block. Answers whether any key was given.
 */
function pairReplacements(base: BlockTree, trees: Record<Side, BlockTree>): boolean {
  const taken = { ours: new Set<string>(), theirs: new Set<string>() };
  const positions = new Map<BlockTree, Map<string, Map<string, number>>>();
  /** Where each child of `parent` is in `tree`'s list of them (computed once per list). */
  const positionsIn = (tree: BlockTree, parent: string) => {
    const byParent = positions.get(tree) ?? new Map<string, Map<string, number>>();
    positions.set(tree, byParent);
    if (!byParent.has(parent)) byParent.set(parent, new Map((tree.children.get(parent) ?? []).map((key, i) => [key, i])));
    return byParent.get(parent)!;
  };
  let paired = false;
  for (const [key, entry] of base.entries) {
    const kept = { ours: trees.ours.entries.has(key), theirs: trees.theirs.entries.has(key) };
    if (kept.ours && kept.theirs) continue;
    const siblings = base.children.get(entry.parent)!;
    const at = positionsIn(base, entry.parent).get(key)!;
    const replacement = (side: Side) => {
      const list = trees[side].children.get(entry.parent) ?? [];
      const where = positionsIn(trees[side], entry.parent);
      // Between the nearest base blocks around it that the side has in that list.
      let start = -1;
      for (let i = at - 1; i >= 0 && start < 0; i--) start = where.get(siblings[i]!) ?? -1;
      let end = list.length;
      for (let i = at + 1; i < siblings.length && end === list.length; i++) end = where.get(siblings[i]!) ?? list.length;
      for (let i = start + 1; i < end; i++) {
        const candidate = list[i]!;
        if (!base.entries.has(candidate) && !taken[side].has(candidate) && trees[side].entries.get(candidate)!.block.type === entry.block.type) return candidate;
      }
      return undefined;
    };
    const replacements = { ours: kept.ours ? undefined : replacement("ours"), theirs: kept.theirs ? undefined : replacement("theirs") };
    // Each side that lacks the block must have replaced it.
    if ((!kept.ours && replacements.ours === undefined) || (!kept.theirs && replacements.theirs === undefined)) continue;
    for (const side of ["ours", "theirs"] as const) {
      const candidate = replacements[side];
      if (candidate === undefined) continue;
      taken[side].add(candidate);
      trees[side].entries.get(candidate)!.block.key = key;
    }
    paired = true;
  }
  return paired;
}

class DocumentMerge {
  private readonly outcomes = new Map<string, Outcome>();
  private readonly conflicts = new Map<string, BlockConflict>();
  /** Blocks of base present on one side only, by the side that deleted them. */
  private readonly deletedIn = new Map<string, Side>();
  /** Of those, the ones the other side changed. */
  private readonly changedWhileDeleted = new Set<string>();
  private readonly parents = new Map<string, string>();
  private readonly main: BlockTree;
  private readonly changeRequestTree: BlockTree;
  private readonly keptByChangeRequest = new Set<string>();

  constructor(
    private readonly base: BlockTree,
    private readonly trees: Record<Side, BlockTree>,
    private readonly changeRequest: Side,
    private readonly choices: ReadonlyMap<string, BlockChoice>,
  ) {
    this.main = trees[other(changeRequest)];
    this.changeRequestTree = trees[changeRequest];
    for (const [parent, list] of this.changeRequestTree.children) {
      for (const key of keptInOrder(base.children.get(parent) ?? [], list)) this.keptByChangeRequest.add(key);
    }
  }

  run(oursDocument: JSONDocument): BlockMergeResult {
    for (const key of new Set([...this.trees.ours.entries.keys(), ...this.trees.theirs.entries.keys()])) this.mergeBlock(key);
    for (const key of this.outcomes.keys()) this.parents.set(key, this.parentOf(key));
    this.settleDeletions();
    if (this.conflicts.size > 0) return { ok: false, conflicts: this.conflictsInOrder() };
    return { ok: true, document: { ...oursDocument, nodes: this.build(ROOT, undefined) as JSONDocument["nodes"] } };
  }

  /** A block on at least one side: its outcome, or its conflict. */
  private mergeBlock(key: string): void {
    const b = this.base.entries.get(key);
    const [o, t] = [this.trees.ours.entries.get(key), this.trees.theirs.entries.get(key)];
    if (!o || !t) {
      const [present, side] = o ? [o, "ours" as const] : [t!, "theirs" as const];
      if (!b) this.outcomes.set(key, { kind: "kept", block: present.block, container: present.container });
      else {
        this.deletedIn.set(key, other(side));
        if (present.content !== b.content) this.changedWhileDeleted.add(key);
      }
      return;
    }
    const kept = (entry: Entry): Outcome => ({ kind: "kept", block: entry.block, container: entry.container });
    if (o.content === t.content || (b && t.content === b.content)) return void this.outcomes.set(key, kept(o));
    if (b && o.content === b.content) return void this.outcomes.set(key, kept(t));
    const choice = this.choices.get(key);
    const container = o.container || t.container;
    if (choice) return void this.outcomes.set(key, this.chosen(choice, key, container));
    const merged = this.mergeEdited(b, o, t);
    if (merged) return void this.outcomes.set(key, merged);
    this.conflicts.set(key, { key, kind: "edited", container });
    // Provisionally ours, so that its children are not taken for orphans.
    this.outcomes.set(key, kept(o));
  }

  /** A block both sides changed: its settings and children (a container), or its whole content (a unit), merged; null on a conflict. */
  private mergeEdited(b: Entry | undefined, o: Entry, t: Entry): Outcome | null {
    if (o.container !== t.container || (b && b.container !== o.container)) return null;
    if (o.container) {
      const settings = (entry: Entry) => ({ type: entry.block.type, data: entry.block.data });
      const merged = mergeBlockValue(b && settings(b), settings(o), settings(t));
      return merged && { kind: "kept", block: { ...o.block, ...merged }, container: true };
    }
    const merged = mergeBlockValue(b?.block, o.block, t.block);
    return merged && { kind: "kept", block: merged, container: false };
  }

  private chosen(choice: BlockChoice, key: string, container: boolean): Outcome {
    if ("blocks" in choice) return { kind: "replaced", blocks: choice.blocks };
    const mainSide = other(this.changeRequest);
    const take = choice.take === "both" ? (container ? this.changeRequest : "both") : choice.take;
    if (take !== "both") {
      const entry = this.trees[take].entries.get(key)!;
      return { kind: "kept", block: entry.block, container: entry.container };
    }
    // Two separate blocks, main's first; the copy loses its keys (one key, one block), to be given new ones.
    return { kind: "both", blocks: [this.trees[mainSide].entries.get(key)!.block, withoutKeys(this.changeRequestTree.entries.get(key)!.block)] };
  }

  /**
   * Where a block goes: where the change request put it if it placed it (inserted it, or moved it
   * to another container or within its own), else where main has it.
   */
  private parentOf(key: string): string {
    const fromChangeRequest = this.changeRequestTree.entries.get(key);
    if (fromChangeRequest && this.placedByChangeRequest(key)) return fromChangeRequest.parent;
    return (this.main.entries.get(key) ?? fromChangeRequest)!.parent;
  }

  private placedByChangeRequest(key: string): boolean {
    const entry = this.changeRequestTree.entries.get(key);
    if (!entry) return false;
    const before = this.base.entries.get(key);
    return !before || before.parent !== entry.parent || !this.keptByChangeRequest.has(key);
  }

  /**
   * Deletions that conflict: a block deleted on one side and changed on the other, and a container
   * deleted on one side where the other put blocks. Each is named by the outermost block deleted
   * with it, and settled there by a choice: the deleting side's (all gone), the other side's (that
   * block and what was deleted with it come back as that side has them), or blocks written instead.
   */
  private settleDeletions(): void {
    const roots = new Map<string, Side>();
    const addRoot = (key: string) => {
      const deletedIn = this.deletedIn.get(key)!;
      const keeper = this.trees[other(deletedIn)];
      let root = key;
      for (let parent = keeper.entries.get(root)!.parent; parent !== ROOT && this.deletedIn.get(parent) === deletedIn; parent = keeper.entries.get(root)!.parent) root = parent;
      roots.set(root, deletedIn);
    };
    for (const key of this.changedWhileDeleted) addRoot(key);
    for (const parent of this.unreachable()) {
      if (this.deletedIn.has(parent)) addRoot(parent);
      // A block placed in what the merge keeps as a unit (one side turned the container into something else).
      else if (!this.conflicts.has(parent)) this.conflicts.set(parent, { key: parent, kind: "edited", container: true });
    }
    for (const [root, deletedIn] of roots) {
      const keeper = other(deletedIn);
      const choice = this.choices.get(root);
      const container = this.trees[keeper].entries.get(root)!.container;
      if (!choice) {
        this.conflicts.set(root, { key: root, kind: "deleted", deletedIn, container });
        continue;
      }
      if ("blocks" in choice) this.place(root, { kind: "replaced", blocks: choice.blocks });
      else if (choice.take !== deletedIn) this.restore(root, keeper);
    }
  }

  /** Brings back a deleted block and what was deleted with it, as `keeper` has them. */
  private restore(root: string, keeper: Side): void {
    const tree = this.trees[keeper];
    const pending = [root];
    for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
      const entry = tree.entries.get(key)!;
      this.place(key, { kind: "kept", block: entry.block, container: entry.container });
      for (const child of tree.children.get(key) ?? []) if (this.deletedIn.get(child) === other(keeper)) pending.push(child);
    }
  }

  private place(key: string, outcome: Outcome): void {
    this.outcomes.set(key, outcome);
    this.parents.set(key, this.parentOf(key));
  }

  /**
   * The parents that leave blocks out of the merged tree: blocks placed (by one side) in a container
   * the other deleted, or in a block the merge does not keep as a container. Cycles (each side moved
   * a container into the other) are broken first, with the change request's placement.
   */
  private unreachable(): Set<string> {
    for (let guard = 0; guard <= this.parents.size; guard++) {
      const found = this.walk();
      if ("cycle" in found) {
        // The change request's tree has no cycle: its placement of these blocks breaks this one.
        for (const key of found.cycle) this.parents.set(key, this.changeRequestTree.entries.get(key)?.parent ?? ROOT);
        continue;
      }
      return found.unreachable;
    }
    throw new Error("The merged blocks' parents still form a cycle");
  }

  private walk(): { unreachable: Set<string> } | { cycle: string[] } {
    const reachable = new Set<string>([ROOT]);
    const settled = new Set<string>();
    const unreachable = new Set<string>();
    for (const start of this.parents.keys()) {
      if (settled.has(start)) continue;
      const path = [start];
      let key = this.parents.get(start)!;
      for (;;) {
        if (reachable.has(key)) {
          for (const each of path) reachable.add(each);
          break;
        }
        // Already walked: out of the tree, for a reason found then.
        if (settled.has(key)) break;
        const outcome = this.outcomes.get(key);
        // Blocks written in place of a conflict keep nothing of what was in it.
        if (outcome?.kind === "replaced") break;
        if (!outcome || outcome.kind !== "kept" || !outcome.container) {
          unreachable.add(key);
          break;
        }
        if (path.includes(key)) return { cycle: path.slice(path.indexOf(key)) };
        path.push(key);
        key = this.parents.get(key)!;
      }
      for (const each of path) settled.add(each);
    }
    return { unreachable };
  }

  /** Conflicts in the order their blocks have in the change request's document, then main's. */
  private conflictsInOrder(): BlockConflict[] {
    const position = new Map<string, number>();
    for (const tree of [this.changeRequestTree, this.main]) for (const key of tree.entries.keys()) if (!position.has(key)) position.set(key, position.size);
    return [...this.conflicts.values()].sort((a, b) => position.get(a.key)! - position.get(b.key)!);
  }

  /** The merged children of `parent` (of type `parentType`), with what is in them. */
  private build(parent: string, parentType: string | undefined, children = this.childrenByParent()): Block[] {
    const members = children.get(parent);
    if (!members) return [];
    const order = mergeOrder({
      main: this.main.children.get(parent) ?? [],
      changeRequest: this.changeRequestTree.children.get(parent) ?? [],
      members,
      placedByChangeRequest: (key) => this.placedByChangeRequest(key),
      insertedByMain: (key) => !this.base.entries.has(key) && !this.changeRequestTree.entries.has(key),
    });
    return order.flatMap((key): Block[] => {
      const outcome = this.outcomes.get(key)!;
      if (outcome.kind === "both") return outcome.blocks;
      if (outcome.kind === "replaced") return fitInto(parentType, outcome.blocks);
      if (!outcome.container) return [outcome.block];
      return [{ ...outcome.block, nodes: this.build(key, outcome.block.type, children) }];
    });
  }

  private childrenByParent(): Map<string, Set<string>> {
    const children = new Map<string, Set<string>>();
    for (const [key, parent] of this.parents) {
      const set = children.get(parent) ?? new Set<string>();
      children.set(parent, set.add(key));
    }
    return children;
  }
}

/** Blocks written in place of a list item or a tab: lists give their items, tabs their tabs, other blocks are wrapped in one. */
function fitInto(parentType: string | undefined, blocks: Block[]): Block[] {
  if (parentType === "list-ordered" || parentType === "list-unordered" || parentType === "list-tasks") {
    return blocks.flatMap((block) => (block.type.startsWith("list-") && block.type !== "list-item" ? ((block.nodes ?? []) as Block[]) : block.type === "list-item" ? [block] : [{ object: "block", type: "list-item", data: {}, nodes: [block] }]));
  }
  if (parentType === "tabs") {
    return blocks.flatMap((block) => (block.type === "tabs" ? ((block.nodes ?? []) as Block[]) : block.type === "tabs-item" ? [block] : [{ object: "block", type: "tabs-item", data: {}, nodes: [block] }]));
  }
  return blocks;
}

/** A block with no key left anywhere in it. */
function withoutKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutKeys) as T;
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).flatMap(([name, item]) => (name === "key" ? [] : [[name, withoutKeys(item)]]))) as T;
}
