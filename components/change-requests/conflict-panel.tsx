"use client";

import type { ComponentProps } from "react";
import { useConflictLinks } from "./conflict-blocks";
import { ConflictResolver } from "./conflict-resolver";
import { ConflictView } from "./conflict-view";

type Shown =
  | { resolve: Omit<ComponentProps<typeof ConflictResolver>, "links">; view?: never }
  | { view: Omit<ComponentProps<typeof ConflictView>, "links">; resolve?: never };

/**
 * What stopped a merge or an update: the conflict list, or the resolution of its conflicts. The
 * review screen loads this (and the markdown conversion and block editor parts it needs) only once
 * there are conflicts to show; each side's links are read only then too.
 */
export function ConflictPanel({ spaceId, changeRequestRef, ...shown }: { spaceId: string; changeRequestRef: string } & Shown) {
  const links = useConflictLinks(spaceId, changeRequestRef);
  if (shown.resolve) {
    const { revisions } = shown.resolve.conflicts.resolution ?? {};
    // Conflicts found anew start a new resolution.
    return <ConflictResolver key={`${revisions?.main}-${revisions?.changeRequest}`} links={links} {...shown.resolve} />;
  }
  return <ConflictView links={links} {...shown.view} />;
}
