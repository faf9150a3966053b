"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ChevronRight, Plus, Send, Webhook as WebhookIcon } from "lucide-react";
import { useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { ConfirmActions } from "@/components/ui/confirm-actions";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { eventTypeLabel } from "./event-type-labels";
import { SecretShownOnce, WebhookDialog, type EditedWebhook } from "./webhook-dialog";
import { deliveriesInput, WebhookDeliveries } from "./webhook-deliveries";

/** The organization's webhooks, for its admins: add, edit, test, see deliveries, redeliver, rotate the secret, delete. */
export function WebhooksPage({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const webhooks = useQuery(trpc.webhooks.list.queryOptions({ organizationId }));
  const [editing, setEditing] = useState<{ webhook: EditedWebhook | null } | null>(null);
  const [removing, setRemoving] = useState<{ id: string; url: string } | null>(null);
  const [rotating, setRotating] = useState<{ id: string; url: string } | null>(null);

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-xl font-semibold text-slate-900">Webhooks</h1>
          <p className="max-w-2xl text-sm text-slate-600">
            Send this organization&apos;s events to your own endpoints as they happen: signed JSON, in order, retried for a day. A consumer that was
            down can also catch up from the event feed (<code className="font-mono text-xs">GET /v1/orgs/…/events</code>), which keeps 30 days.
          </p>
        </div>
        {webhooks.data && webhooks.data.items.length > 0 && (
          <Button onClick={() => setEditing({ webhook: null })}>
            <Plus aria-hidden className="size-4" />
            Add webhook
          </Button>
        )}
      </div>

      {webhooks.isPending ? (
        <LoadingState label="Loading webhooks…" />
      ) : webhooks.isError ? (
        <ErrorState message={errorMessage(webhooks.error)} onRetry={() => void webhooks.refetch()} />
      ) : webhooks.data.items.length === 0 ? (
        <EmptyState
          title="No webhook yet"
          description="Add the URL of an endpoint that should receive this organization's events, then send it a test event."
          action={<Button onClick={() => setEditing({ webhook: null })}>Add webhook</Button>}
        />
      ) : (
        <ul aria-label="Webhooks" className="space-y-3">
          {webhooks.data.items.map((webhook) => (
            <WebhookItem
              key={webhook.id}
              organizationId={organizationId}
              webhook={webhook}
              onEdit={() => setEditing({ webhook })}
              onRotate={() => setRotating({ id: webhook.id, url: webhook.url })}
              onRemove={() => setRemoving({ id: webhook.id, url: webhook.url })}
            />
          ))}
        </ul>
      )}

      <WebhookDialog organizationId={organizationId} open={editing !== null} webhook={editing?.webhook ?? null} onClose={() => setEditing(null)} />
      <RotateSecretDialog organizationId={organizationId} webhook={rotating} onClose={() => setRotating(null)} />
      <RemoveWebhookDialog organizationId={organizationId} webhook={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}

function WebhookItem({
  organizationId,
  webhook,
  onEdit,
  onRotate,
  onRemove,
}: {
  organizationId: string;
  webhook: EditedWebhook;
  onEdit: () => void;
  onRotate: () => void;
  onRemove: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const test = useMutation(
    trpc.webhooks.test.mutationOptions({
      onSuccess: async () => {
        setOpen(true);
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.infiniteQueryKey(deliveriesInput(organizationId, webhook.id)) });
      },
    }),
  );
  const panelId = `deliveries-${webhook.id}`;
  return (
    <li aria-label={webhook.url} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
        <WebhookIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-400" />
        <div className="min-w-0 flex-1 space-y-1">
          <p className="break-all font-mono text-sm font-medium text-slate-900">{webhook.url}</p>
          {webhook.description && <p className="text-sm text-slate-600">{webhook.description}</p>}
          <p className="text-sm text-slate-500">
            <span className={webhook.active ? "font-medium text-emerald-700" : "font-medium text-amber-700"}>{webhook.active ? "Active" : "Paused"}</span>
            {" · "}
            {webhook.eventTypes.length === 0 ? "Every event" : webhook.eventTypes.length <= 2 ? webhook.eventTypes.map(eventTypeLabel).join("; ") : `${webhook.eventTypes.length} event types`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" loading={test.isPending} onClick={() => test.mutate({ organizationId, webhookId: webhook.id })}>
            <Send aria-hidden className="size-4" />
            Send test
          </Button>
          <Button variant="secondary" aria-label={`Edit ${webhook.url}`} onClick={onEdit}>
            Edit
          </Button>
          <Button variant="secondary" aria-label={`Rotate secret of ${webhook.url}`} onClick={onRotate}>
            Rotate secret
          </Button>
          <Button variant="secondary" aria-label={`Delete ${webhook.url}`} onClick={onRemove}>
            Delete
          </Button>
        </div>
      </div>
      {test.error && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(test.error)}
        </p>
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-700 hover:text-indigo-900"
      >
        {open ? <ChevronDown aria-hidden className="size-4" /> : <ChevronRight aria-hidden className="size-4" />}
        Deliveries
      </button>
      {open && <WebhookDeliveries organizationId={organizationId} webhookId={webhook.id} id={panelId} />}
    </li>
  );
}

function RotateSecretDialog({ organizationId, webhook, onClose }: { organizationId: string; webhook: { id: string; url: string } | null; onClose: () => void }) {
  const trpc = useTRPC();
  const rotate = useMutation(trpc.webhooks.rotateSecret.mutationOptions());
  function close() {
    rotate.reset();
    onClose();
  }
  return (
    <Dialog open={webhook !== null} onClose={close} title={rotate.data ? "Your webhook's new signing secret" : "Rotate the signing secret?"}>
      {webhook &&
        (rotate.data ? (
          <SecretShownOnce url={rotate.data.url} secret={rotate.data.secret} onDone={close} />
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-slate-600">
              Deliveries to <span className="break-all font-mono text-slate-900">{webhook.url}</span> are signed with a new secret from now on: update the
              receiver with it, or it will refuse them.
            </p>
            <ConfirmActions
              error={rotate.error ? errorMessage(rotate.error) : undefined}
              pending={rotate.isPending}
              confirmLabel="Rotate secret"
              onCancel={close}
              onConfirm={() => rotate.mutate({ organizationId, webhookId: webhook.id })}
            />
          </div>
        ))}
    </Dialog>
  );
}

function RemoveWebhookDialog({ organizationId, webhook, onClose }: { organizationId: string; webhook: { id: string; url: string } | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey({ organizationId }) });
        close();
      },
    }),
  );
  function close() {
    remove.reset();
    onClose();
  }
  return (
    <Dialog open={webhook !== null} onClose={close} title="Delete this webhook?">
      {webhook && (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            <span className="break-all font-mono text-slate-900">{webhook.url}</span> will receive no more events, and its delivery history is deleted with it.
          </p>
          <ConfirmActions error={remove.error ? errorMessage(remove.error) : undefined} pending={remove.isPending} confirmLabel="Delete webhook" onCancel={close} onConfirm={() => remove.mutate({ organizationId, webhookId: webhook.id })} />
        </div>
      )}
    </Dialog>
  );
}
