"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTRPC, useTRPCClient } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/components/ui/trpc-error";
import { reachesSites, reachesSpaces, scopeSentence, type IntegrationObject } from "./integration-model";
import { TARGET_WORDS, useTargetOptions, type TargetKind } from "./target-options";

type Selection = { mode: "all" | "selected"; chosen: string[] };

/**
 * Installs the integration in the organization, on all its spaces and sites or on those chosen:
 * the installation with its selections, then each chosen space and site, one call each.
 */
export function InstallDialog({ organizationId, integration, open, onClose }: { organizationId: string; integration: IntegrationObject; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [spaces, setSpaces] = useState<Selection>({ mode: "all", chosen: [] });
  const [sites, setSites] = useState<Selection>({ mode: "all", chosen: [] });
  const client = useTRPCClient();
  const withSpaces = reachesSpaces(integration.target);
  const withSites = reachesSites(integration.target);

  const install = useMutation({
    mutationFn: async () => {
      const integrationName = integration.name;
      const installation = await client.integrations.install.mutate({
        integrationName,
        organizationId,
        ...(withSpaces ? { space_selection: spaces.mode } : {}),
        ...(withSites ? { site_selection: sites.mode } : {}),
      });
      const ids = { integrationName, installationId: installation.id };
      if (withSpaces && spaces.mode === "selected") for (const spaceId of spaces.chosen) await client.integrations.installOnSpace.mutate({ ...ids, spaceId });
      if (withSites && sites.mode === "selected") for (const siteId of sites.chosen) await client.integrations.installOnSite.mutate({ ...ids, siteId });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.integrations.pathKey() }),
    onSuccess: () => {
      onClose();
      toast.success(`“${integration.title}” is installed.`);
    },
  });

  const close = () => {
    install.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title={`Install “${integration.title}”`} size="lg">
      <form
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          install.mutate();
        }}
      >
        {integration.scopes.length > 0 && (
          <div className="space-y-1">
            <p className="text-sm font-medium text-slate-700">It will be allowed to</p>
            <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-600">
              {integration.scopes.map((scope) => (
                <li key={scope}>{scopeSentence(scope)}</li>
              ))}
            </ul>
          </div>
        )}
        {withSpaces && <SelectionField kind="space" organizationId={organizationId} value={spaces} onChange={setSpaces} disabled={install.isPending} />}
        {withSites && <SelectionField kind="site" organizationId={organizationId} value={sites} onChange={setSites} disabled={install.isPending} />}
        {install.error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            The installation did not complete. {errorMessage(install.error)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={install.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={install.isPending}>
            Install
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** All spaces (or sites), or only those chosen from the ones the admin may install on. */
function SelectionField({ kind, organizationId, value, onChange, disabled }: { kind: TargetKind; organizationId: string; value: Selection; onChange: (value: Selection) => void; disabled: boolean }) {
  const id = useId();
  const words = TARGET_WORDS[kind];
  const { isPending, error, options } = useTargetOptions(kind, organizationId);
  const installable = options.filter((option) => option.installable);
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-700">{words.Many} it reaches</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-1">
        {(["all", "selected"] as const).map((mode) => (
          <label key={mode} className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input type="radio" name={`${id}-mode`} checked={value.mode === mode} onChange={() => onChange({ ...value, mode })} className="size-4 accent-indigo-600" />
            {mode === "all" ? `All ${words.many}` : `Only the ${words.many} I choose`}
          </label>
        ))}
      </div>
      {value.mode === "selected" &&
        (isPending ? (
          <Spinner label={`Loading ${words.many}…`} className="size-4" />
        ) : error ? (
          <p className="text-sm text-red-600">{errorMessage(error)}</p>
        ) : installable.length === 0 ? (
          <p className="text-sm text-slate-500">There is no {words.one} you may install it on: that needs the admin role on the {words.one}.</p>
        ) : (
          <ul aria-label={`${words.Many} to install it on`} className="max-h-52 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
            {installable.map((option) => (
              <li key={option.id}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-1.5 hover:bg-slate-50">
                  <input
                    type="checkbox"
                    checked={value.chosen.includes(option.id)}
                    onChange={(event) => onChange({ ...value, chosen: event.target.checked ? [...value.chosen, option.id] : value.chosen.filter((chosen) => chosen !== option.id) })}
                    className="size-4 accent-indigo-600"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm text-slate-900">{option.title}</span>
                    {option.where && <span className="block truncate text-xs text-slate-500">{option.where}</span>}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        ))}
    </fieldset>
  );
}
