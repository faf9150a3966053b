"use client";

import { useState } from "react";

/**
 * Whether `open` has been true yet: what a page loads on first use (a dialog, the command palette)
 * is mounted from then on, so that closing and opening it again behave as for any dialog.
 */
export function useHasOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
