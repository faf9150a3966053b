"use client";

import { MAIN_CONTENT_ID } from "@/components/ui/skip-link";
import { useMutation } from "@tanstack/react-query";
import clsx from "clsx";
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ContentDialogsProvider } from "@/components/tree/content-dialogs";
import { ContentTreeProvider } from "@/components/tree/content-tree-context";
import { CommandPalette } from "@/components/palette/command-palette";
import { useRegisterCommandPalette } from "./command-palette-context";
import { useRegisterNavigationDrawer } from "./navigation-drawer-context";
import { Sidebar } from "./sidebar";
import { LAST_ORGANIZATION_COOKIE } from "./last-organization";
import { SIDEBAR_ID } from "./top-bar";

/**
 * An organization's pages: the sidebar beside the page from 1024px up, a drawer over it
 * below (toggled from the top bar; Escape, the backdrop or navigating close it).
 */
export function OrganizationShell({ organizationId, children }: { organizationId: string; children: ReactNode }) {
  const drawer = useRegisterNavigationDrawer(organizationId);
  const { open, setOpen } = drawer;
  const pathname = usePathname();
  const panel = useRef<HTMLElement>(null);
  const palette = useRegisterCommandPalette();
  const { setOpen: setPaletteOpen } = palette;
  const closePalette = useCallback(() => setPaletteOpen(false), [setPaletteOpen]);

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
            )}
          >
            <Sidebar organizationId={organizationId} />
          </aside>
          <main id={MAIN_CONTENT_ID} className="min-w-0 flex-1">{children}</main>
        </div>
        <CommandPalette organizationId={organizationId} open={palette.open} onClose={closePalette} />
      </ContentDialogsProvider>
    </ContentTreeProvider>
  );
}
