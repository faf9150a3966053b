"use client";

import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { Folder, Globe, Link2, Lock, LockKeyhole, UserCheck } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ShareButton } from "@/components/sharing/sharing-dialog";
import { VISIBILITIES } from "@/components/space/content-options";
import { emojiCharacters } from "@/components/space/emoji";
import { NotFoundState, isNotFound } from "@/components/space/query-errors";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import type { SpaceObject } from "@/server/presenters/space";
import { changeRequestsHref, historyHref, readerHref, spaceHref, spaceIntegrationsHref } from "./space-hrefs";

export { changeRequestHref, changeRequestsHref, historyHref, liveEditHref, readerHref, revisionReaderHref, spaceHref, spaceIntegrationsHref } from "./space-hrefs";

type Tab = "content" | "change-requests" | "history" | "integrations" | "settings";

/**
 * The frame of every screen of a space: loads the space (with its loading, error and not-found
 * states), shows its header — the same on every tab, at the same place — and the Content / Change
 * requests / History / Integrations / Settings tabs, then the screen. A screen that is not `wide`
 * keeps to a narrower column under the header.
 */
export function SpaceFrame({
  organizationId,
  spaceId,
  tab,
  wide = false,
  children,
}: {
  organizationId: string;
  spaceId: string;
  tab: Tab;
  wide?: boolean;
  children: (space: SpaceObject) => ReactNode;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const space = useQuery(trpc.settings.getSpace.queryOptions({ spaceId }));
  const elsewhere = space.data && space.data.organization !== organizationId;
  useEffect(() => {
    // A space reached through another organization's address: show it under its own.
    if (space.data && elsewhere) router.replace(pathname.replace(`/o/${organizationId}/`, `/o/${space.data.organization}/`));
  }, [elsewhere, organizationId, pathname, router, space.data]);

  return (
    <div className="mx-auto w-full max-w-[90rem] px-4 py-6 sm:px-6">
      {space.isPending || elsewhere ? (
        <LoadingState label="Loading space…" />
      ) : space.isError ? (
        isNotFound(space.error) ? (
          <NotFoundState message="This space doesn't exist or you don't have access" organizationId={organizationId} />
        ) : (
          <ErrorState message={errorMessage(space.error)} onRetry={() => void space.refetch()} />
        )
      ) : (
        <>
          <SpaceTabs space={space.data} organizationId={organizationId} current={tab} />
          {wide ? children(space.data) : <div className="max-w-6xl">{children(space.data)}</div>}
        </>
      )}
    </div>
  );
}

const visibilityIcons = { public: Globe, unlisted: Link2, "share-link": Link2, "visitor-auth": UserCheck, "in-collection": Folder, private: LockKeyhole };

/**
 * The space's header above its tabs: its collection, title, sharing, visibility and lock. The
 * title is the page's heading on the settings tab only; the other tabs have headings of their own
 * (a page, a change request), so there it is text that looks the same.
 */
export function SpaceTabs({ space, organizationId, current }: { space: SpaceObject; organizationId: string; current: Tab }) {
  const trpc = useTRPC();
  // The parent's title for the breadcrumb; the header stands without it if it cannot load.
  const parent = useQuery({ ...trpc.settings.getCollection.queryOptions({ collectionId: space.parent ?? "" }), enabled: space.parent !== undefined });
  const visibility = VISIBILITIES.find((choice) => choice.value === space.visibility);
  const VisibilityIcon = visibilityIcons[space.visibility as keyof typeof visibilityIcons] ?? LockKeyhole;
  const emoji = emojiCharacters(space.emoji);
  const Title = current === "settings" ? "h1" : "p";
  return (
    <header className="mb-6 space-y-1">
      {space.parent && parent.data && (
        <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
          <IntentLink href={`/o/${organizationId}/c/${parent.data.id}`} className="inline-flex items-center gap-1.5 hover:text-slate-800">
            <Folder aria-hidden className="size-4" />
            {parent.data.title}
          </IntentLink>
        </nav>
      )}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-4 gap-y-1">
          <Title className="flex min-w-0 items-center gap-2 text-xl font-semibold text-slate-900">
            {emoji && <span aria-hidden>{emoji}</span>}
            <span className="truncate">{space.title}</span>
          </Title>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500">
            <span className="inline-flex items-center gap-1.5">
              <VisibilityIcon aria-hidden className="size-4" />
              {visibility?.label ?? space.visibility}
            </span>
            {space.editMode === "locked" && (
              <span className="inline-flex items-center gap-1.5">
                <Lock aria-hidden className="size-4" />
                Locked
              </span>
            )}
          </p>
        </div>
        <ShareButton organizationId={organizationId} target={{ type: "space", id: space.id }} title={space.title} canShare={space.permissions.admin} />
      </div>
      <SpaceNavTabs space={space} organizationId={organizationId} current={current} className="mt-2" />
    </header>
  );
}

/** Content / Change requests / History / Integrations / Settings: the space's screens (the count is its open change requests). */
export function SpaceNavTabs({ space, organizationId, current, className }: { space: SpaceObject; organizationId: string; current: Tab; className?: string }) {
  const tabs: { id: Tab; label: string; href: string; count?: number }[] = [
    { id: "content", label: "Content", href: readerHref(organizationId, space.id) },
    { id: "change-requests", label: "Change requests", href: changeRequestsHref(organizationId, space.id), count: space.changeRequestsOpen },
    { id: "history", label: "History", href: historyHref(organizationId, space.id) },
    { id: "integrations", label: "Integrations", href: spaceIntegrationsHref(organizationId, space.id) },
    { id: "settings", label: "Settings", href: spaceHref(organizationId, space.id) },
  ];
  return (
    <nav aria-label="Space" className={clsx("scroll-hint-x flex gap-1 overflow-x-auto border-b border-slate-200", className)}>
      {tabs.map((tab) => (
        <IntentLink
          key={tab.id}
          href={tab.href}
          aria-current={tab.id === current ? "page" : undefined}
          className={clsx(
            "-mb-px inline-flex items-center gap-1.5 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium",
            tab.id === current ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
          )}
        >
          {tab.label}
          {/* Named by what it shows, "open" read out only: an aria-label that differs from the text fails axe's label-in-name rule. */}
          {tab.count ? (
            <span className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-600">
              <span className="sr-only"> </span>
              {tab.count}
              <span className="sr-only"> open</span>
            </span>
          ) : null}
        </IntentLink>
      ))}
    </nav>
  );
}
