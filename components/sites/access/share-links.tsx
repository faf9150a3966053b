"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, Link2, Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { ConfirmActions } from "@/components/ui/confirm-actions";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { useCopy } from "./use-copy";

const NAME_MAX = 50;

type ShareLink = { id: string; name?: string; active?: boolean; createdAt: string; expiresAt?: string | null; urls: { published?: string } };
type Site = { organizationId: string; siteId: string };

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const expired = (link: ShareLink) => Boolean(link.expiresAt && new Date(link.expiresAt).getTime() <= Date.now());

/** The end of the day picked in a date field, in the browser's time zone, as the service takes it (or none). */
function expiryOf(day: string): string | undefined {
  return day ? new Date(`${day}T23:59:59`).toISOString() : undefined;
}

/**
 * Share links: each one opens the site to whoever has it while the site's visibility is "share link".
 * Admins create them (a name, an optional expiry), copy them, deactivate and delete them.
 */
export function ShareLinks({ organizationId, siteId, canManage, visibility }: Site & { canManage: boolean; visibility: string }) {
  const trpc = useTRPC();
  const links = useQuery({ ...trpc.siteAccess.shareLinks.queryOptions({ organizationId, siteId }), enabled: canManage });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ShareLink | null>(null);

  return (
    <section aria-labelledby="share-links-heading" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h3 id="share-links-heading" className="text-lg font-semibold text-slate-900">
            Share links
          </h3>
          <p className="max-w-xl text-sm text-slate-600">
            {visibility === "share-link" ? "Anyone with one of these links can read the site." : "These links open the site once its visibility is “Share link” (in the site's settings)."}
          </p>
        </div>
        {canManage && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" />
            New share link
          </Button>
        )}
      </div>
      {!canManage ? (
        <p className="text-sm text-slate-600">Only the site&apos;s admins see and manage its share links.</p>
      ) : links.isPending ? (
        <LoadingState label="Loading share links…" />
      ) : links.isError ? (
        <ErrorState message={errorMessage(links.error)} onRetry={() => void links.refetch()} />
      ) : links.data.length === 0 ? (
        <EmptyState title="No share links yet" description="Create one to let people without an account read the site." action={<Button onClick={() => setCreating(true)}>New share link</Button>} />
      ) : (
        <ul aria-label="Share links" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {(links.data as ShareLink[]).map((link) => (
            <ShareLinkRow key={link.id} organizationId={organizationId} siteId={siteId} link={link} onDelete={() => setDeleting(link)} />
          ))}
        </ul>
      )}
      <CreateShareLinkDialog organizationId={organizationId} siteId={siteId} open={creating} onClose={() => setCreating(false)} />
      <DeleteShareLinkDialog organizationId={organizationId} siteId={siteId} link={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function useShareLinksChanged() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.siteAccess.shareLinks.pathKey() });
}

function ShareLinkRow({ organizationId, siteId, link, onDelete }: Site & { link: ShareLink; onDelete: () => void }) {
  const trpc = useTRPC();
  const changed = useShareLinksChanged();
  const toast = useToast();
  const copy = useCopy();
  const name = link.name || "Unnamed link";
  const update = useMutation(
    trpc.siteAccess.updateShareLink.mutationOptions({
      onSuccess: async (_data, variables) => {
        await changed();
        toast.success(variables.active ? `“${name}” works again.` : `“${name}” no longer opens the site.`);
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  const active = link.active !== false && !expired(link);
  const state = link.active === false ? "Deactivated" : expired(link) ? `Expired ${dateFormat.format(new Date(link.expiresAt!))}` : link.expiresAt ? `Active until ${dateFormat.format(new Date(link.expiresAt))}` : "Active";

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <Link2 aria-hidden className="size-5 shrink-0 text-slate-400" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{name}</p>
        <p className="text-sm text-slate-600">
          <span className={active ? "text-emerald-700" : "text-slate-600"}>{state}</span> · created {dateFormat.format(new Date(link.createdAt))}
        </p>
        {link.urls.published && <p className="truncate font-mono text-xs text-slate-500">{link.urls.published}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        {link.urls.published && (
          <Button variant="secondary" onClick={() => void copy(link.urls.published!, `Link “${name}” copied.`)} aria-label={`Copy link ${name}`}>
            <Copy aria-hidden className="size-4" />
            Copy
          </Button>
        )}
        <Button variant="secondary" loading={update.isPending} onClick={() => update.mutate({ organizationId, siteId, shareLinkId: link.id, active: link.active === false })} aria-label={`${link.active === false ? "Reactivate" : "Deactivate"} ${name}`}>
          {link.active === false ? "Reactivate" : "Deactivate"}
        </Button>
        <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={onDelete} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}

function CreateShareLinkDialog({ organizationId, siteId, open, onClose }: Site & { open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const changed = useShareLinksChanged();
  const copy = useCopy();
  const [name, setName] = useState("");
  const [expires, setExpires] = useState("");
  const today = new Date().toISOString().slice(0, 10);
  const create = useMutation(
    trpc.siteAccess.createShareLink.mutationOptions({
      onSuccess: async (link) => {
        await changed();
        close();
        if (link.urls.published) await copy(link.urls.published, `Share link “${link.name || "Unnamed link"}” created and copied.`);
      },
    }),
  );
  const problem = name.trim() === "" ? "Give the link a name, such as who it is for." : expires && expires < today ? "Pick a day from today on." : undefined;
  const [touched, setTouched] = useState(false);

  function close() {
    setName("");
    setExpires("");
    setTouched(false);
    create.reset();
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!problem) create.mutate({ organizationId, siteId, name: name.trim(), ...(expires ? { expiresAt: expiryOf(expires) } : {}) });
  }

  return (
    <Dialog open={open} onClose={close} title="New share link">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField label="Name" autoFocus required maxLength={NAME_MAX} value={name} onChange={(event) => setName(event.target.value)} hint="Who the link is for: “Acme's reviewers”." error={touched && name.trim() === "" ? problem : undefined} />
        <TextField label="Expires (optional)" type="date" min={today} value={expires} onChange={(event) => setExpires(event.target.value)} hint="The link stops working at the end of that day. Empty: it works until you deactivate it." error={touched && expires && expires < today ? problem : undefined} />
        <DialogFormActions error={create.error ? errorMessage(create.error) : undefined} submitLabel="Create and copy" submitting={create.isPending} onCancel={close} />
      </form>
    </Dialog>
  );
}

function DeleteShareLinkDialog({ organizationId, siteId, link, onClose }: Site & { link: ShareLink | null; onClose: () => void }) {
  const trpc = useTRPC();
  const changed = useShareLinksChanged();
  const toast = useToast();
  const remove = useMutation(
    trpc.siteAccess.deleteShareLink.mutationOptions({
      onSuccess: async () => {
        await changed();
        toast.success("Share link deleted.");
        close();
      },
    }),
  );
  function close() {
    remove.reset();
    onClose();
  }
  return (
    <Dialog open={link !== null} onClose={close} title="Delete this share link?">
      {link && (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            <strong className="text-slate-900">{link.name || "Unnamed link"}</strong> stops opening the site for everyone who has it. This cannot be undone.
          </p>
          <ConfirmActions error={remove.error ? errorMessage(remove.error) : undefined} pending={remove.isPending} confirmLabel="Delete link" onCancel={close} onConfirm={() => remove.mutate({ organizationId, siteId, shareLinkId: link.id })} />
        </div>
      )}
    </Dialog>
  );
}
