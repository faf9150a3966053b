"use client";

import clsx from "clsx";
import { MessageSquare, MessageSquarePlus } from "lucide-react";
import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import type { ContentSource } from "@/server/content/reads";
import { useBlockKeys } from "./block-keys";
import { useDiscussion } from "./discussion-context";
import "./discussions.css";

type Placed = { key: string; top: number; preview: string };

const PREVIEW_LENGTH = 140;

// A diff's block holds its "Added" label beside the rendered markdown, an edited block its old version
// before its new one: the preview is the new markdown's text.
const blockText = (element: HTMLElement) =>
  ((element.querySelector('[data-diff-side="after"] .quire-markdown') ?? element.querySelector(".quire-markdown") ?? element).textContent ?? "").trim();

/**
 * A page's rendered blocks (elements numbered `data-block-index`) with, beside each, a "Comment"
 * button shown on hover or keyboard focus and a marker counting its open threads. Blocks get their
 * document key as `data-block-key` (where "Jump to block" finds them). The numbering must match the
 * document's blocks one to one; when it cannot (a block the view renders differently), the page
 * takes page comments only. Outside a discussion (the history), only the children. The buttons sit
 * in a gutter inside the blocks' box, never past its edge, where they would widen the page.
 */
export function CommentableBlocks({ spaceId, source, pageId, children }: { spaceId: string; source: ContentSource; pageId: string; children: ReactNode }) {
  const discussion = useDiscussion();
  const keys = useBlockKeys(spaceId, source, pageId, discussion !== null);
  const box = useRef<HTMLDivElement>(null);
  const [placed, setPlaced] = useState<Placed[]>([]);
  const [hovered, setHovered] = useState<string | null>(null);

  useLayoutEffect(() => {
    const container = box.current;
    if (!container || !keys) return;
    const measure = () => {
      const elements = [...container.querySelectorAll<HTMLElement>("[data-block-index]")];
      const indexes = elements.map((element) => Number(element.dataset.blockIndex));
      const last = Math.max(-1, ...indexes);
      if (last + 1 !== keys.length) return setPlaced([]);
      const origin = container.getBoundingClientRect().top;
      setPlaced(
        elements.map((element, at) => {
          const key = keys[indexes[at]!]!;
          element.dataset.blockKey = key;
          return { key, top: element.getBoundingClientRect().top - origin, preview: blockText(element).slice(0, PREVIEW_LENGTH) };
        }),
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    return () => observer.disconnect();
  }, [keys, children]);

  if (!discussion) return <>{children}</>;
  const counts = new Map<string, number>();
  for (const comment of discussion.openComments ?? []) {
    const node = comment.target.node?.id;
    if (node && comment.target.page?.id === pageId) counts.set(node, (counts.get(node) ?? 0) + 1);
  }
  const blockOf = (target: EventTarget | null) => (target instanceof Element ? (target.closest<HTMLElement>("[data-block-key]")?.dataset.blockKey ?? null) : null);

  return (
    <div
      ref={box}
      className="relative pr-9"
      onMouseOver={(event) => setHovered(blockOf(event.target))}
      onMouseLeave={() => setHovered(null)}
    >
      {children}
      {placed.map((block, index) => {
        const count = counts.get(block.key) ?? 0;
        const preview = block.preview || `block ${index + 1}`;
        return (
          <div key={block.key} className="absolute right-0 flex flex-col items-center gap-1" style={{ top: block.top }} onMouseEnter={() => setHovered(block.key)}>
            {count > 0 && (
              <button
                type="button"
                onClick={() => discussion.showBlockThreads(block.key)}
                aria-label={`${count} open ${count === 1 ? "thread" : "threads"} on: ${preview}`}
                className="inline-flex h-7 min-w-7 items-center justify-center gap-0.5 rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-900 shadow-sm hover:bg-amber-200"
              >
                <MessageSquare aria-hidden className="size-3.5" />
                {count}
              </button>
            )}
            {discussion.canComment && (
              <button
                type="button"
                onClick={() => discussion.startBlockComment({ pageId, node: block.key, preview: block.preview })}
                aria-label={`Comment on: ${preview}`}
                title="Comment on this block"
                className={clsx(
                  "inline-flex size-7 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-600 shadow-sm hover:text-indigo-700 focus:opacity-100",
                  hovered === block.key ? "opacity-100" : "opacity-0",
                )}
              >
                <MessageSquarePlus aria-hidden className="size-4" />
              </button>
            )}
          </div>
        );
      })}
    </div>
  );
}
