"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Copy, Link2, Mail } from "lucide-react";
import { useState, type FormEvent } from "react";
import { RelativeTime } from "@/components/content/relative-time";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField } from "@/components/ui/field";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { ROLE_OPTIONS, roleLabel } from "./sso/role-options";

type Role = "admin" | "create" | "review" | "edit" | "comment" | "read";
const toRole = (value: string) => (value || null) as Role | null;
const ROLE_CHOICES = ROLE_OPTIONS.map((option) => ({ value: option.value, label: option.value ? option.label : "Guest" }));

/** Invites: by email (mailed, or links to pass on when the server has no mail), pending ones, and invite links. */
export function InvitesPage({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const organization = useQuery(trpc.organizations.get.queryOptions({ organizationId }));
  if (organization.isPending) return <LoadingState label="Loading invites…" />;
  if (organization.isError) return <ErrorState message={errorMessage(organization.error)} onRetry={() => void organization.refetch()} />;
  if (!organization.data.permissions.admin) {
    return <EmptyState title="Only admins invite people" description="Ask an admin of the organization to invite someone, or for an invite link." />;
  }
  return (
    <div className="space-y-10">
      <InviteByEmail organizationId={organizationId} defaultRole={organization.data.defaultRole ?? ""} />
      <PendingInvites organizationId={organizationId} />
      <InviteLinks organizationId={organizationId} enabled={organization.data.inviteLinks} />
    </div>
  );
}

/** A link shown once, to copy (selected on focus, so the keyboard and the clipboard both work). */
function CopyableLink({ label, url }: { label: string; url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex items-center gap-2">
      <input
        readOnly
        aria-label={label}
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className="block w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs text-slate-800"
      />
      <Button
        variant="secondary"
        aria-label={`Copy ${label}`}
        onClick={() =>
          void navigator.clipboard?.writeText(url).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
        {copied ? "Copied" : "Copy"}
      </Button>
    </div>
  );
}

/** Addresses separated by commas, spaces or lines. */
const addressesOf = (text: string) => [...new Set(text.split(/[\s,;]+/).map((address) => address.trim().toLowerCase()).filter(Boolean))];

function InviteByEmail({ organizationId, defaultRole }: { organizationId: string; defaultRole: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [role, setRole] = useState(defaultRole);
  const [problem, setProblem] = useState<string>();
  const invite = useMutation(
    trpc.invites.inviteByEmail.mutationOptions({
      onSuccess: async () => {
        setText("");
        await queryClient.invalidateQueries({ queryKey: trpc.invites.pending.queryKey({ organizationId }) });
      },
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const emails = addressesOf(text);
    // A rough shape check (the server decides); no address is longer than 254 characters, and bounding it keeps the pattern fast.
    const bad = emails.find((address) => address.length > 254 || !/^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/.test(address));
    setProblem(emails.length === 0 ? "Give at least one email address." : bad ? `“${bad}” is not an email address.` : emails.length > 50 ? "At most 50 addresses at once." : undefined);
    if (emails.length > 0 && !bad && emails.length <= 50) invite.mutate({ organizationId, emails, role: toRole(role) });
  }

  return (
    <section aria-labelledby="invite-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="invite-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <Mail aria-hidden className="size-5 text-slate-400" />
          Invite by email
        </h2>
        <p className="max-w-xl text-sm text-slate-600">Each person gets a link to join with the role you choose. It works once, for a week.</p>
      </div>
      <form onSubmit={submit} noValidate className="max-w-xl space-y-3">
        <TextAreaField
          label="Email addresses"
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
          hint="Separate addresses with commas or new lines."
          error={problem}
          disabled={invite.isPending}
        />
        <SelectField label="Role" options={ROLE_CHOICES} value={role} onChange={(event) => setRole(event.target.value)} disabled={invite.isPending} />
        {invite.error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {errorMessage(invite.error)}
          </p>
        )}
        <Button type="submit" loading={invite.isPending}>
          Send invites
        </Button>
      </form>
      {invite.data && (
        <div role="status" className="max-w-xl space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
          {invite.data.invited === 0 ? (
            <p className="text-slate-700">Everyone you named is a member already.</p>
          ) : invite.data.emailed ? (
            <p className="text-slate-700">
              {invite.data.invited === 1 ? "1 invitation is" : `${invite.data.invited} invitations are`} on the way by email.
            </p>
          ) : (
            <>
              <p className="text-slate-700">
                This server does not send email (see QUIRE_SMTP_URL in the README). Copy each link and send it to its person yourself; it is shown only now.
              </p>
              <ul className="space-y-2">
                {invite.data.links.map((link) => (
                  <li key={link.email} className="space-y-1">
                    <p className="font-medium text-slate-900">{link.email}</p>
                    <CopyableLink label={`Invite link for ${link.email}`} url={link.url} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}

function PendingInvites({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pending = useQuery(trpc.invites.pending.queryOptions({ organizationId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.invites.pending.queryKey({ organizationId }) });
  const resend = useMutation(trpc.invites.resend.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.invites.revoke.mutationOptions({ onSuccess: refresh }));

  return (
    <section aria-labelledby="pending-heading" className="space-y-3">
      <h2 id="pending-heading" className="text-lg font-semibold text-slate-900">
        Pending invitations
      </h2>
      {pending.isPending ? (
        <LoadingState label="Loading invitations…" />
      ) : pending.isError ? (
        <ErrorState message={errorMessage(pending.error)} onRetry={() => void pending.refetch()} />
      ) : pending.data.length === 0 ? (
        <EmptyState title="No pending invitations" description="People you invite by email show here until they join." />
      ) : (
        <ul aria-label="Pending invitations" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {pending.data.map((invite) => (
            <li key={invite.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{invite.email}</p>
                <p className="text-slate-500">
                  {invite.role ? roleLabel(invite.role) : "Guest"} · {invite.emailedAt ? "emailed" : "link not emailed"} · expires <RelativeTime iso={new Date(invite.expiresAt).toISOString()} />
                </p>
              </div>
              <div className="flex gap-2">
                <Button variant="secondary" loading={resend.isPending && resend.variables?.inviteId === invite.id} onClick={() => resend.mutate({ organizationId, inviteId: invite.id })} aria-label={`Resend the invitation to ${invite.email}`}>
                  Resend
                </Button>
                <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => revoke.mutate({ organizationId, inviteId: invite.id })} aria-label={`Revoke the invitation to ${invite.email}`}>
                  Revoke
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {(resend.error || revoke.error) && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(resend.error ?? revoke.error)}
        </p>
      )}
      {resend.data && (
        <div role="status" className="max-w-xl space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          {resend.data.url ? (
            <>
              <p>A new link for {resend.data.email} (the old one no longer works). Copy it and send it yourself:</p>
              <CopyableLink label={`Invite link for ${resend.data.email}`} url={resend.data.url} />
            </>
          ) : (
            <p>A new invitation is on the way to {resend.data.email}.</p>
          )}
        </div>
      )}
    </section>
  );
}

/** Invite links: on or off for the whole organization, and each link's role (also on the settings page). */
export function InviteLinks({ organizationId, enabled }: { organizationId: string; enabled: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [role, setRole] = useState("read");
  const links = useQuery({ ...trpc.invites.links.queryOptions({ organizationId }), enabled });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.invites.links.queryKey({ organizationId }) });
  const create = useMutation(trpc.invites.createLink.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.invites.updateLink.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.invites.deleteLink.mutationOptions({ onSuccess: refresh }));
  const toggle = useMutation(
    trpc.organizations.update.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.organizations.get.queryKey({ organizationId }) }),
    }),
  );
  const error = create.error ?? update.error ?? remove.error ?? toggle.error;

  return (
    <section aria-labelledby="links-heading" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h2 id="links-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
            <Link2 aria-hidden className="size-5 text-slate-400" />
            Invite links
          </h2>
          <p className="max-w-xl text-sm text-slate-600">
            Anyone who has a link can join with its role, for a month. {enabled ? "Turn links off to stop every link at once." : "Invite links are off: existing links do not work."}
          </p>
        </div>
        <Button variant="secondary" loading={toggle.isPending} onClick={() => toggle.mutate({ organizationId, inviteLinks: !enabled })}>
          {enabled ? "Turn off invite links" : "Turn on invite links"}
        </Button>
      </div>
      {enabled && (
        <>
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              create.mutate({ organizationId, role: toRole(role) });
            }}
          >
            <SelectField label="Role of people who join" options={ROLE_CHOICES} value={role} onChange={(event) => setRole(event.target.value)} />
            <Button type="submit" loading={create.isPending}>
              Create link
            </Button>
          </form>
          {create.data?.url && (
            <div role="status" className="max-w-xl space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
              <p>Your new link ({create.data.role ? roleLabel(create.data.role) : "Guest"}). Copy it now: it is shown only once.</p>
              <CopyableLink label="New invite link" url={create.data.url} />
            </div>
          )}
          {links.isPending ? (
            <LoadingState label="Loading invite links…" />
          ) : links.isError ? (
            <ErrorState message={errorMessage(links.error)} onRetry={() => void links.refetch()} />
          ) : links.data.items.length === 0 ? (
            <EmptyState title="No invite links" description="Create one to let people join without an invitation each." />
          ) : (
            <ul aria-label="Invite links" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
              {links.data.items.map((link, index) => (
                <li key={link.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
                  <div className="min-w-0 flex-1 text-slate-600">
                    <p className="font-medium text-slate-900">Link {index + 1}</p>
                    <p>
                      Made <RelativeTime iso={link.createdAt} /> · {link.uses === 1 ? "1 person joined" : `${link.uses} people joined`} · expires <RelativeTime iso={link.expiresAt} />
                    </p>
                  </div>
                  <select
                    aria-label={`Role of link ${index + 1}`}
                    value={link.role ?? ""}
                    onChange={(event) => update.mutate({ organizationId, inviteId: link.id, role: toRole(event.target.value) })}
                    className="rounded-md border border-slate-300 bg-white py-1.5 pr-8 pl-2 text-sm"
                  >
                    {ROLE_CHOICES.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                  <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => remove.mutate({ organizationId, inviteId: link.id })} aria-label={`Delete link ${index + 1}`}>
                    Delete
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(error)}
        </p>
      )}
    </section>
  );
}
