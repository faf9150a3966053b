"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import clsx from "clsx";
import { RotateCcw } from "lucide-react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { ContentIcon } from "@/components/tree/content-icon";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/trpc-error";
import type { AppRouter } from "@/server/trpc/root";
import type { inferRouterOutputs } from "@trpc/server";

type DeletedSpace = inferRouterOutputs<AppRouter>["content"]["trash"][number];

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function TrashRow({ space }: { space: DeletedSpace }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const restore = useMutation(
    trpc.content.restoreSpace.mutationOptions({
      // The space returns to the tree and leaves the trash: refresh both.
      onSuccess: async (restored) => {
        await queryClient.invalidateQueries();
        toast.success(`“${restored.title}” restored`);
      },
      onError: (error) => toast.error(`Could not restore “${space.title}”: ${errorMessage(error)}`),
    }),
  );
  const urgent = space.daysLeft <= 1;

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <ContentIcon node={{ type: "space", emoji: space.emoji || undefined }} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{space.title}</p>
        <p className="text-xs text-slate-500">Deleted {space.deletedAt ? dateFormat.format(new Date(space.deletedAt)) : ""}</p>
      </div>
      <span
        className={clsx(
          "rounded-full px-2 py-0.5 text-xs font-medium",
          urgent ? "bg-amber-100 text-amber-800" : "bg-slate-100 text-slate-600",
        )}
      >
        {space.daysLeft === 1 ? "1 day left" : `${space.daysLeft} days left`}
      </span>
      <Button variant="secondary" loading={restore.isPending} onClick={() => restore.mutate({ spaceId: space.id })} aria-label={`Restore ${space.title}`}>
        {!restore.isPending && <RotateCcw aria-hidden className="size-4" />}
        {restore.isPending ? "Restoring…" : "Restore"}
      </Button>
    </li>
  );
}
