"use client";

import { createContext, useContext } from "react";
import type { useTreeDrag, DropIndicator } from "./use-tree-drag";

/** What every row of the tree reads from the tree around it (focus, editing, drag state). */
export type TreeView = {
  organizationId: string;
  activeKey: string | null;
  currentKey: string | null;
  editingKey: string | null;
  movingKey: string | null;
  expanded: ReadonlySet<string>;
  indicator: DropIndicator | null;
  toggle: (key: string) => void;
  setActive: (key: string) => void;
  startEditing: (key: string) => void;
  /** Leaves rename mode and puts focus back on the row. */
  stopEditing: (key: string) => void;
  registerItem: (key: string, element: HTMLElement | null) => void;
  registerActions: (key: string, element: HTMLButtonElement | null) => void;
  dragProps: ReturnType<typeof useTreeDrag>["rowProps"];
};

export const TreeViewContext = createContext<TreeView | null>(null);

export function useTreeView(): TreeView {
  const view = useContext(TreeViewContext);
  if (!view) throw new Error("useTreeView must be used inside the content tree.");
  return view;
}
