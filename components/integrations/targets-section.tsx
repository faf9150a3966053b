"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ChevronRight } from "lucide-react";
import { useId, useState } from "react";
import { useTRPC, useTRPCClient } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { ConfigurationForm, type ConfigurationValue } from "./configuration-form";
import { StatusBadge } from "./integration-badges";
import { statusOf, type InstallationObject, type IntegrationObject } from "./integration-model";
import { schemaOf } from "./installation-panel";
import { TARGET_WORDS, useTargetOptions, type TargetKind, type TargetOption } from "./target-options";

/** A space or site installation as the section shows it, from the reference's IntegrationSpaceInstallation / IntegrationSiteInstallation. */
type Entry = { targetId: string; status: string; configuration: ConfigurationValue };

/** The id an entry names (a string, or the object when expanded). */
const idOf = (value: unknown) => (typeof value === "string" ? value : (value as { id: string }).id);

/**
 * The spaces (or sites) of an installation: whether it reaches all or only those chosen, the ones
 * it is installed on, each with its own configuration and a Remove, and a picker to add one.
 */
export function TargetsSection({ kind, organizationId, integration, installation }: { kind: TargetKind; organizationId: string; integration: IntegrationObject; installation: InstallationObject }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const headingId = useId();
  const words = TARGET_WORDS[kind];
  const ids = { integrationName: integration.name, installationId: installation.id };
  const selection = kind === "space" ? installation.space_selection : installation.site_selection;
  const spaces = useQuery({ ...trpc.integrations.installationSpaces.queryOptions(ids), enabled: kind === "space" });
  const sites = useQuery({ ...trpc.integrations.installationSites.queryOptions(ids), enabled: kind === "site" });
  const list = kind === "space" ? spaces : sites;
  const entries: Entry[] =
    kind === "space"
      ? (spaces.data?.items ?? []).map((item) => ({ targetId: idOf(item.space), status: item.status, configuration: item.configuration as ConfigurationValue }))
      : (sites.data?.items ?? []).map((item) => ({ targetId: idOf(item.site), status: item.status, configuration: item.configuration as ConfigurationValue }));
  const { options } = useTargetOptions(kind, organizationId);
  const optionOf = (id: string): TargetOption => options.find((option) => option.id === id) ?? { id, title: `A ${words.one} you cannot see`, installable: false };

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.integrations.pathKey() });
  const changeSelection = useMutation(
    trpc.integrations.updateInstallation.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success(`The ${words.many} it reaches are saved.`);
      },
      onError: (error) => toast.error(`The change was not saved. ${errorMessage(error)}`),
    }),
  );
  const add = useMutation({
    mutationFn: (targetId: string) =>
      kind === "space"
        ? client.integrations.installOnSpace.mutate({ ...ids, spaceId: targetId })
        : client.integrations.installOnSite.mutate({ ...ids, siteId: targetId }),
    onSuccess: async (_, targetId) => {
      await refresh();
      toast.success(`It is installed on “${optionOf(targetId).title}”.`);
    },
  });

  const candidates = options.filter((option) => option.installable && !entries.some((entry) => entry.targetId === option.id));

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-lg border border-slate-200 p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {words.Many}
      </h2>
      <fieldset className="space-y-1" disabled={changeSelection.isPending}>
        <legend className="sr-only">{words.Many} it reaches</legend>
        {(["all", "selected"] as const).map((mode) => (
          <label key={mode} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name={`${headingId}-selection`}
              checked={selection === mode}
              onChange={() => changeSelection.mutate({ ...ids, ...(kind === "space" ? { space_selection: mode } : { site_selection: mode }) })}
              className="size-4 accent-indigo-600"
            />
            {mode === "all" ? `All ${words.many} of the organization` : `Only the ${words.many} listed below`}
          </label>
        ))}
      </fieldset>
      {list.isPending ? (
        <LoadingState label={`Loading its ${words.many}…`} />
      ) : list.isError ? (
        <ErrorState message={`Its ${words.many} could not be loaded. ${errorMessage(list.error)}`} onRetry={() => void list.refetch()} />
      ) : entries.length === 0 ? (
        <p className="text-sm text-slate-500">
          {selection === "all" ? `No ${words.one} has a configuration of its own yet; add one to configure it.` : `It is installed on no ${words.one} yet: add the ${words.many} it should reach.`}
        </p>
      ) : (
        <ul aria-label={`${words.Many} it is installed on`} className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {entries.map((entry) => (
            <TargetRow key={entry.targetId} kind={kind} integration={integration} ids={ids} entry={entry} title={optionOf(entry.targetId).title} />
          ))}
        </ul>
      )}
      <AddTarget kind={kind} candidates={candidates} pending={add.isPending} error={add.error} onAdd={(targetId) => add.mutate(targetId)} />
    </section>
  );
}

