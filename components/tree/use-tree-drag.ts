"use client";

import { useState, type DragEvent } from "react";
import { nodeKey, placedUnderItsParent, pointerTo, siblingsIn, type CollectionNode, type ContentNode, type PlacedNode } from "./tree-model";
import type { MoveTarget } from "./use-content-actions";

export type DropZone = "before" | "after" | "inside";
export type DropIndicator = { key: string; zone: DropZone };
export const ROOT_DROP_KEY = "root";

const MIME = "application/x-quire-content";

type Options = {
  index: Map<string, PlacedNode>;
  rootItems: ContentNode[];
  /** Whether the caller may create at the top level (organization permission). */
  rootAllowed: boolean;
  onMove: (node: ContentNode, target: MoveTarget) => void;
};

/**
 * Native HTML5 drag and drop on the tree rows. Dropping on the middle of a collection moves
 * inside it (at the end); on the upper or lower part of a row, before or after that row.
 * Targets the caller may not create in refuse the drop; the server decides the rest.
 */
export function useTreeDrag({ index, rootItems, rootAllowed, onMove }: Options) {
  const [dragging, setDragging] = useState<ContentNode | null>(null);
  const [indicator, setIndicator] = useState<DropIndicator | null>(null);

  const mayCreateIn = (parent: CollectionNode | null) => (parent ? parent.permissions.create : rootAllowed);

  function targetFor(placed: PlacedNode, zone: DropZone): MoveTarget {
    if (zone === "inside" && placed.node.type === "collection") return { parent: placed.node, position: endOf(placed.node) };
    return { parent: placed.parent, position: zone === "before" ? { before: pointerTo(placed.node) } : { after: pointerTo(placed.node) } };
  }

  function endOf(parent: CollectionNode | null): MoveTarget["position"] {
    const last = siblingsIn(rootItems, parent).filter((child) => dragging === null || nodeKey(child) !== nodeKey(dragging)).at(-1);
    return last ? { after: pointerTo(last) } : undefined;
  }

  function zoneAt(event: DragEvent<HTMLElement>, node: ContentNode): DropZone {
    const rect = event.currentTarget.getBoundingClientRect();
    const ratio = (event.clientY - rect.top) / Math.max(rect.height, 1);
    if (node.type === "collection") return ratio < 0.25 ? "before" : ratio > 0.75 ? "after" : "inside";
    return ratio < 0.5 ? "before" : "after";
  }

  function clear() {
    setDragging(null);
    setIndicator(null);
  }

  /** Drops that would leave the item where it is are ignored rather than sent. */
  function changesSomething(node: ContentNode, target: MoveTarget): boolean {
    const placed = index.get(nodeKey(node));
    if (!placed || (placed.parent?.id ?? null) !== (target.parent?.id ?? null)) return true;
    const siblings = siblingsIn(rootItems, placed.parent);
    const at = siblings.findIndex((item) => nodeKey(item) === nodeKey(node));
    const { before, after } = target.position ?? {};
    const keyOf = (pointer: NonNullable<typeof before>) => `${pointer.type}:${pointer.type === "space" ? pointer.space : pointer.collection}`;
    const next = siblings[at + 1];
    const previous = siblings[at - 1];
    if (before) return !(next && nodeKey(next) === keyOf(before));
    if (after) return !(previous && nodeKey(previous) === keyOf(after));
    return at !== siblings.length - 1;
  }

  function drop(target: MoveTarget) {
    const node = dragging;
    clear();
    if (node && changesSomething(node, target)) onMove(node, target);
  }

  function rowProps(placed: PlacedNode) {
    const key = nodeKey(placed.node);
    return {
      draggable: placed.node.permissions.admin,
      // Starts on the row or on its link (a link is natively draggable; the row sees its dragstart).
      onDragStart(event: DragEvent<HTMLElement>) {
        if (!placed.node.permissions.admin) return;
        event.stopPropagation();
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData(MIME, key);
        event.dataTransfer.setData("text/plain", placed.node.title);
        setDragging(placed.node);
      },
      onDragEnd: clear,
      onDragOver(event: DragEvent<HTMLElement>) {
        if (!dragging || nodeKey(dragging) === key) return;
        const zone = zoneAt(event, placed.node);
        const into = zone === "inside" && placed.node.type === "collection" ? placed.node : null;
        // Before or after an item shown out of its collection would point outside the target.
        if (!into && !placedUnderItsParent(placed)) return;
        if (!mayCreateIn(into ?? placed.parent)) return;
        event.preventDefault();
        event.stopPropagation();
        event.dataTransfer.dropEffect = "move";
        if (indicator?.key !== key || indicator.zone !== zone) setIndicator({ key, zone });
      },
      onDragLeave(event: DragEvent<HTMLElement>) {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null) && indicator?.key === key) setIndicator(null);
      },
      onDrop(event: DragEvent<HTMLElement>) {
        if (!dragging) return;
        event.preventDefault();
        event.stopPropagation();
        drop(targetFor(placed, zoneAt(event, placed.node)));
      },
    };
  }

  /** The space below the tree: dropping there moves to the end of the top level. */
  const rootProps = {
    onDragOver(event: DragEvent<HTMLElement>) {
      if (!dragging || !rootAllowed) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      if (indicator?.key !== ROOT_DROP_KEY) setIndicator({ key: ROOT_DROP_KEY, zone: "inside" });
    },
    onDragLeave(event: DragEvent<HTMLElement>) {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null) && indicator?.key === ROOT_DROP_KEY) setIndicator(null);
    },
    onDrop(event: DragEvent<HTMLElement>) {
      if (!dragging) return;
      event.preventDefault();
      drop({ parent: null, position: endOf(null) });
    },
  };

  return { dragging, indicator, rowProps, rootProps, rootDropAllowed: dragging !== null && rootAllowed };
}
