"use client";

import type { ReactNode } from "react";
import { CommandPaletteProvider } from "./command-palette-context";
import { NavigationDrawerProvider } from "./navigation-drawer-context";
import { ToastProvider } from "./toast";
import { TopBar } from "./top-bar";

/** The signed-in frame: top bar above the page, toasts over it. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <NavigationDrawerProvider>
        <CommandPaletteProvider>
          <div className="flex min-h-screen flex-col bg-white">
            <TopBar />
            <div className="flex min-h-0 flex-1 flex-col">{children}</div>
          </div>
        </CommandPaletteProvider>
      </NavigationDrawerProvider>
    </ToastProvider>
  );
}
