"use client";

import { useEffect } from "react";

export const UNSAVED_MESSAGE = "You have unsaved changes. Leave this page without saving them?";

// Marks the extra history entry that catches Back and Forward (see below).
const MARKER = "quireUnsaved";

const onMarker = () => (window.history.state as Record<string, unknown> | null)?.[MARKER] === true;

/**
 * While there are unsaved changes: the browser asks before closing or reloading the tab, a click on
 * a link within the app asks before navigating (the App Router has no navigation guard, so clicks
 * are checked before it sees them), and so do the browser's Back and Forward: a second history entry
 * for this same address is pushed, so that Back first lands on this page again, where leaving is asked.
 */
export function useUnsavedWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    let leaving = false;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || event.defaultPrevented) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      if (!window.confirm(UNSAVED_MESSAGE)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    // The router's own state is kept in the copy, so that landing on either entry re-renders nothing.
    const pushMarker = () => window.history.pushState({ ...window.history.state, [MARKER]: true }, "", window.location.href);
    const onPopState = () => {
      if (leaving || onMarker()) return;
      if (window.confirm(UNSAVED_MESSAGE)) {
        leaving = true;
        window.history.back();
      } else {
        pushMarker();
      }
    };
    if (!onMarker()) pushMarker();
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("popstate", onPopState);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("popstate", onPopState);
      document.removeEventListener("click", onClick, true);
      // Saved (not navigated away): the extra entry goes, so that Back leaves at the first press.
      if (!leaving && onMarker()) window.history.back();
    };
  }, [dirty]);
}
