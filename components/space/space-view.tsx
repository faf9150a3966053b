"use client";

import { useQuery } from "@tanstack/react-query";
import { Folder, Globe, Link2, Lock, LockKeyhole, UserCheck } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { SpaceNavTabs } from "@/components/content/space-frame";
import { SpaceMergeRules } from "@/components/merge-rules/merge-rules-form";
import { ShareButton } from "@/components/sharing/sharing-dialog";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import type { SpaceObject } from "@/server/presenters/space";
import { VISIBILITIES } from "./content-options";
import { emojiCharacters } from "./emoji";
import { NotFoundState, isNotFound } from "./query-errors";
import { SpacePagesList } from "./space-pages-list";
import { SpaceSettingsForm } from "./space-settings-form";

const visibilityIcons = { public: Globe, unlisted: Link2, "share-link": Link2, "visitor-auth": UserCheck, "in-collection": Folder, private: LockKeyhole };

export function SpaceView({ organizationId, spaceId }: { organizationId: string; spaceId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const space = useQuery(trpc.settings.getSpace.queryOptions({ spaceId }));
  const elsewhere = space.data && space.data.organization !== organizationId;
  useEffect(() => {
    // A space reached through another organization's address: show it under its own.
    if (space.data && elsewhere) router.replace(`/o/${space.data.organization}/s/${space.data.id}`);
  }, [elsewhere, router, space.data]);

  if (space.isPending || elsewhere) return <LoadingState label="Loading space…" />;
  if (space.isError) {
    return isNotFound(space.error) ? (
      <NotFoundState message="This space doesn't exist or you don't have access" organizationId={organizationId} />
    ) : (
      <ErrorState message={errorMessage(space.error)} onRetry={() => void space.refetch()} />
    );
  }
  return (
    <div className="space-y-8">
      <SpaceHeader space={space.data} organizationId={organizationId} />
      <SpaceNavTabs space={space.data} organizationId={organizationId} current="settings" className="-mt-4" />
      <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="space-y-8">
          <div className="rounded-lg border border-slate-200 p-4 sm:p-6">
            <SpaceSettingsForm space={space.data} />
          </div>
          {/* The rules are the space admins' to see and change; others meet them on a change request's review screen. */}
          {space.data.permissions.admin && (
            <div className="rounded-lg border border-slate-200 p-4 sm:p-6">
              <SpaceMergeRules spaceId={spaceId} />
            </div>
          )}
        </div>
        <SpacePagesList spaceId={spaceId} />
      </div>
    </div>
  );
}

function SpaceHeader({ space, organizationId }: { space: SpaceObject; organizationId: string }) {
  const trpc = useTRPC();
  // The parent's title for the breadcrumb; the header stands without it if it cannot load.
  const parent = useQuery({ ...trpc.settings.getCollection.queryOptions({ collectionId: space.parent ?? "" }), enabled: space.parent !== undefined });
  const visibility = VISIBILITIES.find((choice) => choice.value === space.visibility);
  const VisibilityIcon = visibilityIcons[space.visibility as keyof typeof visibilityIcons] ?? LockKeyhole;
  const emoji = emojiCharacters(space.emoji);
  return (
    <header className="space-y-2">
      {space.parent && parent.data && (
        <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
          <Link href={`/o/${organizationId}/c/${parent.data.id}`} className="inline-flex items-center gap-1.5 hover:text-slate-800">
            <Folder aria-hidden className="size-4" />
            {parent.data.title}
          </Link>
        </nav>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex min-w-0 items-center gap-3 text-2xl font-semibold text-slate-900">
          {emoji && <span aria-hidden>{emoji}</span>}
          <span className="truncate">{space.title}</span>
        </h1>
        <ShareButton organizationId={organizationId} target={{ type: "space", id: space.id }} title={space.title} canShare={space.permissions.admin} />
      </div>
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
    </header>
  );
}
