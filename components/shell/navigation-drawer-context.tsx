"use client";

import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

type DrawerState = {
  /** Whether a page below registered a sidebar (organization pages do; the no-organization page does not). */
  available: boolean;
  /** The organization whose sidebar is shown: the top bar's switcher names it, on settings pages too. */
  organizationId: string | null;
  open: boolean;
  setOpen: (open: boolean) => void;
  setOrganizationId: (organizationId: string | null) => void;
};

const DrawerContext = createContext<DrawerState | null>(null);

/**
 * Below 1024px the sidebar is a drawer; its toggle sits in the top bar while the sidebar
 * lives in the organization layout, so both read the drawer state from here.
 */
export function NavigationDrawerProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const value = useMemo(() => ({ open, setOpen, available: organizationId !== null, organizationId, setOrganizationId }), [open, organizationId]);
  return <DrawerContext.Provider value={value}>{children}</DrawerContext.Provider>;
}

export function useNavigationDrawer(): DrawerState {
  const state = useContext(DrawerContext);
  if (!state) throw new Error("useNavigationDrawer must be used inside <NavigationDrawerProvider>.");
  return state;
}

/** Declares that the current page has the sidebar of an organization, for as long as the caller is mounted. */
export function useRegisterNavigationDrawer(organizationId: string): DrawerState {
  const state = useNavigationDrawer();
  const { setOrganizationId, setOpen } = state;
  useEffect(() => {
    setOrganizationId(organizationId);
    return () => {
      setOrganizationId(null);
      setOpen(false);
    };
  }, [organizationId, setOrganizationId, setOpen]);
  return state;
}
