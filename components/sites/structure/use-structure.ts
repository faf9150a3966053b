"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useState, type DragEvent, type KeyboardEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { errorMessage } from "@/components/ui/trpc-error";
import type { SiteStructureObject } from "../list/site-model";
import { positionFor, type Pointer } from "./structure-model";

export type StructureContextValue = {
  organizationId: string;
  siteId: string;
  structure: SiteStructureObject;
  /** Whether the caller may change the structure (the site's `create` permission). */
  canEdit: boolean;
  /** Says something to screen reader users through the editor's live region. */
  announce: (message: string) => void;
  select: (sectionId: string) => void;
};

export const StructureContext = createContext<StructureContextValue | null>(null);

export function useStructureContext(): StructureContextValue {
  const value = useContext(StructureContext);
  if (!value) throw new Error("useStructureContext must be used inside the structure editor.");
  return value;
}

/** After a structure write: the structure, and the site (its count of site spaces), are read again. */
export function useStructureChanged() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.siteStructure.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.sites.pathKey() })]),
    [queryClient, trpc],
  );
}

/**
 * Moves an item among its siblings: the new order shows at once (`next`), the server's answer then
 * replaces it; a refusal puts the old order back and says why.
 */
export function useMove() {
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const changed = useStructureChanged();
  const { organizationId, siteId, announce } = useStructureContext();
  const mutation = useMutation(trpc.siteStructure.move.mutationOptions());
  const key = trpc.siteStructure.get.queryKey({ organizationId, siteId });

  return useCallback(
    async ({ item, ids, typeOf, toIndex, next, label, focusKey }: { item: Pointer; ids: string[]; typeOf: (id: string) => Pointer["type"]; toIndex: number; next: SiteStructureObject; label: string; focusKey: string | string[] }) => {
      const position = positionFor(ids, item.id, toIndex, typeOf);
      if (!position) return;
      const previous = queryClient.getQueryData(key);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, next);
      // Re-placing the moved control in the page drops its focus: it is given back once drawn.
      requestAnimationFrame(() => focusByKey(focusKey));
      try {
        await mutation.mutateAsync({ organizationId, siteId, item, position });
        announce(`Moved “${label}” to position ${Math.min(toIndex, ids.length - 1) + 1} of ${ids.length}.`);
      } catch (error) {
        queryClient.setQueryData(key, previous);
        toast.error(`“${label}” could not be moved. ${errorMessage(error)}`);
      } finally {
        await changed();
        // The server's order may disable the button pressed (an end reached), which drops the focus to the page.
        requestAnimationFrame(() => {
          if (document.activeElement === document.body) focusByKey(focusKey);
        });
      }
    },
    [announce, changed, key, mutation, organizationId, queryClient, siteId, toast],
  );
}

/**
 * Focuses the control marked `data-focus-key` (or the first button inside the element so marked):
 * the first of `keys` that is enabled, so that a move which disables the button pressed (the item
 * reached an end) leaves the focus on the button that moves it back, not on the page.
 */
function focusByKey(keys: string | string[]) {
  for (const key of typeof keys === "string" ? [keys] : keys) {
    const element = document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"]`);
    const target = element?.matches("button") ? element : element?.querySelector<HTMLElement>("button");
    if (!target || (target as HTMLButtonElement).disabled) continue;
    if (document.activeElement !== target) target.focus();
    return;
  }
}

/** Alt+Arrow keys on a sibling's handle: -1 (left, up) or +1 (right, down); null for any other key. */
export function moveKeyDelta(event: KeyboardEvent): -1 | 1 | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (event.key === "ArrowLeft" || event.key === "ArrowUp") return -1;
  if (event.key === "ArrowRight" || event.key === "ArrowDown") return 1;
  return null;
}

/**
 * Drag and drop among one list of siblings (the keyboard has Alt+Arrow keys and the Move buttons):
 * an item dropped on another takes its place. Drags from another list are ignored.
 */
export function useDragReorder(ids: string[], onDrop: (id: string, toIndex: number) => void, enabled: boolean) {
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  // The handle is what is dragged (a form inside the item keeps its text selection); the item is where it lands.
  const handleProps = (id: string) =>
    enabled
      ? {
          draggable: true,
          onDragStart: (event: DragEvent) => {
            event.dataTransfer.effectAllowed = "move";
            event.dataTransfer.setData("text/plain", id);
            setDragged(id);
          },
          onDragEnd: () => {
            setDragged(null);
            setOver(null);
          },
        }
      : {};
  const itemProps = (id: string) =>
    enabled
      ? {
          onDragOver: (event: DragEvent) => {
            if (!dragged) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = "move";
            setOver(id);
          },
          onDragLeave: () => setOver((current) => (current === id ? null : current)),
          onDrop: (event: DragEvent) => {
            if (!dragged) return;
            event.preventDefault();
            if (dragged !== id) onDrop(dragged, ids.indexOf(id));
            setDragged(null);
            setOver(null);
          },
        }
      : {};
  return { itemProps, handleProps, dragged, over };
}
