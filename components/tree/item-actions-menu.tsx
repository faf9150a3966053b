"use client";

import { BookPlus, Ellipsis, FolderInput, FolderPlus, Pencil, Trash2 } from "lucide-react";
import { Menu, MenuItem, MenuSeparator } from "@/components/shell/menu";
import { useContentDialogs } from "./content-dialogs";
import { canCreateIn, canManage, type ContentNode } from "./tree-model";

/** The "…" menu of a tree row; only the actions the caller's permissions allow are offered. */
export function ItemActionsMenu({
  node,
  tabbable,
  buttonRef,
  onRename,
}: {
  node: ContentNode;
  tabbable: boolean;
  buttonRef: (element: HTMLButtonElement | null) => void;
  onRename: () => void;
}) {
  const dialogs = useContentDialogs();
  const manage = canManage(node);
  const createInside = canCreateIn(node);
  if (!manage && !createInside) return null;

  return (
    <Menu
      label={`Actions for ${node.title}`}
      align="end"
      buttonRef={buttonRef}
      buttonTabIndex={tabbable ? 0 : -1}
      buttonClassName="grid size-6 shrink-0 place-items-center rounded text-slate-500 opacity-0 hover:bg-slate-200 hover:text-slate-800 focus-visible:opacity-100 group-hover/row:opacity-100 aria-expanded:bg-slate-200 aria-expanded:opacity-100 [li:focus>div>&]:opacity-100 [@media(hover:none)]:opacity-100"
      button={<Ellipsis aria-hidden className="size-4" />}
    >
      {manage && (
        <MenuItem icon={<Pencil className="size-4" />} onSelect={onRename}>
          Rename
        </MenuItem>
      )}
      {createInside && (
        <>
          <MenuItem icon={<BookPlus className="size-4" />} onSelect={() => dialogs.openCreate("space", node)}>
            New space
          </MenuItem>
          <MenuItem icon={<FolderPlus className="size-4" />} onSelect={() => dialogs.openCreate("collection", node)}>
            New collection
          </MenuItem>
        </>
      )}
      {manage && (
        <>
          <MenuItem icon={<FolderInput className="size-4" />} onSelect={() => dialogs.openMove(node)}>
            Move to…
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={<Trash2 className="size-4" />} danger onSelect={() => dialogs.openDelete(node)}>
            Delete
          </MenuItem>
        </>
      )}
    </Menu>
  );
}
