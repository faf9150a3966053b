"use client";

import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { useCommandPalette } from "./command-palette-context";

/** The top bar's search field: a button that looks like one, opening the command palette. */
export function SearchField() {
  const palette = useCommandPalette();
  // The shortcut's name depends on the platform, known only in the browser.
  const [shortcut, setShortcut] = useState("Ctrl K");
  useEffect(() => {
    if (/mac|iphone|ipad/i.test(navigator.platform)) setShortcut("⌘K");
  }, []);
  if (!palette.available) return null;
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-keyshortcuts="Control+K Meta+K"
      onClick={() => palette.setOpen(true)}
      className="flex items-center gap-2 rounded-md border border-slate-300 bg-white p-2 text-sm text-slate-600 hover:border-slate-400 hover:text-slate-900 sm:w-64 sm:px-3 sm:py-1.5"
    >
      <Search aria-hidden className="size-4 shrink-0" />
      <span className="max-sm:sr-only">Search</span>
      <kbd aria-hidden className="ml-auto hidden rounded border border-slate-300 px-1.5 text-xs text-slate-600 sm:inline">
        {shortcut}
      </kbd>
    </button>
  );
}
