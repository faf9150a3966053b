"use client";

import { useQuery } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";

type ContentTreeState = {
  organizationId: string;
  expanded: ReadonlySet<string>;
  expand: (keys: string[]) => void;
  collapse: (key: string) => void;
  toggle: (key: string) => void;
};

const ContentTreeContext = createContext<ContentTreeState | null>(null);

const storageKey = (organizationId: string) => `quire:expanded:${organizationId}`;

function readExpanded(organizationId: string): Set<string> {
  try {
    const stored = JSON.parse(window.localStorage.getItem(storageKey(organizationId)) ?? "[]") as unknown;
    return new Set(Array.isArray(stored) ? stored.filter((key): key is string => typeof key === "string") : []);
  } catch {
    return new Set();
  }
}

/**
 * Which collections are expanded, shared by the sidebar tree and the dialogs that reveal
 * what they just created or moved; remembered per organization across visits.
 */
export function ContentTreeProvider({ organizationId, children }: { organizationId: string; children: ReactNode }) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [loadedFor, setLoadedFor] = useState<string | null>(null);

  // localStorage is read after mount: the server render cannot know it.
  useEffect(() => {
    setExpanded(readExpanded(organizationId));
    setLoadedFor(organizationId);
  }, [organizationId]);
  useEffect(() => {
    if (loadedFor === organizationId) window.localStorage.setItem(storageKey(organizationId), JSON.stringify([...expanded]));
  }, [expanded, loadedFor, organizationId]);

  const expand = useCallback((keys: string[]) => {
    setExpanded((current) => (keys.every((key) => current.has(key)) ? current : new Set([...current, ...keys])));
  }, []);
  const collapse = useCallback((key: string) => {
    setExpanded((current) => {
      if (!current.has(key)) return current;
      const next = new Set(current);
      next.delete(key);
      return next;
    });
  }, []);
  const toggle = useCallback((key: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);

  const value = useMemo(() => ({ organizationId, expanded, expand, collapse, toggle }), [organizationId, expanded, expand, collapse, toggle]);
  return <ContentTreeContext.Provider value={value}>{children}</ContentTreeContext.Provider>;
}

export function useContentTreeState(): ContentTreeState {
  const state = useContext(ContentTreeContext);
  if (!state) throw new Error("useContentTreeState must be used inside <ContentTreeProvider>.");
  return state;
}

/** The organization's content tree query (one cache entry shared by the sidebar, home page and dialogs). */
export function useContentTree() {
  const trpc = useTRPC();
  const { organizationId } = useContentTreeState();
  return useQuery(trpc.content.tree.queryOptions({ organizationId }));
}
