"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowRight, Plus } from "lucide-react";
import { useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useSite } from "@/components/sites/list/use-site";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { ConfirmActions } from "@/components/ui/confirm-actions";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { sectionChoices, siteSpaceChoices, type SectionChoice, type SiteSpaceChoice } from "../customization/site-space-choices";
import { RedirectDialog, type Redirect } from "./redirect-dialog";

type Choices = { sections: SectionChoice[]; siteSpaces: SiteSpaceChoice[] };

/** Where a redirect leads, in words: the section's or variant's name, a page of a variant, or the URL. */
export function describeDestination(destination: Redirect["destination"], choices: Choices): string {
  switch (destination.kind) {
    case "site-section":
      return `Section ${choices.sections.find((section) => section.id === destination.siteSectionId)?.label ?? "(removed)"}`;
    case "site-space":
      return `Variant ${choices.siteSpaces.find((siteSpace) => siteSpace.id === destination.siteSpaceId)?.label ?? "(removed)"}`;
    case "site-page":
      return `A page of ${choices.siteSpaces.find((siteSpace) => siteSpace.id === destination.siteSpaceId)?.label ?? "a removed variant"}`;
    case "external":
      return destination.url;
  }
}

/** A site's redirects: old paths of the site sent to a section, a variant, a page or another address. */
export function RedirectsPage({ organizationId, siteId }: { organizationId: string; siteId: string }) {
  const trpc = useTRPC();
  const site = useSite(organizationId, siteId);
  const structure = useQuery(trpc.siteStructure.get.queryOptions({ organizationId, siteId }));
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [editing, setEditing] = useState<Redirect | "new" | null>(null);
  const [deleting, setDeleting] = useState<Redirect | null>(null);

  if (site.isPending || structure.isPending) return <LoadingState label="Loading redirects…" />;
  if (site.isError) return <ErrorState message={errorMessage(site.error)} onRetry={() => void site.refetch()} />;
  if (structure.isError) return <ErrorState message={errorMessage(structure.error)} onRetry={() => void structure.refetch()} />;
  const canManage = site.data.permissions.create;
  const choices: Choices = { sections: sectionChoices(structure.data), siteSpaces: siteSpaceChoices(structure.data) };

  return (
    <section aria-labelledby="redirects-heading" className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h2 id="redirects-heading" className="text-xl font-semibold text-slate-900">
            Redirects
          </h2>
          <p className="max-w-xl text-sm text-slate-600">Keep old links working: a visitor opening one of these paths of the site is sent to where it leads.</p>
        </div>
        {canManage && (
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden className="size-4" />
            Add redirect
          </Button>
        )}
      </div>
      {!canManage && <p className="text-sm text-slate-600">Changing redirects needs the create role on this site.</p>}
      <ul aria-label="Redirects" className="divide-y divide-slate-200 rounded-lg border border-slate-200 empty:hidden">
        {cursors.map((cursor, index) => (
          <RedirectsChunk
            key={cursor ?? "first"}
            organizationId={organizationId}
            siteId={siteId}
            cursor={cursor}
            last={index === cursors.length - 1}
            first={index === 0}
            choices={choices}
            canManage={canManage}
            onMore={(next) => setCursors((current) => [...current, next])}
            onEdit={setEditing}
            onDelete={setDeleting}
            onAdd={() => setEditing("new")}
          />
        ))}
      </ul>
      <RedirectDialog organizationId={organizationId} siteId={siteId} redirect={editing} sections={choices.sections} siteSpaces={choices.siteSpaces} onClose={() => setEditing(null)} />
      <DeleteRedirectDialog organizationId={organizationId} siteId={siteId} redirect={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function RedirectsChunk({
  organizationId,
  siteId,
  cursor,
  first,
  last,
  choices,
  canManage,
  onMore,
  onEdit,
  onDelete,
  onAdd,
}: {
  organizationId: string;
  siteId: string;
  cursor: string | undefined;
  first: boolean;
  last: boolean;
  choices: Choices;
  canManage: boolean;
  onMore: (next: string) => void;
  onEdit: (redirect: Redirect) => void;
  onDelete: (redirect: Redirect) => void;
  onAdd: () => void;
}) {
  const trpc = useTRPC();
  const redirects = useQuery(trpc.siteRedirects.list.queryOptions({ organizationId, siteId, ...(cursor ? { cursor } : {}) }));
  if (redirects.isPending) return <li><LoadingState label="Loading redirects…" /></li>;
  if (redirects.isError) return <li className="p-3"><ErrorState message={errorMessage(redirects.error)} onRetry={() => void redirects.refetch()} /></li>;
  const items = redirects.data.items as Redirect[];
  if (items.length === 0) {
    return first ? (
      <li className="p-3">
        <EmptyState
          title="No redirects yet"
          description={canManage ? "When you move or rename pages, add a redirect so that old links still land somewhere useful." : "This site sends no old paths elsewhere."}
          action={canManage ? <Button onClick={onAdd}>Add redirect</Button> : undefined}
        />
      </li>
    ) : null;
  }
  return (
    <>
      {items.map((redirect) => (
        <li key={redirect.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
            <code className="font-mono text-sm break-all text-slate-900">{redirect.source}</code>
            <ArrowRight aria-label="leads to" className="size-4 shrink-0 text-slate-400" />
            <span className="min-w-0 text-sm break-all text-slate-700">{describeDestination(redirect.destination, choices)}</span>
            <span className="w-full text-xs text-slate-500">
              {redirect.permanent ? "Permanent (308)" : "Temporary (307)"}
              {redirect.captureWildcard ? " · keeps the rest of the path" : ""}
            </span>
          </div>
          {canManage && (
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => onEdit(redirect)} aria-label={`Edit redirect ${redirect.source}`}>
                Edit
              </Button>
              <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => onDelete(redirect)} aria-label={`Delete redirect ${redirect.source}`}>
                Delete
              </Button>
            </div>
          )}
        </li>
      ))}
      {last && redirects.data.next && (
        <li className="flex justify-center p-2">
          <Button variant="ghost" onClick={() => onMore(redirects.data.next!.page)}>
            Show more redirects
          </Button>
        </li>
      )}
    </>
  );
}

function DeleteRedirectDialog({ organizationId, siteId, redirect, onClose }: { organizationId: string; siteId: string; redirect: Redirect | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const remove = useMutation(
    trpc.siteRedirects.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.siteRedirects.pathKey() });
        toast.success("Redirect deleted.");
        close();
      },
    }),
  );
  function close() {
    remove.reset();
    onClose();
  }
  return (
    <Dialog open={redirect !== null} onClose={close} title="Delete this redirect?">
      {redirect && (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            Visitors opening <code className="font-mono text-slate-900">{redirect.source}</code> will no longer be sent on.
          </p>
          <ConfirmActions error={remove.error ? errorMessage(remove.error) : undefined} pending={remove.isPending} confirmLabel="Delete redirect" onCancel={close} onConfirm={() => remove.mutate({ organizationId, siteId, siteRedirectId: redirect.id })} />
        </div>
      )}
    </Dialog>
  );
}
