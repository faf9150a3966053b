"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TeamObject } from "@/server/presenters/team";
import { MemberSearch } from "./member-search";

/** Most members the dialog lists at once; the count says when there are more. */
const SHOWN = 100;

/** A team's members: who they are and their role in it; its managers add, remove and make owners. */
export function TeamMembersDialog({ organizationId, team, onClose }: { organizationId: string; team: TeamObject | null; onClose: () => void }) {
  return (
    <Dialog open={team !== null} onClose={onClose} title={team ? `Members of ${team.title}` : "Members"} size="lg">
      {team && <MembersPanel organizationId={organizationId} team={team} />}
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    </Dialog>
  );
}

function MembersPanel({ organizationId, team }: { organizationId: string; team: TeamObject }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const input = { organizationId, teamId: team.id };
  const members = useQuery(trpc.teams.members.queryOptions({ ...input, limit: SHOWN }));
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.teams.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.sharing.pathKey() })]);
  const add = useMutation(trpc.teams.addMember.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.teams.removeMember.mutationOptions({ onSuccess: refresh }));
  const failure = add.error ?? remove.error;
  const canManage = team.permissions.admin;

  return (
    <div className="space-y-4">
      {canManage ? (
        <MemberSearch
          organizationId={organizationId}
          label="Add a member"
          actionLabel="Add"
          exclude={members.data?.items.map((item) => item.organization.id)}
          disabled={add.isPending}
          onPick={(member) => add.mutate({ ...input, userId: member.id })}
        />
      ) : (
        <p className="text-sm text-slate-600">Only the team’s owners and the organization’s admins change its members.</p>
      )}
      {failure && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {errorMessage(failure)}
        </p>
      )}
      {members.isPending ? (
        <LoadingState label="Loading members…" />
      ) : members.isError ? (
        <ErrorState message={errorMessage(members.error)} onRetry={() => void members.refetch()} />
      ) : members.data.items.length === 0 ? (
        <EmptyState title="No members yet" description={canManage ? "Find people above to add them." : undefined} />
      ) : (
        <>
          <ul aria-label={`Members of ${team.title}`} className="max-h-80 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200">
            {members.data.items.map(({ organization: member, team: membership }) => (
              <li key={member.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{member.user.displayName}</p>
                  <p className="truncate text-xs text-slate-500">{member.user.email}</p>
                </div>
                {canManage ? (
                  <>
                    <label className="sr-only" htmlFor={`team-role-${member.id}`}>
                      Role of {member.user.displayName} in the team
                    </label>
                    <select
                      id={`team-role-${member.id}`}
                      value={membership.role}
                      disabled={add.isPending}
                      onChange={(event) => add.mutate({ ...input, userId: member.id, role: event.target.value as "owner" | "member" })}
                      className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                    >
                      <option value="member">Member</option>
                      <option value="owner">Owner (manages the team)</option>
                    </select>
                    <Button variant="ghost" className="text-red-700 hover:bg-red-50" disabled={remove.isPending} onClick={() => remove.mutate({ ...input, userId: member.id })} aria-label={`Remove ${member.user.displayName} from the team`}>
                      Remove
                    </Button>
                  </>
                ) : (
                  <span className="text-sm text-slate-600">{membership.role === "owner" ? "Owner" : "Member"}</span>
                )}
              </li>
            ))}
          </ul>
          {members.data.count > members.data.items.length && (
            <p className="text-sm text-slate-500">
              Showing {members.data.items.length} of {members.data.count} members.
            </p>
          )}
        </>
      )}
    </div>
  );
}
