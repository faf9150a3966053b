"use client";

import clsx from "clsx";
import { ChevronRight } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { useId } from "react";
import { Spinner } from "@/components/ui/spinner";
import { ContentIcon } from "./content-icon";
import { ItemActionsMenu } from "./item-actions-menu";
import { RenameField } from "./rename-field";
import { openHref, nodeKey, type PlacedNode } from "./tree-model";
import { useTreeView } from "./tree-view-context";

const INDENT_PX = 14;

/** One row of the content tree (ARIA treeitem) and, for an expanded collection, its children. */
export function TreeItem({ placed }: { placed: PlacedNode }) {
  const view = useTreeView();
  const { node, depth } = placed;
  const key = nodeKey(node);
  const titleId = useId();
  const hasChildren = node.type === "collection" && node.children.length > 0;
  const expanded = hasChildren && view.expanded.has(key);
  const active = view.activeKey === key;
  const current = view.currentKey === key;
  const editing = view.editingKey === key;
  const indicator = view.indicator?.key === key ? view.indicator.zone : null;
  const drag = view.dragProps(placed);

  return (
    <li
      role="treeitem"
      aria-level={depth + 1}
      aria-expanded={hasChildren ? expanded : undefined}
      aria-selected={current}
      aria-labelledby={titleId}
      data-key={key}
      tabIndex={active ? 0 : -1}
      ref={(element) => view.registerItem(key, element)}
      onFocus={(event) => {
        if ((event.target as HTMLElement).closest('[role="treeitem"]') === event.currentTarget) view.setActive(key);
      }}
      // The row shows the focus ring; an outline here would also wrap the children.
      className="outline-none!"
    >
      <div
        {...drag}
        draggable={drag.draggable && !editing}
        style={{ paddingLeft: depth * INDENT_PX + 4 }}
        className={clsx(
          "group/row relative flex h-8 items-center gap-1 rounded-md pr-1 text-sm",
          current ? "bg-indigo-50 font-medium text-indigo-900" : "text-slate-700 hover:bg-slate-200/60",
          indicator === "inside" && "bg-indigo-100 ring-2 ring-indigo-400",
          view.movingKey === key && "opacity-50",
          "[li:focus-visible>&]:ring-2 [li:focus-visible>&]:ring-indigo-500",
        )}
      >
        {indicator === "before" || indicator === "after" ? (
          <span
            aria-hidden
            data-drop-indicator={indicator}
            style={{ left: depth * INDENT_PX + 4 }}
            className={clsx("pointer-events-none absolute right-1 h-0.5 rounded bg-indigo-500", indicator === "before" ? "-top-px" : "-bottom-px")}
          />
        ) : null}
        {hasChildren ? (
          <span
            aria-hidden
            onClick={() => view.toggle(key)}
            className="grid size-5 shrink-0 cursor-pointer place-items-center rounded text-slate-400 hover:bg-slate-200 hover:text-slate-700"
          >
            <ChevronRight className={clsx("size-3.5 transition-transform", expanded && "rotate-90")} />
          </span>
        ) : (
          <span aria-hidden className="size-5 shrink-0" />
        )}
        {editing ? (
          <>
            <ContentIcon node={node} open={expanded} />
            <span id={titleId} className="sr-only">
              {node.title}
            </span>
            <RenameField node={node} onDone={() => view.stopEditing(key)} />
          </>
        ) : (
          <IntentLink
            href={openHref(view.organizationId, node)}
            tabIndex={-1}
            aria-current={current ? "page" : undefined}
            // Focus goes back to the treeitem, where the tree's keys work (not on mousedown: that would cancel a drag).
            onClick={(event) => (event.currentTarget.closest('[role="treeitem"]') as HTMLElement | null)?.focus()}
            className="flex h-full min-w-0 flex-1 items-center gap-2 outline-none!"
          >
            <ContentIcon node={node} open={expanded} />
            <span id={titleId} className="truncate">
              {node.title}
            </span>
          </IntentLink>
        )}
        {view.movingKey === key && <Spinner className="size-3.5" />}
        {!editing && (
          <ItemActionsMenu node={node} tabbable={active} buttonRef={(element) => view.registerActions(key, element)} onRename={() => view.startEditing(key)} />
        )}
      </div>
      {expanded && node.type === "collection" && (
        <ul role="group">
          {node.children.map((child) => (
            <TreeItem key={nodeKey(child)} placed={{ node: child, parent: node, depth: depth + 1 }} />
          ))}
        </ul>
      )}
    </li>
  );
}
