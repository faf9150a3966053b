"use client";

import { useRef, useState, type KeyboardEvent } from "react";
import { Spinner } from "@/components/ui/spinner";
import type { ContentNode } from "./tree-model";
import { useRenameContent } from "./use-content-actions";

const TITLE_MAX = 50;

/** Inline title editing in a tree row: Enter (or leaving the field) saves, Escape cancels. */
export function RenameField({ node, onDone }: { node: ContentNode; onDone: () => void }) {
  const [title, setTitle] = useState(node.title);
  const { rename, isPending } = useRenameContent();
  // Enter then the blur that follows must not save twice; Escape must not save on blur.
  const finished = useRef(false);

  async function save() {
    if (finished.current) return;
    const trimmed = title.trim();
    if (!trimmed || trimmed === node.title) {
      finished.current = true;
      onDone();
      return;
    }
    finished.current = true;
    if (await rename(node, trimmed)) onDone();
    else finished.current = false;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // The tree must not treat typing as navigation.
    event.stopPropagation();
    if (event.key === "Enter") {
      event.preventDefault();
      void save();
    } else if (event.key === "Escape") {
      event.preventDefault();
      finished.current = true;
      onDone();
    }
  }

  return (
    <span className="flex min-w-0 flex-1 items-center gap-1">
      <input
        aria-label={`Rename “${node.title}”`}
        value={title}
        maxLength={TITLE_MAX}
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => void save()}
        readOnly={isPending}
        className="min-w-0 flex-1 rounded border border-indigo-400 bg-white px-1.5 py-0.5 text-sm text-slate-900 outline-none! ring-2 ring-indigo-200"
      />
      {isPending && <Spinner className="size-3.5" />}
    </span>
  );
}
