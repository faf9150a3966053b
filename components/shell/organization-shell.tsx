"use client";

import { MAIN_CONTENT_ID } from "@/components/ui/skip-link";
import { useMutation } from "@tanstack/react-query";
import clsx from "clsx";
import dynamic from "next/dynamic";
import { PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ContentDialogsProvider } from "@/components/tree/content-dialogs";
import { ContentTreeProvider } from "@/components/tree/content-tree-context";
import { useHasOpened } from "@/components/ui/use-has-opened";
import { useRegisterCommandPalette } from "./command-palette-context";
import { useRegisterNavigationDrawer } from "./navigation-drawer-context";
import { Sidebar } from "./sidebar";
import { LAST_ORGANIZATION_COOKIE } from "./last-organization";
import { SIDEBAR_FOLDED_COOKIE } from "./sidebar-fold";
import { SIDEBAR_ID } from "./top-bar";

// The palette (its search, results and actions) loads when it is first opened (Ctrl/⌘-K or the top bar's search field).
// Its own Suspense boundary (a loading placeholder of nothing): the page stays on screen meanwhile.
const CommandPalette = dynamic(() => import("@/components/palette/command-palette").then((module) => module.CommandPalette), { loading: () => null });

/**
 * An organization's pages: the sidebar beside the page from 1024px up, a drawer over it
 * below (toggled from the top bar; Escape, the backdrop or navigating close it). From 1024px up the
 * sidebar folds into a narrow rail, a choice remembered in a cookie (`initiallyFolded` is read from it
 * by the layout, so the first paint is already right).
 */
export function OrganizationShell({ organizationId, initiallyFolded = false, children }: { organizationId: string; initiallyFolded?: boolean; children: ReactNode }) {
  const [folded, setFolded] = useState(initiallyFolded);
  const foldButton = useRef<HTMLButtonElement>(null);
  const unfoldButton = useRef<HTMLButtonElement>(null);
  const drawer = useRegisterNavigationDrawer(organizationId);
  const { open, setOpen } = drawer;
  const pathname = usePathname();
  const panel = useRef<HTMLElement>(null);
  const palette = useRegisterCommandPalette();
  const { setOpen: setPaletteOpen } = palette;
  const closePalette = useCallback(() => setPaletteOpen(false), [setPaletteOpen]);
  const paletteUsed = useHasOpened(palette.open);

  useEffect(() => setOpen(false), [pathname, setOpen]);
  // Opening the organization is what its members list calls "last seen".
  const trpc = useTRPC();
  const { mutate: ping } = useMutation(trpc.members.ping.mutationOptions());
  useEffect(() => ping({ organizationId }), [organizationId, ping]);
  useEffect(() => {
    // Pages outside any organization (the user's settings) show the sidebar of the last one opened.
    document.cookie = `${LAST_ORGANIZATION_COOKIE}=${organizationId}; path=/; max-age=31536000; samesite=lax`;
  }, [organizationId]);
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);

  function fold(next: boolean) {
    setFolded(next);
    document.cookie = `${SIDEBAR_FOLDED_COOKIE}=${next ? "1" : "0"}; path=/; max-age=31536000; samesite=lax`;
    // The button pressed goes away: focus moves to the one that undoes it.
    requestAnimationFrame(() => (next ? unfoldButton : foldButton).current?.focus());
  }

  function closeDrawer() {
    setOpen(false);
    document.querySelector<HTMLElement>(`[aria-controls="${SIDEBAR_ID}"]`)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      closeDrawer();
    }
  }

  return (
    <ContentTreeProvider organizationId={organizationId}>
      <ContentDialogsProvider>
        <div className="flex min-h-0 flex-1">
          {open && <div aria-hidden onClick={closeDrawer} className="fixed inset-0 top-14 z-30 bg-slate-900/30 lg:hidden" />}
          <aside
            id={SIDEBAR_ID}
            ref={panel}
            tabIndex={-1}
            aria-label="Organization navigation"
            onKeyDown={onKeyDown}
            className={clsx(
              "z-40 w-72 shrink-0 border-r border-slate-200 bg-slate-50 outline-none!",
              "fixed bottom-0 left-0 top-14 shadow-xl lg:sticky lg:flex lg:h-[calc(100vh-3.5rem)] lg:shadow-none",
              open ? "flex" : "hidden",
              folded && "lg:w-12",
            )}
          >
            <div className={clsx("flex min-h-0 w-full flex-col", folded && "lg:hidden")}>
              <div className="min-h-0 flex-1">
                <Sidebar organizationId={organizationId} />
              </div>
              <div className="hidden border-t border-slate-200 p-2 lg:block">
                <button
                  ref={foldButton}
                  type="button"
                  aria-controls={SIDEBAR_ID}
                  aria-expanded
                  onClick={() => fold(true)}
                  className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-600 hover:bg-slate-200/60 hover:text-slate-900"
                >
                  <PanelLeftClose aria-hidden className="size-4" />
                  Collapse sidebar
                </button>
              </div>
            </div>
            {folded && (
              <div className="hidden w-full justify-center py-2 lg:flex">
                <button
                  ref={unfoldButton}
                  type="button"
                  aria-label="Expand sidebar"
                  title="Expand sidebar"
                  aria-controls={SIDEBAR_ID}
                  aria-expanded={false}
                  onClick={() => fold(false)}
                  className="grid size-8 place-items-center rounded-md text-slate-600 hover:bg-slate-200/60 hover:text-slate-900"
                >
                  <PanelLeftOpen aria-hidden className="size-4" />
                </button>
              </div>
            )}
          </aside>
          <main id={MAIN_CONTENT_ID} className="min-w-0 flex-1">{children}</main>
        </div>
        {paletteUsed && <CommandPalette organizationId={organizationId} open={palette.open} onClose={closePalette} />}
      </ContentDialogsProvider>
    </ContentTreeProvider>
  );
}