function AddTarget({ kind, candidates, pending, error, onAdd }: { kind: TargetKind; candidates: TargetOption[]; pending: boolean; error: unknown; onAdd: (targetId: string) => void }) {
  const id = useId();
  const words = TARGET_WORDS[kind];
  const [chosen, setChosen] = useState("");
  if (candidates.length === 0) return <p className="text-xs text-slate-500">Every {words.one} you may install it on is listed (installing on a {words.one} needs the admin role on it).</p>;
  return (
    <form
      className="space-y-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) onAdd(chosen);
        setChosen("");
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Add a {words.one}
      </label>
      <div className="flex flex-wrap gap-2">
        <select
          id={id}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          className="min-w-0 flex-1 basis-48 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm focus:border-indigo-500 focus:ring-1 focus:ring-indigo-500 focus:outline-none"
        >
          <option value="">Choose a {words.one}</option>
          {candidates.map((option) => (
            <option key={option.id} value={option.id}>
              {option.where ? `${option.title} (${option.where})` : option.title}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary" loading={pending} disabled={!chosen}>
          Add
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          It could not be added. {errorMessage(error)}
        </p>
      ) : null}
    </form>
  );
}

/** One space or site it is installed on: its status, its configuration behind a disclosure, and Remove. */
function TargetRow({ kind, integration, ids, entry, title }: { kind: TargetKind; integration: IntegrationObject; ids: { integrationName: string; installationId: string }; entry: Entry; title: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const schema = schemaOf(integration, kind);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.integrations.pathKey() });
  const configure = useMutation({
    mutationFn: (configuration: ConfigurationValue) =>
      kind === "space"
        ? client.integrations.updateSpaceInstallation.mutate({ ...ids, spaceId: entry.targetId, configuration })
        : client.integrations.updateSiteInstallation.mutate({ ...ids, siteId: entry.targetId, configuration }),
    onSuccess: async () => {
      await refresh();
      toast.success(`The configuration of “${title}” is saved.`);
    },
  });
  const remove = useMutation({
    mutationFn: () =>
      kind === "space"
        ? client.integrations.uninstallFromSpace.mutate({ ...ids, spaceId: entry.targetId })
        : client.integrations.uninstallFromSite.mutate({ ...ids, siteId: entry.targetId }),
    onSuccess: async () => {
      await refresh();
      toast.success(`It is no longer installed on “${title}”.`);
    },
    onError: (error) => toast.error(`It could not be removed from “${title}”. ${errorMessage(error)}`),
  });
  return (
    <li className="space-y-3 px-3 py-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{title}</span>
        <StatusBadge status={entry.status} />
        <Button variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)} aria-label={`Configure ${title}`}>
          Configure
          {open ? <ChevronDown aria-hidden className="size-4" /> : <ChevronRight aria-hidden className="size-4" />}
        </Button>
        <Button variant="ghost" loading={remove.isPending} onClick={() => remove.mutate()} aria-label={`Remove ${title}`}>
          Remove
        </Button>
      </div>
      {entry.status !== "active" && <p className="text-xs text-slate-500">{statusOf(entry.status).text}</p>}
      {open && (
        <div id={panelId} className="pb-2">
          <ConfigurationForm
            key={JSON.stringify(entry.configuration)}
            schema={schema}
            stored={entry.configuration}
            pending={configure.isPending}
            error={configure.error}
            onSave={(configuration) => configure.mutate(configuration)}
            saveName={`Save configuration of ${title}`}
          />
        </div>
      )}
    </li>
  );
}
