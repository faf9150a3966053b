"use client";

import { useQuery } from "@tanstack/react-query";
import { KeyRound, LogOut, UserRound } from "lucide-react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { initials } from "@/components/ui/avatar";
import { useTheme, type ThemeChoice } from "@/components/ui/theme";
import { Menu, MenuItem, MenuLabel, MenuLink, MenuRadioItem, MenuSeparator } from "./menu";

const THEMES: { value: ThemeChoice; label: string }[] = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "system", label: "Same as system" },
];

/** The signed-in user: their profile, API tokens, the theme and sign out. */
export function UserMenu() {
  const trpc = useTRPC();
  const me = useQuery(trpc.organizations.me.queryOptions());
  const name = me.data?.displayName ?? "";
  const theme = useTheme();

  return (
    <Menu
      align="end"
      buttonClassName="flex items-center gap-2 rounded-full p-0.5 pr-0.5 text-sm text-slate-700 hover:bg-slate-100 aria-expanded:bg-slate-100 sm:pr-3"
      button={
        <>
          <span aria-hidden className="grid size-8 place-items-center rounded-full bg-slate-800 text-xs font-semibold text-white">
            {me.data ? initials(name) : ""}
          </span>
          {/* The button is named by the name it shows (WCAG 2.5.3, "label in name"), hidden on phones but still read out. */}
          <span className={name ? "sr-only sm:not-sr-only sm:max-w-40 sm:truncate" : "sr-only"}>{name || "User menu"}</span>
        </>
      }
    >
      {me.data && (
        <div className="border-b border-slate-100 px-3 pb-2 pt-1.5">
          <p className="truncate font-medium text-slate-900">{me.data.displayName}</p>
          <p className="truncate text-xs text-slate-500">{me.data.email}</p>
        </div>
      )}
      <MenuLink href="/settings/profile" icon={<UserRound className="size-4" />}>
        Profile
      </MenuLink>
      <MenuLink href="/settings/tokens" icon={<KeyRound className="size-4" />}>
        API tokens
      </MenuLink>
      <MenuSeparator />
      <MenuLabel>Theme</MenuLabel>
      {THEMES.map((option) => (
        <MenuRadioItem key={option.value} checked={theme.choice === option.value} onSelect={() => theme.setChoice(option.value)}>
          {option.label}
        </MenuRadioItem>
      ))}
      <MenuSeparator />
      <MenuItem icon={<LogOut className="size-4" />} onSelect={() => void signOutToLogin()}>
        Sign out
      </MenuItem>
    </Menu>
  );
}

/** NextAuth's client is loaded when someone signs out, not with every page that shows this menu. */
async function signOutToLogin() {
  const { signOut } = await import("next-auth/react");
  await signOut({ callbackUrl: "/login" });
}
