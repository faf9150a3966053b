"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { useContentTree } from "@/components/tree/content-tree-context";
import { Button } from "@/components/ui/button";
import { ConfirmActions } from "@/components/ui/confirm-actions";
import { Dialog } from "@/components/ui/dialog";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { ConfigurationForm, type ConfigurationSchema } from "./configuration-form";
import { InstallDialog } from "./install-dialog";
import { StatusBadge } from "./integration-badges";
import { useOrganizationInstallation } from "./integration-frame";
import { reachesSites, reachesSpaces, statusOf, type InstallationObject, type IntegrationObject } from "./integration-model";
import { TargetsSection } from "./targets-section";

const card = "space-y-4 rounded-lg border border-slate-200 p-4 sm:p-6";

/** The integration in this organization: install it, or its status, configuration, spaces and sites, and uninstall. */
export function InstallationPanel({ organizationId, integration }: { organizationId: string; integration: IntegrationObject }) {
  const tree = useContentTree();
  const canInstall = tree.data?.organization.permissions.installIntegration ?? false;
  const current = useOrganizationInstallation(organizationId, integration.name);
  const [installing, setInstalling] = useState(false);

  if (tree.isPending) return <LoadingState label="Loading…" />;
  if (!canInstall) {
    return (
      <section aria-labelledby="installation-heading" className={card}>
        <h2 id="installation-heading" className="text-lg font-semibold text-slate-900">
          Installation
        </h2>
        <p className="text-sm text-slate-600">Only the organization’s admins install integrations and change their configuration. Ask one of them if you need this one.</p>
      </section>
    );
  }
  if (current.isPending) return <LoadingState label="Loading the installation…" />;
  if (current.isError) return <ErrorState message={`The organization’s installations could not be loaded. ${errorMessage(current.error)}`} onRetry={() => void current.refetch()} />;
  if (!current.installation) {
    return (
      <section aria-labelledby="installation-heading" className={card}>
        <h2 id="installation-heading" className="text-lg font-semibold text-slate-900">
          Installation
        </h2>
        <p className="text-sm text-slate-600">It is not installed in this organization. Installing it lets it receive the events of the spaces and sites you choose, with the permissions listed beside.</p>
        <Button onClick={() => setInstalling(true)}>Install</Button>
        <InstallDialog organizationId={organizationId} integration={integration} open={installing} onClose={() => setInstalling(false)} />
      </section>
    );
  }
  return <Installed organizationId={organizationId} integration={integration} installation={current.installation} />;
}

function Installed({ organizationId, integration, installation }: { organizationId: string; integration: IntegrationObject; installation: InstallationObject }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [confirmUninstall, setConfirmUninstall] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.integrations.organizationInstallations.queryKey({ organizationId }) });
  const configure = useMutation(
    trpc.integrations.updateInstallation.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success("The configuration is saved.");
      },
    }),
  );
  const uninstall = useMutation(
    trpc.integrations.uninstall.mutationOptions({
      onSuccess: async () => {
        setConfirmUninstall(false);
        await refresh();
        toast.success(`“${integration.title}” is uninstalled.`);
      },
    }),
  );
  const status = statusOf(installation.status);
  const ids = { integrationName: integration.name, installationId: installation.id };
  const accountSchema = schemaOf(integration, "account");

  return (
    <div className="space-y-6">
      <section aria-labelledby="installation-heading" className={card}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-1">
            <h2 id="installation-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              Installed <StatusBadge status={installation.status} />
            </h2>
            {status.text && <p className="text-sm text-slate-600">{status.text}</p>}
          </div>
          <Button variant="secondary" onClick={() => setConfirmUninstall(true)}>
            Uninstall
          </Button>
        </div>
        <div className="space-y-3 border-t border-slate-200 pt-4">
          <h3 className="font-medium text-slate-900">Configuration</h3>
          <ConfigurationForm
            // A fresh form when the stored value changes (another tab, a refetch after saving).
            key={JSON.stringify(installation.configuration)}
            schema={accountSchema}
            stored={installation.configuration}
            pending={configure.isPending}
            error={configure.error}
            onSave={(configuration) => configure.mutate({ ...ids, configuration })}
          />
        </div>
      </section>
      {reachesSpaces(integration.target) && <TargetsSection kind="space" organizationId={organizationId} integration={integration} installation={installation} />}
      {reachesSites(integration.target) && <TargetsSection kind="site" organizationId={organizationId} integration={integration} installation={installation} />}
      <Dialog
        open={confirmUninstall}
        onClose={() => {
          uninstall.reset();
          setConfirmUninstall(false);
        }}
        title={`Uninstall “${integration.title}”?`}
      >
        <div className="space-y-4">
          <p className="text-sm text-slate-600">It stops receiving events and loses access to every space and site of the organization. Its configuration here is deleted; installing it again starts afresh.</p>
          <ConfirmActions
            error={uninstall.error ? errorMessage(uninstall.error) : undefined}
            pending={uninstall.isPending}
            confirmLabel="Uninstall"
            onCancel={() => {
              uninstall.reset();
              setConfirmUninstall(false);
            }}
            onConfirm={() => uninstall.mutate(ids)}
          />
        </div>
      </Dialog>
    </div>
  );
}

/** The integration's configuration schema for a target; a ContentKit component (`componentId`) has no fields to render. */
export function schemaOf(integration: IntegrationObject, target: "account" | "space" | "site"): ConfigurationSchema | undefined {
  const configurations = integration.configurations as Record<string, unknown> | undefined;
  const schema = configurations?.[target];
  return schema && typeof schema === "object" && "properties" in schema ? (schema as ConfigurationSchema) : undefined;
}
