"use client";

import { useEffect, useState } from "react";
import type { ContentSource } from "@/server/content/reads";
import type { ChangeEntry } from "./change-entries";
import { ChangeDetail } from "./change-detail";
import { ChangeList } from "./change-list";
import type { DiffMode } from "./page-diff";

/**
 * The list of what changed beside the selected change's diff (rendered or source): the review
 * screen's changes of a change request and the history's diff between two revisions.
 */
export function ChangesView({
  entries,
  sources,
  spaceId,
  organizationId,
  reveal,
}: {
  entries: ChangeEntry[];
  sources: { before: ContentSource; after: ContentSource };
  spaceId: string;
  organizationId: string;
  /** An entry to bring on screen rendered (a comment's "Jump to block"); `at` tells a repeated request apart. */
  reveal?: { key: string; at: number };
}) {
  const [selected, setSelected] = useState<string>();
  const [mode, setMode] = useState<DiffMode>("rendered");
  useEffect(() => {
    if (!reveal) return;
    setSelected(reveal.key);
    setMode("rendered");
  }, [reveal]);
  const current = entries.find((entry) => entry.key === selected) ?? entries[0];
  if (!current) return null;
  return (
    // Side by side when its own box is wide enough (a container query): the history shows it beside its list.
    <div className="@container">
      <div className="grid gap-6 @3xl:grid-cols-[17rem_minmax(0,1fr)]">
        <div className="@3xl:sticky @3xl:top-20 @3xl:max-h-[calc(100vh-6rem)] @3xl:self-start @3xl:overflow-y-auto">
          <ChangeList entries={entries} selected={current.key} onSelect={setSelected} />
        </div>
        <ChangeDetail key={current.key} entry={current} sources={sources} spaceId={spaceId} organizationId={organizationId} mode={mode} onModeChange={setMode} />
      </div>
    </div>
  );
}
