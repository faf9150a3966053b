"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Plus } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { CopyButton } from "@/components/tokens/copy-button";
import { Button } from "@/components/ui/button";
import { ConfirmActions } from "@/components/ui/confirm-actions";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { ProviderDialog, type EditedProvider } from "./provider-dialog";
import { roleLabel } from "./role-options";

/** The Single sign-on page of the people section, for the organization's admins. */
export function SsoSettings({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const providers = useQuery(trpc.sso.providers.queryOptions({ organizationId }));
  const [editing, setEditing] = useState<{ provider: EditedProvider | null } | null>(null);
  const [removing, setRemoving] = useState<{ id: string; label: string } | null>(null);

  if (providers.isPending) return <LoadingState label="Loading single sign-on…" />;
  if (providers.isError) return <ErrorState message={errorMessage(providers.error)} onRetry={() => void providers.refetch()} />;
  const items = providers.data.items;

  return (
    <div className="space-y-8">
      <div className="space-y-1">
        <h2 className="text-xl font-semibold text-slate-900">Single sign-on</h2>
        <p className="max-w-2xl text-sm text-slate-600">
          Let members sign in through your identity provider (SAML 2.0). People it signs in for the first time join the organization with the
          provider&apos;s role and team.
        </p>
      </div>

      <ServiceProviderDetails organizationId={organizationId} />

      <Section
        title="Identity providers"
        action={
          items.length > 0 && (
            <Button onClick={() => setEditing({ provider: null })}>
              <Plus aria-hidden className="size-4" />
              Add provider
            </Button>
          )
        }
      >
        {items.length === 0 ? (
          <EmptyState
            title="No identity provider yet"
            description="Enter Quire's details above in your identity provider, then add it here with its entity ID, SSO URL and certificate."
            action={<Button onClick={() => setEditing({ provider: null })}>Add provider</Button>}
          />
        ) : (
          <ul aria-label="Identity providers" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {items.map((provider) => (
              <li key={provider.id} className="flex flex-wrap items-start gap-x-4 gap-y-3 px-4 py-3">
                <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-400" />
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="font-medium text-slate-900">{provider.label}</p>
                  <p className="truncate text-sm text-slate-600" title={provider.entityID}>
                    {provider.entityID}
                  </p>
                  <p className="text-sm text-slate-500">
                    New members: {roleLabel(provider.defaultRole)}
                    {provider.defaultTeam ? `, in ${provider.defaultTeam.title}` : ""}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <CopyButton text={provider.service.startURL} label="Copy sign-in link" />
                  <Button
                    variant="secondary"
                    aria-label={`Edit ${provider.label}`}
                    onClick={() =>
                      setEditing({
                        provider: {
                          id: provider.id,
                          label: provider.label,
                          entityID: provider.entityID,
                          ssoURL: provider.ssoURL,
                          certificate: provider.certificate,
                          defaultRole: provider.defaultRole ?? "",
                          defaultTeam: provider.defaultTeam?.id ?? "",
                        },
                      })
                    }
                  >
                    Edit
                  </Button>
                  <Button variant="secondary" aria-label={`Remove ${provider.label}`} onClick={() => setRemoving({ id: provider.id, label: provider.label })}>
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Enforcement organizationId={organizationId} hasProviders={items.length > 0} />
      <EmailDomains organizationId={organizationId} />
      <SsoMembers organizationId={organizationId} />

      <ProviderDialog organizationId={organizationId} open={editing !== null} provider={editing?.provider ?? null} onClose={() => setEditing(null)} />
      <RemoveProviderDialog organizationId={organizationId} provider={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}

function Section({ title, description, action, children }: { title: string; description?: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h3 className="text-base font-semibold text-slate-900">{title}</h3>
          {description && <p className="max-w-2xl text-sm text-slate-600">{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

/** What to enter in the identity provider: the organization's entity ID and ACS URL. */
function ServiceProviderDetails({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const details = useQuery(trpc.sso.serviceProvider.queryOptions({ organizationId }));
  return (
    <Section title="Quire's details for your identity provider" description="Create a SAML application in your identity provider with these values. Send the user's email address as NameID.">
      {details.isPending ? (
        <LoadingState />
      ) : details.isError ? (
        <ErrorState message={errorMessage(details.error)} onRetry={() => void details.refetch()} />
      ) : (
        <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {[
            { term: "Entity ID (audience), also the metadata URL", value: details.data.entityID },
            { term: "ACS URL (single sign-on URL, HTTP-POST)", value: details.data.acsURL },
          ].map((row) => (
            // dt and dd are the row's own children, as a definition list requires; the copy button is a dd beside them.
            <div key={row.term} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-0.5 px-4 py-3">
              <dt className="text-sm text-slate-600">{row.term}</dt>
              <dd className="col-start-1 break-all font-mono text-sm text-slate-900">{row.value}</dd>
              <dd className="col-start-2 row-span-2 row-start-1">
                <CopyButton text={row.value} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Section>
  );
}

function Enforcement({ organizationId, hasProviders }: { organizationId: string; hasProviders: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const organization = useQuery(trpc.organizations.get.queryOptions({ organizationId }));
  const setEnforced = useMutation(
    trpc.sso.setEnforced.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.organizations.get.queryKey({ organizationId }) }) }),
  );
  // The switch follows the click at once (a controlled checkbox would otherwise spring back until the mutation is pending).
  const [requested, setRequested] = useState<boolean | null>(null);
  const enforced = requested ?? organization.data?.sso ?? false;
  return (
    <Section
      title="Require single sign-on"
      description="Members other than admins then reach this organization only after signing in through its identity provider: not with a password, and not with their API tokens. Admins keep every way in."
    >
      <label className="flex items-center gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          role="switch"
          className="size-4 accent-indigo-600"
          checked={enforced}
          disabled={organization.isPending || setEnforced.isPending || (!hasProviders && !enforced)}
          onChange={(event) => {
            setRequested(event.target.checked);
            setEnforced.mutate({ organizationId, sso: event.target.checked }, { onSettled: () => setRequested(null) });
          }}
        />
        Require single sign-on for members other than admins
      </label>
      {!hasProviders && !enforced && <p className="text-sm text-slate-500">Add an identity provider first.</p>}
      {(organization.error ?? setEnforced.error) && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(organization.error ?? setEnforced.error)}
        </p>
      )}
    </Section>
  );
}

function EmailDomains({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const organization = useQuery(trpc.organizations.get.queryOptions({ organizationId }));
  const [draft, setDraft] = useState<string | null>(null);
  const save = useMutation(
    trpc.sso.setEmailDomains.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.organizations.get.queryKey({ organizationId }) });
        setDraft(null);
      },
    }),
  );
  const value = draft ?? organization.data?.emailDomains.join(", ") ?? "";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ organizationId, emailDomains: value.split(/[\s,]+/).filter(Boolean) });
  }

  return (
    <Section title="Email domains" description="On the sign-in page, people whose email is at one of these domains are offered this organization's single sign-on.">
      <form onSubmit={submit} className="flex flex-wrap items-start gap-3">
        <div className="min-w-64 flex-1">
          <TextField
            label="Domains"
            hint="Separated by commas, e.g. example.com, example.org"
            value={value}
            onChange={(event) => setDraft(event.target.value)}
            disabled={organization.isPending}
            error={save.error ? errorMessage(save.error) : undefined}
          />
        </div>
        <Button type="submit" variant="secondary" className="mt-6" loading={save.isPending} disabled={draft === null}>
          Save domains
        </Button>
      </form>
    </Section>
  );
}

function SsoMembers({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const members = useQuery(trpc.sso.members.queryOptions({ organizationId }));
  const remove = useMutation(trpc.sso.removeMember.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.sso.members.queryKey({ organizationId }) }) }));
  return (
    <Section title="Members who sign in with SSO" description="Removing single sign-on from a member signs them out everywhere; they can then sign in only with a password, if they have one.">
      {members.isPending ? (
        <LoadingState />
      ) : members.isError ? (
        <ErrorState message={errorMessage(members.error)} onRetry={() => void members.refetch()} />
      ) : members.data.length === 0 ? (
        <p className="text-sm text-slate-500">No member signs in with SSO yet.</p>
      ) : (
        <ul aria-label="Members who sign in with SSO" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {members.data.map((member) => (
            <li key={member.userId} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{member.displayName}</p>
                <p className="truncate text-sm text-slate-600">
                  {member.email} · {roleLabel(member.role)}
                </p>
              </div>
              <Button
                variant="secondary"
                aria-label={`Remove single sign-on from ${member.displayName}`}
                loading={remove.isPending && remove.variables.userId === member.userId}
                onClick={() => remove.mutate({ organizationId, userId: member.userId })}
              >
                Remove SSO
              </Button>
            </li>
          ))}
        </ul>
      )}
      {remove.error && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(remove.error)}
        </p>
      )}
    </Section>
  );
}

function RemoveProviderDialog({ organizationId, provider, onClose }: { organizationId: string; provider: { id: string; label: string } | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.sso.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.sso.providers.queryKey({ organizationId }) });
        close();
      },
    }),
  );
  function close() {
    remove.reset();
    onClose();
  }
  return (
    <Dialog open={provider !== null} onClose={close} title="Remove this identity provider?">
      {provider && (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            Nobody will sign in through <strong className="text-slate-900">{provider.label}</strong> any more, and the members who sign in with SSO
            are signed out.
          </p>
          <ConfirmActions error={remove.error ? errorMessage(remove.error) : undefined} pending={remove.isPending} confirmLabel="Remove provider" onCancel={close} onConfirm={() => remove.mutate({ organizationId, samlProviderId: provider.id })} />
        </div>
      )}
    </Dialog>
  );
}
