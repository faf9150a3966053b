"use client";

import { Menu as MenuIcon } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { useNavigationDrawer } from "./navigation-drawer-context";
import { OrganizationSwitcher } from "./organization-switcher";
import { SearchField } from "./search-field";
import { UserMenu } from "./user-menu";

export const SIDEBAR_ID = "sidebar";

export function TopBar() {
  const drawer = useNavigationDrawer();
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-1 border-b border-slate-200 bg-white px-2 sm:gap-2 sm:px-4">
      {drawer.available && (
        <button
          type="button"
          aria-label="Navigation"
          aria-expanded={drawer.open}
          aria-controls={SIDEBAR_ID}
          onClick={() => drawer.setOpen(!drawer.open)}
          className="rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
        >
          <MenuIcon aria-hidden className="size-5" />
        </button>
      )}
      <IntentLink href="/" className="flex items-center gap-2 rounded-md px-1 py-1 font-semibold tracking-tight text-slate-900">
        <span aria-hidden className="grid size-7 place-items-center rounded-md bg-indigo-600 text-sm font-bold text-white">
          Q
        </span>
        {/* Below 640px the mark alone: the organization's name needs the room. */}
        <span className="sr-only sm:not-sr-only">Quire</span>
      </IntentLink>
      <span aria-hidden className="hidden px-1 text-slate-300 sm:inline">
        /
      </span>
      <OrganizationSwitcher />
      <div className="ml-auto flex items-center gap-2">
        <SearchField />
        <NotificationBell />
        <UserMenu />
      </div>
    </header>
  );
}
