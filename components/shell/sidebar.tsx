"use client";

import clsx from "clsx";
import { BookPlus, FolderPlus, Globe, House, Puzzle, Settings, Trash2, Users, Webhook } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import type { ReactNode } from "react";
import { usePathname } from "next/navigation";
import { useContentDialogs } from "@/components/tree/content-dialogs";
import { useContentTree } from "@/components/tree/content-tree-context";
import { ContentTree } from "@/components/tree/content-tree";
import { creatableCollection } from "@/components/tree/tree-model";
import { integrationsHref } from "@/components/integrations/integration-model";
import { peopleHref } from "@/components/people/people-nav";
import { sitesHref } from "@/components/sites/list/site-model";

/** The organization's navigation: create buttons, home, the content tree, sites, integrations, people, webhooks and settings (admins), and the trash. */
export function Sidebar({ organizationId }: { organizationId: string }) {
  const tree = useContentTree();
  const dialogs = useContentDialogs();
  const pathname = usePathname();
  const homeHref = `/o/${organizationId}`;
  const trashHref = `/o/${organizationId}/trash`;
  const webhooksHref = `/o/${organizationId}/webhooks`;
  const settingsHref = `/o/${organizationId}/settings`;
  const peopleRoot = peopleHref(organizationId);
  const sitesRoot = sitesHref(organizationId);
  const integrationsRoot = integrationsHref(organizationId);
  const canCreate = tree.data?.organization.permissions.createContent ?? false;
  // With a collection open, new content goes inside it (the dialog says where).
  const openCollection = /^\/o\/[^/]+\/c\/([^/]+)/.exec(pathname)?.[1];
  const parent = openCollection && tree.data ? creatableCollection(tree.data.items, decodeURIComponent(openCollection)) : null;

  return (
    <div className="flex h-full min-h-0 w-full flex-col">
      <div className="space-y-2 border-b border-slate-200 p-3">
        {(canCreate || parent) && (
          <div className="grid grid-cols-2 gap-2">
            <SidebarButton onClick={() => dialogs.openCreate("space", parent)} icon={<BookPlus aria-hidden className="size-4" />}>
              New space
            </SidebarButton>
            <SidebarButton onClick={() => dialogs.openCreate("collection", parent)} icon={<FolderPlus aria-hidden className="size-4" />}>
              New collection
            </SidebarButton>
          </div>
        )}
        <SidebarLink href={homeHref} current={pathname === homeHref} icon={<House aria-hidden className="size-4" />}>
          Home
        </SidebarLink>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 py-2">
        <ContentTree />
      </div>
      <div className="border-t border-slate-200 p-2">
        <SidebarLink href={sitesRoot} current={pathname === sitesRoot || pathname.startsWith(`${sitesRoot}/`)} icon={<Globe aria-hidden className="size-4" />}>
          Sites
        </SidebarLink>
        {tree.data?.organization.permissions.listIntegrations && (
          <SidebarLink href={integrationsRoot} current={pathname === integrationsRoot || pathname.startsWith(`${integrationsRoot}/`)} icon={<Puzzle aria-hidden className="size-4" />}>
            Integrations
          </SidebarLink>
        )}
        {tree.data?.organization.permissions.listMembers && (
          <SidebarLink href={peopleRoot} current={pathname.startsWith(peopleRoot)} icon={<Users aria-hidden className="size-4" />}>
            People
          </SidebarLink>
        )}
        {tree.data?.organization.permissions.admin && (
          <SidebarLink href={webhooksHref} current={pathname.startsWith(webhooksHref)} icon={<Webhook aria-hidden className="size-4" />}>
            Webhooks
          </SidebarLink>
        )}
        {tree.data?.organization.permissions.admin && (
          <SidebarLink href={settingsHref} current={pathname === settingsHref} icon={<Settings aria-hidden className="size-4" />}>
            Settings
          </SidebarLink>
        )}
        <SidebarLink href={trashHref} current={pathname === trashHref} icon={<Trash2 aria-hidden className="size-4" />}>
          Trash
        </SidebarLink>
      </div>
    </div>
  );
}

function SidebarButton({ onClick, icon, children }: { onClick: () => void; icon: ReactNode; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex items-center justify-center gap-1.5 whitespace-nowrap rounded-md border border-slate-300 bg-white px-2 py-1.5 text-xs font-medium text-slate-700 shadow-xs hover:bg-slate-50 hover:text-slate-900"
    >
      {icon}
      {children}
    </button>
  );
}

function SidebarLink({ href, current, icon, children }: { href: string; current: boolean; icon: ReactNode; children: ReactNode }) {
  return (
    <IntentLink
      href={href}
      aria-current={current ? "page" : undefined}
      className={clsx(
        "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm",
        current ? "bg-indigo-50 font-medium text-indigo-900" : "text-slate-600 hover:bg-slate-200/60 hover:text-slate-900",
      )}
    >
      {icon}
      {children}
    </IntentLink>
  );
}
