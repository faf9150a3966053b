"use client";

import { useEffect, useRef } from "react";

export const UNSAVED_MESSAGE = "You have unsaved changes. Leave this page without saving them?";

const GUARD = "quireUnsavedGuard";

/**
 * While there are unsaved changes: the browser asks before closing or reloading the tab, a
 * click on a link within the app asks before navigating (the App Router has no navigation
 * guard, so clicks on links are checked before it sees them), and so do the browser's Back and
 * Forward. For those, the screen keeps one extra history entry of its own URL on top: leaving
 * it by Back or Forward lands on the entry below, which is caught before Next.js sees it
 * (capture phase), then either returns to the guard entry (stay) or goes on (leave).
 */
export function useUnsavedWarning(dirty: boolean): void {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useEffect(() => {
    if (!(window.history.state as Record<string, unknown> | null)?.[GUARD]) {
      window.history.pushState({ ...(window.history.state as object | null), [GUARD]: true }, "", window.location.href);
    }
    const guardUrl = window.location.href;
    let leaving = false;
    const onPopState = (event: PopStateEvent) => {
      if (leaving) return;
      const state = event.state as Record<string, unknown> | null;
      if (state?.[GUARD]) {
        // Back on the guard entry (after staying): nothing to navigate.
        event.stopImmediatePropagation();
        return;
      }
      const sameScreen = window.location.href === guardUrl;
      if (!dirtyRef.current || window.confirm(UNSAVED_MESSAGE)) {
        if (sameScreen) {
          // The entry under the guard is this screen again: go on to where Back was heading.
          event.stopImmediatePropagation();
          leaving = true;
          window.history.back();
        }
        return;
      }
      event.stopImmediatePropagation();
      // Stay: return to the guard entry (Forward when Back was pressed).
      window.history.go(sameScreen ? 1 : -1);
    };
    window.addEventListener("popstate", onPopState, true);
    return () => window.removeEventListener("popstate", onPopState, true);
  }, []);

  useEffect(() => {
    if (!dirty) return;
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
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty]);
}
