"use client";

import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { CreateContentDialog, type CreateRequest } from "./create-content-dialog";
import { DeleteContentDialog } from "./delete-content-dialog";
import { MoveContentDialog } from "./move-content-dialog";
import type { CollectionNode, ContentNode } from "./tree-model";
import type { ContentKind } from "./use-content-actions";

type ContentDialogs = {
  openCreate: (kind: ContentKind, parent: CollectionNode | null) => void;
  openMove: (node: ContentNode) => void;
  openDelete: (node: ContentNode) => void;
};

const ContentDialogsContext = createContext<ContentDialogs | null>(null);

/** One instance of each content dialog per organization page, opened from the tree, its menus or the home page. */
export function ContentDialogsProvider({ children }: { children: ReactNode }) {
  const [create, setCreate] = useState<CreateRequest | null>(null);
  const [moving, setMoving] = useState<ContentNode | null>(null);
  const [deleting, setDeleting] = useState<ContentNode | null>(null);
  const api = useMemo<ContentDialogs>(
    () => ({ openCreate: (kind, parent) => setCreate({ kind, parent }), openMove: setMoving, openDelete: setDeleting }),
    [],
  );
  return (
    <ContentDialogsContext.Provider value={api}>
      {children}
      <CreateContentDialog request={create} onClose={() => setCreate(null)} />
      <MoveContentDialog node={moving} onClose={() => setMoving(null)} />
      <DeleteContentDialog node={deleting} onClose={() => setDeleting(null)} />
    </ContentDialogsContext.Provider>
  );
}

export function useContentDialogs(): ContentDialogs {
  const dialogs = useContext(ContentDialogsContext);
  if (!dialogs) throw new Error("useContentDialogs must be used inside <ContentDialogsProvider>.");
  return dialogs;
}
