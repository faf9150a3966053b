"use client";

import { useLiveUpdates } from "./use-live-updates";

/** Keeps every screen of a space current (mounted by the space's layout): its comments, reviews and change requests. */
export function SpaceLiveUpdates({ spaceId }: { spaceId: string }) {
  useLiveUpdates({ spaceId });
  return null;
}
