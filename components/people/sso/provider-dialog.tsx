"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "@/components/ui/field";
import { fieldFailure } from "@/components/ui/trpc-error";
import { ROLE_OPTIONS } from "./role-options";

export type ProviderFormValues = { label: string; entityID: string; ssoURL: string; certificate: string; defaultRole: string; defaultTeam: string };

export type EditedProvider = { id: string } & ProviderFormValues;

const FIELDS = ["label", "entityID", "ssoURL", "certificate", "defaultRole", "defaultTeam"] as const;

const EMPTY: ProviderFormValues = { label: "", entityID: "", ssoURL: "", certificate: "", defaultRole: "read", defaultTeam: "" };

/** Adds a provider (`provider` null) or changes one; a field the server refuses shows its reason beside it. */
export function ProviderDialog({ organizationId, open, provider, onClose }: { organizationId: string; open: boolean; provider: EditedProvider | null; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={provider ? `Edit ${provider.label}` : "Add an identity provider"}>
      {/* Remounted per provider, so that the form starts from its values. */}
      <ProviderForm key={provider?.id ?? "new"} organizationId={organizationId} provider={provider} onClose={onClose} />
    </Dialog>
  );
}

function ProviderForm({ organizationId, provider, onClose }: { organizationId: string; provider: EditedProvider | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const teams = useQuery(trpc.sso.teams.queryOptions({ organizationId }));
  const [values, setValues] = useState<ProviderFormValues>(provider ?? EMPTY);
  const onSuccess = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.sso.providers.queryKey({ organizationId }) });
    onClose();
  };
  const create = useMutation(trpc.sso.create.mutationOptions({ onSuccess }));
  const update = useMutation(trpc.sso.update.mutationOptions({ onSuccess }));
  const mutation = provider ? update : create;
  const failure = mutation.error ? fieldFailure(mutation.error, FIELDS) : null;
  const errorOf = (field: string) => (failure?.field === field ? failure.text : undefined);
  const set = (field: keyof ProviderFormValues) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = { ...values, defaultRole: values.defaultRole === "" ? null : (values.defaultRole as "read"), defaultTeam: values.defaultTeam === "" ? null : values.defaultTeam };
    if (provider) update.mutate({ organizationId, samlProviderId: provider.id, ...fields });
    else create.mutate({ organizationId, ...fields });
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <TextField label="Name" hint="Shown on the sign-in button, e.g. Okta." required maxLength={30} value={values.label} onChange={set("label")} error={errorOf("label")} autoFocus />
      <TextField
        label="Identity provider entity ID"
        hint="The Issuer of its assertions (Okta: Identity Provider Issuer; Entra ID: Microsoft Entra Identifier)."
        required
        value={values.entityID}
        onChange={set("entityID")}
        error={errorOf("entityID")}
      />
      <TextField label="Single sign-on URL" type="url" hint="Where it takes sign-in requests (HTTP-Redirect)." required value={values.ssoURL} onChange={set("ssoURL")} error={errorOf("ssoURL")} />
      <TextAreaField
        label="Signing certificate"
        hint="The X.509 certificate it signs assertions with, in PEM (-----BEGIN CERTIFICATE-----)."
        required
        rows={5}
        className="font-mono text-xs"
        value={values.certificate}
        onChange={set("certificate")}
        error={errorOf("certificate")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Role of new members" options={ROLE_OPTIONS} value={values.defaultRole} onChange={set("defaultRole")} error={errorOf("defaultRole")} />
        <SelectField
          label="Team of new members"
          options={[{ value: "", label: teams.isError ? "Teams could not be loaded" : "No team" }, ...(teams.data ?? []).map((team) => ({ value: team.id, label: team.title }))]}
          value={values.defaultTeam}
          onChange={set("defaultTeam")}
          error={errorOf("defaultTeam")}
        />
      </div>
      <DialogFormActions error={failure && !failure.field ? failure.text : undefined} submitLabel={provider ? "Save changes" : "Add provider"} submitting={mutation.isPending} onCancel={onClose} />
    </form>
  );
}
