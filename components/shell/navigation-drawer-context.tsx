"use client";

import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

type DrawerState = {
  /** Whether a page below registered a sidebar (organization pages do; the no-organization page does not). */
  available: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
  setAvailable: (available: boolean) => void;
};

const DrawerContext = createContext<DrawerState | null>(null);

/**
 * Below 1024px the sidebar is a drawer; its toggle sits in the top bar while the sidebar
 * lives in the organization layout, so both read the drawer state from here.
 */
export function NavigationDrawerProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [available, setAvailable] = useState(false);
  const value = useMemo(() => ({ open, setOpen, available, setAvailable }), [open, available]);
  return <DrawerContext.Provider value={value}>{children}</DrawerContext.Provider>;
}

export function useNavigationDrawer(): DrawerState {
  const state = useContext(DrawerContext);
  if (!state) throw new Error("useNavigationDrawer must be used inside <NavigationDrawerProvider>.");
  return state;
}

/** Declares that the current page has a sidebar, for as long as the caller is mounted. */
export function useRegisterNavigationDrawer(): DrawerState {
  const state = useNavigationDrawer();
  const { setAvailable, setOpen } = state;
  useEffect(() => {
    setAvailable(true);
    return () => {
      setAvailable(false);
      setOpen(false);
    };
  }, [setAvailable, setOpen]);
  return state;
}
