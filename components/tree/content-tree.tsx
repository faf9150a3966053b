"use client";

import clsx from "clsx";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { useContentDialogs } from "./content-dialogs";
import { useContentTree, useContentTreeState } from "./content-tree-context";
import { TreeItem } from "./tree-item";
import { ancestorKeys, canManage, currentKeyOf, indexTree, openHref, nodeKey, visibleNodes, type ContentNode } from "./tree-model";
import { TreeViewContext, type TreeView } from "./tree-view-context";
import { useMoveContent } from "./use-content-actions";
import { ROOT_DROP_KEY, useTreeDrag } from "./use-tree-drag";

/** The organization's collections and spaces in the sidebar, with its loading, empty and error states. */
export function ContentTree() {
  const tree = useContentTree();
  const dialogs = useContentDialogs();

  if (tree.isPending) return <TreeSkeleton />;
  if (tree.isError) {
    return (
      <div className="p-2">
        <ErrorState message={`The content could not be loaded. ${errorMessage(tree.error)}`} onRetry={() => void tree.refetch()} />
      </div>
    );
  }
  if (tree.data.items.length === 0) {
    const canCreate = tree.data.organization.permissions.createContent;
    return (
      <div className="m-2 rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center">
        <p className="text-sm font-medium text-slate-800">No spaces yet</p>
        <p className="mt-1 text-xs text-slate-500">{canCreate ? "Spaces hold your documentation; collections group them." : "Nothing has been shared with you here yet."}</p>
        {canCreate && (
          <Button className="mt-3" onClick={() => dialogs.openCreate("space", null)}>
            Create a space
          </Button>
        )}
      </div>
    );
  }
  return <LoadedTree items={tree.data.items} rootAllowed={tree.data.organization.permissions.createContent} />;
}

function LoadedTree({ items, rootAllowed }: { items: ContentNode[]; rootAllowed: boolean }) {
  const router = useRouter();
  const pathname = usePathname();
  const toast = useToast();
  const { organizationId, expanded, expand, collapse, toggle } = useContentTreeState();
  const { move, movingKey } = useMoveContent();
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const itemElements = useRef(new Map<string, HTMLElement>());
  const actionButtons = useRef(new Map<string, HTMLButtonElement>());

  const index = useMemo(() => indexTree(items), [items]);
  const visible = useMemo(() => visibleNodes(items, expanded), [items, expanded]);
  const currentKey = currentKeyOf(pathname);

  // Opening an item (from a link, a search, a new tab) reveals it in the tree.
  useEffect(() => {
    if (currentKey && index.has(currentKey)) expand(ancestorKeys(index, currentKey));
  }, [currentKey, index, expand]);

  const onMove = (node: ContentNode, target: Parameters<typeof move>[1]) => {
    move(node, target).catch((error: unknown) => toast.error(`Could not move “${node.title}”: ${errorMessage(error)}`));
  };
  const drag = useTreeDrag({ index, rootItems: items, rootAllowed, onMove });

  // The one row reachable with Tab: the last focused, else the current page's, else the first.
  const visibleKeys = visible.map((placed) => nodeKey(placed.node));
  const tabKey = [activeKey, currentKey].find((key) => key && visibleKeys.includes(key)) ?? visibleKeys[0] ?? null;

  const focusKey = (key: string | undefined) => {
    if (!key) return;
    setActiveKey(key);
    itemElements.current.get(key)?.focus();
  };

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const target = event.target as HTMLElement;
    const item = target.closest<HTMLElement>('[role="treeitem"]');
    if (!item || target.tagName === "INPUT") return;
    const onItem = target === item;
    const key = item.dataset.key!;
    const placed = index.get(key);
    if (!placed) return;
    const { node } = placed;
    const at = visibleKeys.indexOf(key);
    const isOpen = node.type === "collection" && node.children.length > 0 && expanded.has(key);

    switch (event.key) {
      case "ArrowDown":
        focusKey(visibleKeys[at + 1]);
        break;
      case "ArrowUp":
        focusKey(visibleKeys[at - 1]);
        break;
      case "Home":
        focusKey(visibleKeys[0]);
        break;
      case "End":
        focusKey(visibleKeys.at(-1));
        break;
      case "ArrowRight":
        if (node.type !== "collection" || node.children.length === 0) break;
        if (isOpen) focusKey(nodeKey(node.children[0]!));
        else expand([key]);
        break;
      case "ArrowLeft":
        if (isOpen) collapse(key);
        else if (placed.parent) focusKey(nodeKey(placed.parent));
        break;
      case "Enter":
        if (!onItem) return;
        router.push(openHref(organizationId, node));
        break;
      case "F2":
        if (!canManage(node)) return;
        setEditingKey(key);
        break;
      case "ContextMenu":
        actionButtons.current.get(key)?.click();
        break;
      default:
        if (event.key === "F10" && event.shiftKey) actionButtons.current.get(key)?.click();
        else return;
    }
    event.preventDefault();
  }

  const view: TreeView = {
    organizationId,
    activeKey: tabKey,
    currentKey,
    editingKey,
    movingKey,
    expanded,
    indicator: drag.indicator,
    toggle,
    setActive: setActiveKey,
    startEditing: setEditingKey,
    stopEditing: (key) => {
      setEditingKey(null);
      focusKey(key);
    },
    registerItem: (key, element) => {
      if (element) itemElements.current.set(key, element);
      else itemElements.current.delete(key);
    },
    registerActions: (key, element) => {
      if (element) actionButtons.current.set(key, element);
      else actionButtons.current.delete(key);
    },
    dragProps: drag.rowProps,
  };

  return (
    <TreeViewContext.Provider value={view}>
      <div className="flex min-h-full flex-col">
        <ul role="tree" aria-label="Content" onKeyDown={onKeyDown} className="space-y-px">
          {items.map((node) => (
            <TreeItem key={nodeKey(node)} placed={{ node, parent: null, depth: 0 }} />
          ))}
        </ul>
        <div
          {...drag.rootProps}
          className={clsx(
            "mt-1 min-h-12 flex-1 rounded-md text-xs",
            drag.rootDropAllowed && "flex items-start justify-center border border-dashed border-slate-300 pt-3 text-slate-500",
            drag.indicator?.key === ROOT_DROP_KEY && "border-indigo-400 bg-indigo-50 text-indigo-700",
          )}
        >
          {drag.rootDropAllowed && "Drop here to move to the top level"}
        </div>
      </div>
    </TreeViewContext.Provider>
  );
}

function TreeSkeleton() {
  return (
    <div role="status" aria-label="Loading content" className="space-y-2 p-2">
      {[70, 55, 80, 45, 65].map((width, i) => (
        <div key={i} className="flex items-center gap-2" style={{ paddingLeft: i % 3 === 2 ? 18 : 0 }}>
          <span className="size-4 animate-pulse rounded bg-slate-200" />
          <span className="h-3 animate-pulse rounded bg-slate-200" style={{ width: `${width}%` }} />
        </div>
      ))}
    </div>
  );
}
