"use client";

import { useQuery } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import type { Comment, DiscussionScope } from "./types";

/** A block someone is about to comment on: its page, its key and the text it shows. */
export type BlockAnchor = { pageId: string; node: string; preview: string };

type Discussion = {
  scope: DiscussionScope;
  /** The page on screen (its blocks take comments); absent when no page is shown. */
  pageId?: string;
  /** Whether the signed-in user may start threads (the space's or change request's `comment` permission). */
  canComment: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The latest open threads of the scope (the reader: of its page), for the blocks' markers. */
  openComments: Comment[] | undefined;
  /** How many threads are open in the scope, all of them (the toggle's count). */
  openCount: number | undefined;
  /** Threads on one block only, after its marker was chosen. */
  focus: { node: string } | null;
  showBlockThreads: (node: string) => void;
  clearFocus: () => void;
  draft: BlockAnchor | null;
  startBlockComment: (anchor: BlockAnchor) => void;
  cancelDraft: () => void;
  jumpToBlock: (pageId: string | undefined, node: string) => void;
};

const DiscussionContext = createContext<Discussion | null>(null);

/** The discussion of the screen, or null on screens without one (the history's diff). */
export const useDiscussion = () => useContext(DiscussionContext);

const HIGHLIGHT_MS = 2500;

/** Scrolls to a block's element once it is on screen (a page just selected renders a moment later), and highlights it. */
function revealBlock(node: string, attempts = 40) {
  const element = document.querySelector<HTMLElement>(`[data-block-key="${CSS.escape(node)}"]`);
  if (!element) {
    if (attempts > 0) window.setTimeout(() => revealBlock(node, attempts - 1), 100);
    return;
  }
  element.scrollIntoView({ behavior: "smooth", block: "center" });
  element.setAttribute("data-comment-highlight", "");
  window.setTimeout(() => element.removeAttribute("data-comment-highlight"), HIGHLIGHT_MS);
}

/**
 * The discussion state of a reader page or a change request's review: whether the panel is open,
 * what it focuses on, the block comment being written, and jumping from a thread to its block.
 * `revealPage` brings a page on screen first (the review screen shows one page of its changes at a time).
 */
export function DiscussionProvider({
  scope,
  pageId,
  canComment,
  revealPage,
  children,
}: {
  scope: DiscussionScope;
  pageId?: string;
  canComment: boolean;
  revealPage?: (pageId: string) => void;
  children: ReactNode;
}) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState<{ node: string } | null>(null);
  const [draft, setDraft] = useState<BlockAnchor | null>(null);
  const openComments = useQuery(
    trpc.comments.list.queryOptions({ ...scopeInput(scope), status: "open", ...(scope.changeRequest ? {} : { targetPage: pageId }) }, { enabled: scope.changeRequest !== undefined || !!pageId }),
  );

  const jumpToBlock = useCallback(
    (page: string | undefined, node: string) => {
      if (page && page !== pageId) revealPage?.(page);
      // On narrow screens the panel covers the page: it steps aside for the block.
      if (window.matchMedia("(max-width: 1023px)").matches) setOpen(false);
      revealBlock(node);
    },
    [pageId, revealPage],
  );

  const value = useMemo<Discussion>(
    () => ({
      scope,
      pageId,
      canComment,
      open,
      setOpen,
      openComments: openComments.data?.items as Comment[] | undefined,
      openCount: openComments.data?.count,
      focus,
      showBlockThreads: (node) => {
        setFocus({ node });
        setOpen(true);
      },
      clearFocus: () => setFocus(null),
      draft,
      startBlockComment: (anchor) => {
        setDraft(anchor);
        setFocus(null);
        setOpen(true);
      },
      cancelDraft: () => setDraft(null),
      jumpToBlock,
    }),
    [scope, pageId, canComment, open, openComments.data, focus, draft, jumpToBlock],
  );
  return <DiscussionContext.Provider value={value}>{children}</DiscussionContext.Provider>;
}

/** The scope as `comments.*` inputs take it. */
export const scopeInput = (scope: DiscussionScope) => ({ spaceId: scope.spaceId, ...(scope.changeRequest ? { changeRequest: scope.changeRequest } : {}) });
