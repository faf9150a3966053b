"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { CopyButton } from "@/components/tokens/copy-button";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { fieldFailure } from "@/components/ui/trpc-error";
import type { WebhookEventType } from "@/server/webhooks/event-types";
import { EVENT_TYPE_GROUPS, eventTypeLabel } from "./event-type-labels";

export type EditedWebhook = { id: string; url: string; description: string; eventTypes: string[]; active: boolean };

const FIELDS = ["url", "description", "eventTypes"] as const;

/** Adds a webhook (`webhook` null), then shows its secret once; or changes one. */
export function WebhookDialog({ organizationId, open, webhook, onClose }: { organizationId: string; open: boolean; webhook: EditedWebhook | null; onClose: () => void }) {
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  function close() {
    setSecret(null);
    onClose();
  }
  return (
    <Dialog open={open} onClose={close} title={secret ? "Your webhook's signing secret" : webhook ? "Edit webhook" : "Add a webhook"} size="lg">
      {secret ? (
        <SecretShownOnce url={secret.url} secret={secret.secret} onDone={close} />
      ) : (
        // Remounted per webhook, so that the form starts from its values.
        <WebhookForm key={webhook?.id ?? "new"} organizationId={organizationId} webhook={webhook} onCreated={setSecret} onClose={close} />
      )}
    </Dialog>
  );
}

export function SecretShownOnce({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <p className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          Copy this secret now. <strong>You won&apos;t see it again</strong>: Quire keeps it encrypted and shows it only once.
        </span>
      </p>
      <div className="space-y-1">
        <p className="break-all text-sm text-slate-600">
          Deliveries to <span className="font-mono text-slate-900">{url}</span> are signed with it in the <code className="font-mono">x-quire-signature</code> header.
        </p>
        <code data-testid="webhook-secret" className="block break-all rounded-md bg-slate-900 px-3 py-2 font-mono text-sm text-slate-50 select-all">
          {secret}
        </code>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <CopyButton text={secret} label="Copy secret" />
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

function WebhookForm({
  organizationId,
  webhook,
  onCreated,
  onClose,
}: {
  organizationId: string;
  webhook: EditedWebhook | null;
  onCreated: (created: { url: string; secret: string }) => void;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState(webhook?.url ?? "");
  const [description, setDescription] = useState(webhook?.description ?? "");
  const [allTypes, setAllTypes] = useState((webhook?.eventTypes.length ?? 0) === 0);
  const [types, setTypes] = useState<Set<string>>(new Set(webhook?.eventTypes ?? []));
  const [active, setActive] = useState(webhook?.active ?? true);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey({ organizationId }) });
  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: async (created) => {
        await refresh();
        onCreated({ url: created.url, secret: created.secret });
      },
    }),
  );
  const update = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: async () => {
        await refresh();
        onClose();
      },
    }),
  );
  const mutation = webhook ? update : create;
  const failure = mutation.error ? fieldFailure(mutation.error, FIELDS) : null;
  const errorOf = (field: string) => (failure?.field === field ? failure.text : undefined);
  const noTypeChosen = !allTypes && types.size === 0;

  function toggle(type: string, on: boolean) {
    setTypes((current) => {
      const next = new Set(current);
      if (on) next.add(type);
      else next.delete(type);
      return next;
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (noTypeChosen) return;
    const fields = { url, description, eventTypes: allTypes ? [] : ([...types] as WebhookEventType[]), active };
    if (webhook) update.mutate({ organizationId, webhookId: webhook.id, ...fields });
    else create.mutate({ organizationId, ...fields });
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <TextField
        label="Payload URL"
        type="url"
        hint="Quire POSTs each event here as JSON, signed with the webhook's secret."
        placeholder="https://example.com/quire-events"
        required
        maxLength={2048}
        autoFocus
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={errorOf("url")}
      />
      <TextField label="Description" hint="Optional: what receives these events." maxLength={200} value={description} onChange={(event) => setDescription(event.target.value)} error={errorOf("description")} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-700">Events</legend>
        <div className="flex flex-col gap-2 text-sm text-slate-800">
          <label className="flex items-center gap-2">
            <input type="radio" name="event-scope" className="size-4 accent-indigo-600" checked={allTypes} onChange={() => setAllTypes(true)} />
            Every event, including types added later
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="event-scope" className="size-4 accent-indigo-600" checked={!allTypes} onChange={() => setAllTypes(false)} />
            Only the events I choose
          </label>
        </div>
        {!allTypes && (
          <div className="grid gap-4 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
            {EVENT_TYPE_GROUPS.map((group) => (
              <fieldset key={group.title} className="space-y-1.5">
                <legend className="text-xs font-semibold uppercase tracking-wide text-slate-500">{group.title}</legend>
                {group.types.map((type) => (
                  <label key={type} className="flex items-start gap-2 text-sm text-slate-800">
                    <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-indigo-600" checked={types.has(type)} onChange={(event) => toggle(type, event.target.checked)} />
                    <span>
                      {eventTypeLabel(type)} <span className="font-mono text-xs text-slate-500">{type}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            ))}
          </div>
        )}
        {noTypeChosen && <p className="text-sm text-slate-600">Choose at least one event.</p>}
        {errorOf("eventTypes") && (
          <p role="alert" className="text-sm text-red-600">
            {errorOf("eventTypes")}
          </p>
        )}
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" role="switch" className="size-4 accent-indigo-600" checked={active} onChange={(event) => setActive(event.target.checked)} />
        Active: deliver events as they happen
      </label>
      <DialogFormActions error={failure && !failure.field ? failure.text : undefined} submitLabel={webhook ? "Save changes" : "Add webhook"} submitting={mutation.isPending} onCancel={onClose} />
    </form>
  );
}
