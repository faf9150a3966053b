"use client";

import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

type PaletteState = {
  /** Whether a page below registered a palette (organization pages do). */
  available: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
  setAvailable: (available: boolean) => void;
};

const PaletteContext = createContext<PaletteState | null>(null);

/**
 * The command palette's search field sits in the top bar while the palette lives in the
 * organization layout (it searches that organization), so both read its state from here.
 */
export function CommandPaletteProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [available, setAvailable] = useState(false);
  const value = useMemo(() => ({ open, setOpen, available, setAvailable }), [open, available]);
  return <PaletteContext.Provider value={value}>{children}</PaletteContext.Provider>;
}

export function useCommandPalette(): PaletteState {
  const state = useContext(PaletteContext);
  if (!state) throw new Error("useCommandPalette must be used inside <CommandPaletteProvider>.");
  return state;
}

/**
 * Declares the page's palette for as long as the caller is mounted, and opens it on Ctrl-K
 * (⌘-K on a Mac) from anywhere on the page, inputs included, as other tools do — unless what has
 * the focus handled the key itself (the block editor's text, where it adds a link).
 */
export function useRegisterCommandPalette(): PaletteState {
  const state = useCommandPalette();
  const { setAvailable, setOpen } = state;
  useEffect(() => {
    setAvailable(true);
    const onKeyDown = (event: KeyboardEvent) => {
      // A key already handled is not the palette's: in the block editor's text, Ctrl-K edits a link.
      if (event.defaultPrevented) return;
      if (event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      setAvailable(false);
      setOpen(false);
    };
  }, [setAvailable, setOpen]);
  return state;
}
