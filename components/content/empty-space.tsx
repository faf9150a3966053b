"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LayoutTemplate, PencilLine } from "lucide-react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ImportWebsiteButton } from "@/components/import/import-website-button";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import type { SpaceObject } from "@/server/presenters/space";

/**
 * A space without pages, where a new space opens: for those who may edit it, "Start writing" (the
 * editor, or a change request where the space is reviewed), a built-in template applied at once,
 * or an import; for readers, that there is nothing to read yet.
 */
export function EmptySpace({ space, onStartWriting, startPending }: { space: SpaceObject; onStartWriting: () => void; startPending: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const templates = useQuery({ ...trpc.settings.spaceTemplates.queryOptions(), enabled: space.permissions.edit });
  const apply = useMutation(
    trpc.settings.applySpaceTemplate.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.settings.spacePages.queryKey({ spaceId: space.id }) }) }),
  );
  if (!space.permissions.edit) return <EmptyState title="No pages yet" description="Nothing has been written in this space yet." />;
  return (
    <section aria-labelledby="empty-space-heading" className="space-y-6 rounded-lg border border-dashed border-slate-300 p-6 sm:p-8">
      <div className="space-y-2">
        <h2 id="empty-space-heading" className="text-lg font-semibold text-slate-900">
          This space is empty
        </h2>
        <p className="max-w-prose text-sm text-slate-600">Write its first page, start from a template, or import pages from a website.</p>
        <div className="flex flex-wrap gap-2 pt-2">
          <Button onClick={onStartWriting} disabled={startPending}>
            <PencilLine aria-hidden className="size-4" />
            Start writing
          </Button>
          <ImportWebsiteButton space={space} />
        </div>
      </div>
      <div className="space-y-3">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-800">
          <LayoutTemplate aria-hidden className="size-4" />
          Start from a template
        </h3>
        {apply.isError && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            The template could not be applied. {errorMessage(apply.error)}
          </p>
        )}
        {templates.isError ? (
          <p className="text-sm text-slate-600">The templates could not be loaded. {errorMessage(templates.error)}</p>
        ) : (
          <ul aria-label="Templates" className="grid gap-3 sm:grid-cols-3">
            {(templates.data?.items ?? []).map((template) => (
              <li key={template.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4">
                <p className="font-medium text-slate-900">{template.title}</p>
                <p className="flex-1 text-sm text-slate-600">{template.subtitle}</p>
                <Button
                  variant="secondary"
                  // The visible words first, then which template (WCAG 2.5.3, label in name).
                  aria-label={`Use template: ${template.title}`}
                  loading={apply.isPending && apply.variables?.id === template.id}
                  disabled={apply.isPending}
                  onClick={() => apply.mutate({ spaceId: space.id, id: template.id })}
                >
                  Use template
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
