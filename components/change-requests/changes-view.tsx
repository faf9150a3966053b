"use client";

import { useState } from "react";
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
}: {
  entries: ChangeEntry[];
  sources: { before: ContentSource; after: ContentSource };
  spaceId: string;
  organizationId: string;
}) {
  const [selected, setSelected] = useState<string>();
  const [mode, setMode] = useState<DiffMode>("rendered");
  const current = entries.find((entry) => entry.key === selected) ?? entries[0];
  if (!current) return null;
  return (
    <div className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]">
      <div className="lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto">
        <ChangeList entries={entries} selected={current.key} onSelect={setSelected} />
      </div>
      <ChangeDetail key={current.key} entry={current} sources={sources} spaceId={spaceId} organizationId={organizationId} mode={mode} onModeChange={setMode} />
    </div>
  );
}
