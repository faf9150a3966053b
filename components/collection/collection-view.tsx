"use client";

import { useQuery } from "@tanstack/react-query";
import { Folder } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ShareButton } from "@/components/sharing/sharing-dialog";
import { NotFoundState, isNotFound } from "@/components/space/query-errors";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { CollectionSettingsForm } from "./collection-settings-form";
import { CollectionSpaces } from "./collection-spaces";

export function CollectionView({ organizationId, collectionId }: { organizationId: string; collectionId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const collection = useQuery(trpc.settings.getCollection.queryOptions({ collectionId }));
  const elsewhere = collection.data && collection.data.organization !== organizationId;
  useEffect(() => {
    // A collection reached through another organization's address: show it under its own.
    if (collection.data && elsewhere) router.replace(`/o/${collection.data.organization}/c/${collection.data.id}`);
  }, [collection.data, elsewhere, router]);

  if (collection.isPending || elsewhere) return <LoadingState label="Loading collection…" />;
  if (collection.isError) {
    return isNotFound(collection.error) ? (
      <NotFoundState message="This collection doesn't exist or you don't have access" organizationId={organizationId} />
    ) : (
      <ErrorState message={errorMessage(collection.error)} onRetry={() => void collection.refetch()} />
    );
  }
  const { data } = collection;
  return (
    <div className="space-y-8">
      <header className="space-y-1">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="flex min-w-0 items-center gap-3 text-2xl font-semibold text-slate-900">
            <Folder aria-hidden className="size-6 shrink-0 text-slate-400" />
            <span className="truncate">{data.title}</span>
          </h1>
          <ShareButton organizationId={organizationId} target={{ type: "collection", id: data.id }} title={data.title} canShare={data.permissions.admin} />
        </div>
        {data.description && <p className="text-slate-600">{data.description}</p>}
      </header>
      <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <CollectionSpaces organizationId={organizationId} collectionId={collectionId} />
        <div className="h-fit rounded-lg border border-slate-200 p-4 sm:p-6">
          <CollectionSettingsForm collection={data} />
        </div>
      </div>
    </div>
  );
}
