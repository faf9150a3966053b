"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Share2, User, UsersRound } from "lucide-react";
import { useDeferredValue, useId, useState } from "react";
import { MemberSearch } from "@/components/people/member-search";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import type { ContentTarget } from "@/server/policies/grant";
import type { Role } from "@/server/policies/roles";
import { AccessExplanation } from "./access-explanation";
import { ROLE_OPTIONS, roleLabel } from "./roles";

type Subject = { type: "user" | "team"; id: string; label: string };

/** "Share" on a space, collection or site, opening its sharing dialog. */
export function ShareButton({ organizationId, target, title, canShare }: { organizationId: string; target: ContentTarget; title: string; canShare: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Share2 aria-hidden className="size-4" />
        Share
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Share “${title}”`} size="lg">
        {open && <SharingPanel organizationId={organizationId} target={target} canShare={canShare} />}
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Done
          </Button>
        </div>
      </Dialog>
    </>
  );
}

/**
 * Who a space, collection or site is shared with, and who can access it: its admins add people and teams
 * with a role, change and remove them, and see why any member has the access they have.
 */
function SharingPanel({ organizationId, target, canShare }: { organizationId: string; target: ContentTarget; canShare: boolean }) {
  const trpc = useTRPC();
  const me = useQuery(trpc.organizations.me.queryOptions());
  const [explaining, setExplaining] = useState<{ id: string; label: string } | null>(null);
  return (
    <div className="space-y-6">
      {canShare ? (
        <AddGrant organizationId={organizationId} target={target} />
      ) : (
        <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-600">Only admins of this {target.type} can share it. You can see who has access.</p>
      )}
      <Grants target={target} canShare={canShare} />
      <section aria-labelledby="everyone-heading" className="space-y-2">
        <h3 id="everyone-heading" className="text-sm font-semibold text-slate-900">
          Everyone with access
        </h3>
        <Aggregate target={target} canExplain={(userId) => canShare || userId === me.data?.id} onExplain={setExplaining} explaining={explaining?.id} />
        {canShare && (
          <MemberSearch organizationId={organizationId} label="Check anyone’s access" actionLabel="Why this access for" onPick={(member) => setExplaining({ id: member.id, label: member.displayName })} />
        )}
        {explaining && (
          <div className="space-y-1">
            <AccessExplanation target={target} userId={explaining.id} />
            <Button variant="ghost" onClick={() => setExplaining(null)}>
              Hide explanation
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}

function useSharingChanged() {
  const queryClient = useQueryClient();
  // A grant changes the lists here, team counts, and what the caller sees in the tree.
  return () => queryClient.invalidateQueries();
}

function RoleSelect({ id, value, onChange, disabled, label }: { id: string; value: Role; onChange: (role: Role) => void; disabled?: boolean; label: string }) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as Role)} className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm">
        {ROLE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value} title={option.description}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}

/** Pick a member or a team, a role, and share. */
function AddGrant({ organizationId, target }: { organizationId: string; target: ContentTarget }) {
  const trpc = useTRPC();
  const changed = useSharingChanged();
  const roleId = useId();
  const [subject, setSubject] = useState<Subject | null>(null);
  const [role, setRole] = useState<Role>("read");
  const invite = useMutation(
    trpc.sharing.invite.mutationOptions({
      onSuccess: async () => {
        await changed();
        setSubject(null);
      },
    }),
  );
  return (
    <section aria-labelledby="add-heading" className="space-y-3">
      <h3 id="add-heading" className="text-sm font-semibold text-slate-900">
        Share with people or teams
      </h3>
      {subject ? (
        <form
          className="flex flex-wrap items-end gap-3 rounded-md border border-indigo-200 bg-indigo-50/50 p-3"
          onSubmit={(event) => {
            event.preventDefault();
            invite.mutate({ target, role, ...(subject.type === "user" ? { users: [subject.id] } : { teams: [subject.id] }) });
          }}
        >
          <p className="min-w-0 flex-1 text-sm">
            <span className="block text-slate-500">Share with</span>
            <span className="flex items-center gap-1.5 font-medium text-slate-900">
              {subject.type === "team" ? <UsersRound aria-hidden className="size-4" /> : <User aria-hidden className="size-4" />}
              {subject.type === "team" ? `Team ${subject.label}` : subject.label}
            </span>
          </p>
          <div className="space-y-1">
            <label htmlFor={roleId} className="block text-sm text-slate-500">
              Role
            </label>
            <select id={roleId} value={role} onChange={(event) => setRole(event.target.value as Role)} className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm">
              {ROLE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}: {option.description.toLowerCase()}
                </option>
              ))}
            </select>
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setSubject(null)} disabled={invite.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Share
            </Button>
          </div>
          {invite.error && (
            <p role="alert" className="w-full text-sm text-red-600">
              {errorMessage(invite.error)}
            </p>
          )}
        </form>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <MemberSearch organizationId={organizationId} label="Find a member" actionLabel="Select" onPick={(member) => setSubject({ type: "user", id: member.id, label: member.displayName })} />
          <TeamSearch organizationId={organizationId} onPick={(team) => setSubject({ type: "team", id: team.id, label: team.title })} />
        </div>
      )}
    </section>
  );
}

function TeamSearch({ organizationId, onPick }: { organizationId: string; onPick: (team: { id: string; title: string }) => void }) {
  const trpc = useTRPC();
  const id = useId();
  const [title, setTitle] = useState("");
  const deferred = useDeferredValue(title.trim());
  const teams = useQuery({ ...trpc.teams.list.queryOptions({ organizationId, title: deferred, limit: 20 }), enabled: deferred.length > 0 });
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Find a team
      </label>
      <input
        id={id}
        type="search"
        value={title}
        maxLength={64}
        placeholder="Team name"
        onChange={(event) => setTitle(event.target.value)}
        className="block w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-1 focus:ring-indigo-500 focus:outline-none"
      />
      {deferred.length > 0 && (
        <div aria-live="polite">
          {teams.isPending ? (
            <LoadingState label="Searching teams…" />
          ) : teams.isError ? (
            <p className="text-sm text-red-600">{errorMessage(teams.error)}</p>
          ) : teams.data.items.length === 0 ? (
            <p className="text-sm text-slate-500">No team matches “{deferred}”.</p>
          ) : (
            <ul aria-label="Matching teams" className="max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
              {teams.data.items.map((team) => (
                <li key={team.id} className="flex items-center gap-3 px-3 py-1.5">
                  <span className="min-w-0 flex-1 truncate text-sm text-slate-900">
                    {team.title} <span className="text-xs text-slate-500">({team.members === 1 ? "1 member" : `${team.members} members`})</span>
                  </span>
                  <button
                    type="button"
                    onClick={() => {
                      onPick(team);
                      setTitle("");
                    }}
                    aria-label={`Select the team ${team.title}`}
                    className="rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50"
                  >
                    Select
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** The grants on the item itself: users and teams with their role. */
function Grants({ target, canShare }: { target: ContentTarget; canShare: boolean }) {
  const trpc = useTRPC();
  const changed = useSharingChanged();
  const users = useQuery(trpc.sharing.users.queryOptions({ target }));
  const teams = useQuery(trpc.sharing.teams.queryOptions({ target }));
  const update = useMutation(trpc.sharing.update.mutationOptions({ onSuccess: changed }));
  const remove = useMutation(trpc.sharing.remove.mutationOptions({ onSuccess: changed }));
  const busy = update.isPending || remove.isPending;
  const failure = update.error ?? remove.error;

  let body;
  if (users.isPending || teams.isPending) body = <LoadingState label="Loading who it is shared with…" />;
  else if (users.isError || teams.isError) {
    body = <ErrorState message={errorMessage(users.error ?? teams.error)} onRetry={() => void Promise.all([users.refetch(), teams.refetch()])} />;
  } else {
    const rows: (Subject & { role: Role; detail: string })[] = [
      ...teams.data.items.map((grant) => ({ type: "team" as const, id: grant.team.id, label: grant.team.title, role: grant.permission, detail: grant.team.members === 1 ? "Team · 1 member" : `Team · ${grant.team.members} members` })),
      ...users.data.items.map((grant) => ({ type: "user" as const, id: grant.user.id, label: grant.user.displayName, role: grant.permission, detail: grant.user.email })),
    ];
    body =
      rows.length === 0 ? (
        <EmptyState title={`Not shared with anyone in particular`} description={`Members reach this ${target.type} through their organization role and default levels.`} />
      ) : (
        <ul aria-label="Shared with" className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {rows.map((row) => (
            <li key={`${row.type}:${row.id}`} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2">
              {row.type === "team" ? <UsersRound aria-hidden className="size-4 text-slate-400" /> : <User aria-hidden className="size-4 text-slate-400" />}
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{row.label}</p>
                <p className="truncate text-xs text-slate-500">{row.detail}</p>
              </div>
              {canShare ? (
                <>
                  <RoleSelect
                    id={`grant-${row.type}-${row.id}`}
                    label={`Role of ${row.label}`}
                    value={row.role}
                    disabled={busy}
                    onChange={(role) => update.mutate({ target, subject: { type: row.type, id: row.id }, role })}
                  />
                  <Button variant="ghost" className="text-red-700 hover:bg-red-50" disabled={busy} onClick={() => remove.mutate({ target, subject: { type: row.type, id: row.id } })} aria-label={`Remove ${row.label}`}>
                    Remove
                  </Button>
                </>
              ) : (
                <span className="text-sm text-slate-600">{roleLabel(row.role)}</span>
              )}
            </li>
          ))}
        </ul>
      );
  }
  return (
    <section aria-labelledby="grants-heading" className="space-y-2">
      <h3 id="grants-heading" className="text-sm font-semibold text-slate-900">
        Shared with
      </h3>
      {failure && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(failure)}
        </p>
      )}
      {body}
    </section>
  );
}

/** Everyone with access and their effective role, each with "Why?" where the caller may ask. */
function Aggregate({ target, canExplain, onExplain, explaining }: { target: ContentTarget; canExplain: (userId: string) => boolean; onExplain: (who: { id: string; label: string }) => void; explaining?: string }) {
  const trpc = useTRPC();
  const everyone = useQuery(trpc.sharing.aggregate.queryOptions({ target }));
  if (everyone.isPending) return <LoadingState label="Loading who has access…" />;
  if (everyone.isError) return <ErrorState message={errorMessage(everyone.error)} onRetry={() => void everyone.refetch()} />;
  return (
    <>
      <ul aria-label="Everyone with access" className="max-h-64 divide-y divide-slate-200 overflow-y-auto rounded-md border border-slate-200">
        {everyone.data.items.map(({ user, permission }) => (
          <li key={user.id} className="flex items-center gap-3 px-3 py-1.5">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm text-slate-900">{user.displayName}</p>
              <p className="truncate text-xs text-slate-500">{user.email}</p>
            </div>
            <span className="text-sm text-slate-600">{roleLabel(permission)}</span>
            {canExplain(user.id) && (
              <Button variant="ghost" aria-pressed={explaining === user.id} onClick={() => onExplain({ id: user.id, label: user.displayName })} aria-label={`Why does ${user.displayName} have this access?`}>
                Why?
              </Button>
            )}
          </li>
        ))}
      </ul>
      {everyone.data.count > everyone.data.items.length && (
        <p className="text-sm text-slate-500">
          Showing {everyone.data.items.length} of {everyone.data.count} people.
        </p>
      )}
    </>
  );
}
