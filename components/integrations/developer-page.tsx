"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Switch } from "@/components/sites/settings/switch";
import { CopyButton } from "@/components/tokens/copy-button";
import { Button } from "@/components/ui/button";
import { ConfirmActions } from "@/components/ui/confirm-actions";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage, fieldFailure } from "@/components/ui/trpc-error";
import { useIntegration } from "./integration-frame";

const card = "space-y-4 rounded-lg border border-slate-200 p-4 sm:p-6";

/** For the integration's own admins: where its events go (development mode and its tunnel), and its token. */
export function DeveloperPage({ name }: { name: string }) {
  const trpc = useTRPC();
  const integration = useIntegration(name);
  const admin = integration.data?.permissions.admin ?? false;
  const settings = useQuery({ ...trpc.integrations.developerSettings.queryOptions({ integrationName: name }), enabled: admin });
  if (integration.data && !admin) return <p className="text-sm text-slate-600">Only the admins of the organization that publishes this integration see its development settings.</p>;
  if (settings.isPending) return <LoadingState label="Loading the development settings…" />;
  if (settings.isError) return <ErrorState message={`The development settings could not be loaded. ${errorMessage(settings.error)}`} onRetry={() => void settings.refetch()} />;
  return (
    <div className="space-y-6">
      <DevelopmentMode name={name} settings={settings.data} />
      <TokenSection name={name} tokenPrefix={settings.data.tokenPrefix} />
    </div>
  );
}

type Settings = { endpoint: string | null; devTunnelUrl: string | null; devAll: boolean; tokenPrefix: string };

function DevelopmentMode({ name, settings }: { name: string; settings: Settings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const on = settings.devTunnelUrl !== null;
  const [enabled, setEnabled] = useState(on);
  const [tunnelUrl, setTunnelUrl] = useState(settings.devTunnelUrl ?? "");
  const [all, setAll] = useState(settings.devAll);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.integrations.developerSettings.queryKey({ integrationName: name }) });
  const set = useMutation(
    trpc.integrations.setDevelopmentMode.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success("Development mode is on: events go to the tunnel.");
      },
    }),
  );
  const disable = useMutation(
    trpc.integrations.disableDevelopmentMode.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success("Development mode is off: events go to the endpoint.");
      },
      onError: (error) => toast.error(`Development mode could not be turned off. ${errorMessage(error)}`),
    }),
  );
  const failure = set.error ? fieldFailure(set.error, ["tunnelUrl"] as const) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    set.mutate({ integrationName: name, tunnelUrl: tunnelUrl.trim(), all });
  }

  return (
    <section aria-labelledby="dev-heading" className={card}>
      <div className="space-y-1">
        <h2 id="dev-heading" className="text-lg font-semibold text-slate-900">
          Where events go
        </h2>
        <p className="text-sm text-slate-600">
          {on ? (
            <>
              Development mode is on: events are sent to <span className="break-all font-mono text-xs text-slate-800">{settings.devTunnelUrl}</span>
              {settings.devAll ? ", from every organization that installed it." : ", from this organization’s installation only; other organizations’ go to the endpoint."}
            </>
          ) : settings.endpoint ? (
            <>
              Events are sent to its endpoint, <span className="break-all font-mono text-xs text-slate-800">{settings.endpoint}</span>.
            </>
          ) : (
            "It has no endpoint: publish it with an `endpoint` for its events to be sent anywhere, or turn development mode on."
          )}
        </p>
      </div>
      <Switch
        label="Development mode"
        description="Send events to a tunnel to your own machine while you work on the integration."
        checked={enabled}
        disabled={set.isPending || disable.isPending}
        onChange={(checked) => {
          setEnabled(checked);
          if (!checked && on) disable.mutate({ integrationName: name });
        }}
      />
      {enabled && (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <TextField
            label="Tunnel URL"
            type="url"
            required
            maxLength={256}
            placeholder="https://example.trycloudflare.com"
            value={tunnelUrl}
            onChange={(event) => setTunnelUrl(event.target.value)}
            error={failure?.field === "tunnelUrl" ? failure.text : undefined}
            hint="Where events are posted while development mode is on, signed as they are at the endpoint."
          />
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={all} onChange={(event) => setAll(event.target.checked)} className="mt-0.5 size-4 accent-indigo-600" />
            <span>
              <span className="font-medium">All organizations</span>
              <span className="block text-xs text-slate-500">Also send the events of other organizations’ installations to the tunnel, not only this organization’s.</span>
            </span>
          </label>
          {failure && failure.field === null && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              Development mode could not be turned on. {failure.text}
            </p>
          )}
          <Button type="submit" loading={set.isPending} disabled={tunnelUrl.trim() === ""}>
            {on ? "Save the tunnel" : "Turn development mode on"}
          </Button>
        </form>
      )}
    </section>
  );
}

/** The integration's token and signing secret: replaced together, shown once. */
function TokenSection({ name, tokenPrefix }: { name: string; tokenPrefix: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const regenerate = useMutation(
    trpc.integrations.regenerateToken.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        await queryClient.invalidateQueries({ queryKey: trpc.integrations.developerSettings.queryKey({ integrationName: name }) });
      },
    }),
  );
  const fresh = regenerate.data;
  return (
    <>
      <section aria-labelledby="token-heading" className={card}>
        <div className="space-y-1">
          <h2 id="token-heading" className="text-lg font-semibold text-slate-900">
            Token and signing secret
          </h2>
          <p className="text-sm text-slate-600">
            The integration calls the API with its token (it begins <span className="font-mono text-xs text-slate-800">{tokenPrefix}…</span>) and checks the signature of each event with the signing secret.
          </p>
        </div>
        {fresh ? (
          <div role="status" className="space-y-3 rounded-md border border-indigo-200 bg-indigo-50 p-3">
            <p className="text-sm font-medium text-indigo-900">Copy them now: they are shown only this once.</p>
            <Secret label="Token" value={fresh.token} />
            <Secret label="Signing secret" value={fresh.signingSecret} />
          </div>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Regenerate the token
          </Button>
        )}
      </section>
      {/* Outside the card: a closed dialog still takes the stack's spacing. */}
      <Dialog
        open={confirming}
        onClose={() => {
          regenerate.reset();
          setConfirming(false);
        }}
        title="Regenerate the token?"
      >
        <div className="space-y-4">
          <p className="text-sm text-slate-600">The current token and signing secret stop working at once: the integration needs the new ones to call the API and to check its events.</p>
          <ConfirmActions
            error={regenerate.error ? errorMessage(regenerate.error) : undefined}
            pending={regenerate.isPending}
            confirmLabel="Regenerate"
            onCancel={() => {
              regenerate.reset();
              setConfirming(false);
            }}
            onConfirm={() => regenerate.mutate({ integrationName: name })}
          />
        </div>
      </Dialog>
    </>
  );
}

function Secret({ label, value }: { label: string; value: string }) {
  return (
    <div className="space-y-1">
      <p className="text-xs font-medium text-slate-700">{label}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1 font-mono text-xs text-slate-900">{value}</code>
        <CopyButton text={value} label={`Copy the ${label.toLowerCase()}`} />
      </div>
    </div>
  );
}
