"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { Plus, Search, UsersRound } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TeamObject } from "@/server/presenters/team";
import { useHasOpened } from "@/components/ui/use-has-opened";

// The dialogs (and the form schemas they check names with) load when one is first opened, each in
// its own Suspense boundary (a loading placeholder of nothing): the list stays on screen meanwhile.
const CreateTeamDialog = dynamic(() => import("./team-dialogs").then((module) => module.CreateTeamDialog), { loading: () => null });
const RenameTeamDialog = dynamic(() => import("./team-dialogs").then((module) => module.RenameTeamDialog), { loading: () => null });
const DeleteTeamDialog = dynamic(() => import("./team-dialogs").then((module) => module.DeleteTeamDialog), { loading: () => null });
const TeamMembersDialog = dynamic(() => import("./team-members-dialog").then((module) => module.TeamMembersDialog), { loading: () => null });

type Open = { kind: "rename" | "delete" | "members"; team: TeamObject } | null;

/** The organization's teams: find, create (admins), rename, delete and manage members (a team's managers). */
export function TeamsPage({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const organization = useQuery(trpc.organizations.get.queryOptions({ organizationId }));
  const [title, setTitle] = useState("");
  const filter = useDeferredValue(title.trim());
  // One query per page of results: "Show more" adds the next page's cursor.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const canCreate = organization.data?.permissions.admin ?? false;
  const dialogsUsed = useHasOpened(creating || open !== null);

  return (
    <section aria-labelledby="teams-heading" className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h2 id="teams-heading" className="text-xl font-semibold text-slate-900">
            Teams
          </h2>
          <p className="max-w-xl text-sm text-slate-600">Share spaces and collections with a team at once: its members get the role the team is given.</p>
        </div>
        {canCreate && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" />
            Create team
          </Button>
        )}
      </div>
      <div className="relative max-w-sm">
        <Search aria-hidden className="pointer-events-none absolute top-2 left-2.5 size-4 text-slate-400" />
        <input
          type="search"
          aria-label="Find teams by name"
          placeholder="Find teams by name"
          value={title}
          maxLength={64}
          onChange={(event) => {
            setTitle(event.target.value);
            setCursors([undefined]);
          }}
          className="block w-full rounded-md border border-slate-300 py-1.5 pr-3 pl-8 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-1 focus:ring-indigo-500 focus:outline-none"
        />
      </div>
      <ul aria-label="Teams" className="divide-y divide-slate-200 rounded-lg border border-slate-200 empty:hidden">
        {cursors.map((cursor, index) => (
          <TeamsChunk
            key={cursor ?? "first"}
            organizationId={organizationId}
            title={filter}
            page={cursor}
            last={index === cursors.length - 1}
            onMore={(next) => setCursors((current) => [...current, next])}
            onOpen={setOpen}
            empty={
              index === 0 ? (
                filter ? (
                  <EmptyState title={`No team matches “${filter}”`} description="Try another name." />
                ) : (
                  <EmptyState
                    title="No teams yet"
                    description={canCreate ? "Create a team to share content with a group of people at once." : "Admins of the organization create teams."}
                    action={canCreate ? <Button onClick={() => setCreating(true)}>Create team</Button> : undefined}
                  />
                )
              ) : null
            }
          />
        ))}
      </ul>
      {dialogsUsed && (
        <>
          <CreateTeamDialog organizationId={organizationId} open={creating} onClose={() => setCreating(false)} />
          <RenameTeamDialog organizationId={organizationId} team={open?.kind === "rename" ? open.team : null} onClose={() => setOpen(null)} />
          <DeleteTeamDialog organizationId={organizationId} team={open?.kind === "delete" ? open.team : null} onClose={() => setOpen(null)} />
          <TeamMembersDialog organizationId={organizationId} team={open?.kind === "members" ? open.team : null} onClose={() => setOpen(null)} />
        </>
      )}
    </section>
  );
}

/** One page of teams, as list items of the list above (its states too, so they sit where its rows would). */
function TeamsChunk({
  organizationId,
  title,
  page,
  last,
  onMore,
  onOpen,
  empty,
}: {
  organizationId: string;
  title: string;
  page: string | undefined;
  last: boolean;
  onMore: (next: string) => void;
  onOpen: (open: Open) => void;
  empty: React.ReactNode;
}) {
  const trpc = useTRPC();
  const teams = useQuery(trpc.teams.list.queryOptions({ organizationId, ...(title ? { title } : {}), ...(page ? { page } : {}), limit: 50 }));
  if (teams.isPending) return <li><LoadingState label="Loading teams…" /></li>;
  if (teams.isError) return <li className="p-3"><ErrorState message={errorMessage(teams.error)} onRetry={() => void teams.refetch()} /></li>;
  if (teams.data.items.length === 0) return empty ? <li className="p-3">{empty}</li> : null;
  return (
    <>
      {teams.data.items.map((team) => (
        <li key={team.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <UsersRound aria-hidden className="size-5 shrink-0 text-slate-400" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">{team.title}</p>
            <p className="text-sm text-slate-500">
              {team.members === 1 ? "1 member" : `${team.members} members`} · {team.spaces === 1 ? "1 space" : `${team.spaces} spaces`}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => onOpen({ kind: "members", team })} aria-label={`Members of ${team.title}`}>
              Members
            </Button>
            {team.permissions.admin && (
              <>
                <Button variant="secondary" onClick={() => onOpen({ kind: "rename", team })} aria-label={`Rename ${team.title}`}>
                  Rename
                </Button>
                <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => onOpen({ kind: "delete", team })} aria-label={`Delete ${team.title}`}>
                  Delete
                </Button>
              </>
            )}
          </div>
        </li>
      ))}
      {last && teams.data.next && (
        <li className="flex justify-center p-2">
          <Button variant="ghost" onClick={() => onMore(teams.data.next!.page)}>
            Show more teams
          </Button>
        </li>
      )}
    </>
  );
}
