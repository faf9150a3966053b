"use client";

import { useQuery } from "@tanstack/react-query";
import { Building2, ChevronsUpDown, Plus, Undo2 } from "lucide-react";
import { useParams, useRouter } from "next/navigation";
import { useState } from "react";
import { daysLeftLabel, useRestorableOrganizations } from "@/components/organization-settings/restore-organization";
import { useTRPC } from "@/components/providers/trpc-provider";
import { CreateOrganizationDialog } from "./create-organization-dialog";
import { useNavigationDrawer } from "./navigation-drawer-context";
import { Menu, MenuItem, MenuLabel, MenuRadioItem, MenuSeparator } from "./menu";

/** The current organization, and a menu to switch to another one, create one, or restore one deleted lately. */
export function OrganizationSwitcher() {
  const trpc = useTRPC();
  const router = useRouter();
  const params = useParams<{ organizationId?: string }>();
  const drawer = useNavigationDrawer();
  // Settings pages have no organization in their address but show one's sidebar.
  const organizationId = params.organizationId ?? drawer.organizationId ?? undefined;
  const organizations = useQuery(trpc.organizations.list.queryOptions());
  const [creating, setCreating] = useState(false);
  const restorable = useRestorableOrganizations();
  const items = organizations.data?.items ?? [];
  const current = items.find((organization) => organization.id === organizationId);

  return (
    <>
      <Menu
        // Each name holds what the button shows (WCAG 2.5.3, "label in name"), "Loading…" too.
        label={current ? `Organization: ${current.title}` : organizations.isPending ? "Organizations: Loading…" : "Organizations: choose one"}
        buttonClassName="flex min-w-0 max-w-[16rem] items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 aria-expanded:bg-slate-100"
        button={
          <>
            <Building2 aria-hidden className="size-4 shrink-0 text-slate-500" />
            <span className="truncate">{current?.title ?? (organizations.isPending ? "Loading…" : "Organizations")}</span>
            <ChevronsUpDown aria-hidden className="size-3.5 shrink-0 text-slate-400" />
          </>
        }
      >
        {items.length > 0 && <MenuLabel>Organizations</MenuLabel>}
        {items.map((organization) => (
          <MenuRadioItem key={organization.id} checked={organization.id === organizationId} onSelect={() => router.push(`/o/${organization.id}`)}>
            {organization.title}
          </MenuRadioItem>
        ))}
        {items.length > 0 && <MenuSeparator />}
        {restorable.items.length > 0 && <MenuLabel>Deleted organizations</MenuLabel>}
        {restorable.items.map((organization) => (
          <MenuItem key={organization.id} icon={<Undo2 className="size-4" />} disabled={restorable.restore.isPending} onSelect={() => restorable.restore.mutate({ organizationId: organization.id })}>
            {`Restore ${organization.title} (${daysLeftLabel(organization.daysLeft)})`}
          </MenuItem>
        ))}
        {restorable.items.length > 0 && <MenuSeparator />}
        <MenuItem icon={<Plus className="size-4" />} onSelect={() => setCreating(true)}>
          Create organization
        </MenuItem>
      </Menu>
      <CreateOrganizationDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
