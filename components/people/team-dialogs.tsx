"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ConfirmActions } from "@/components/ui/confirm-actions";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TeamObject } from "@/server/presenters/team";
import { teamTitleSchema } from "@/server/teams/schemas";

const TITLE_MAX = 64;

/** After any change to teams: their lists, counts and the sharing lists that show them. */
function useTeamsChanged() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.teams.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.sharing.pathKey() })]);
}

/** The title's problem as the server's schema sees it, shown before anything is sent. */
function titleProblem(title: string): string | undefined {
  const parsed = teamTitleSchema.safeParse(title);
  return parsed.success ? undefined : title.trim() === "" ? "Give the team a name." : `At most ${TITLE_MAX} characters.`;
}

export function CreateTeamDialog({ organizationId, open, onClose }: { organizationId: string; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const changed = useTeamsChanged();
  const [title, setTitle] = useState("");
  const [touched, setTouched] = useState(false);
  const create = useMutation(trpc.teams.create.mutationOptions({ onSuccess: async () => { await changed(); close(); } }));

  function close() {
    setTitle("");
    setTouched(false);
    create.reset();
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!titleProblem(title)) create.mutate({ organizationId, title });
  }

  return (
    <Dialog open={open} onClose={close} title="Create a team">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TeamNameField value={title} onChange={setTitle} hint="For example “Support” or “API writers”. You add members next." error={touched ? titleProblem(title) : undefined} disabled={create.isPending} />
        <DialogFormActions error={create.error ? errorMessage(create.error) : undefined} submitLabel="Create team" submitting={create.isPending} onCancel={close} />
      </form>
    </Dialog>
  );
}

/** A team's name, as both dialogs ask for it. */
function TeamNameField({ value, onChange, hint, error, disabled }: { value: string; onChange: (value: string) => void; hint?: string; error?: string; disabled: boolean }) {
  return <TextField label="Name" name="title" required autoFocus maxLength={TITLE_MAX} value={value} onChange={(event) => onChange(event.target.value)} hint={hint} error={error} disabled={disabled} />;
}

export function RenameTeamDialog({ organizationId, team, onClose }: { organizationId: string; team: TeamObject | null; onClose: () => void }) {
  const trpc = useTRPC();
  const changed = useTeamsChanged();
  const [title, setTitle] = useState("");
  useEffect(() => setTitle(team?.title ?? ""), [team]);
  const rename = useMutation(trpc.teams.rename.mutationOptions({ onSuccess: async () => { await changed(); close(); } }));

  function close() {
    rename.reset();
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (team && !titleProblem(title)) rename.mutate({ organizationId, teamId: team.id, title });
  }

  return (
    <Dialog open={team !== null} onClose={close} title="Rename team">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TeamNameField value={title} onChange={setTitle} error={titleProblem(title)} disabled={rename.isPending} />
        <DialogFormActions error={rename.error ? errorMessage(rename.error) : undefined} submitLabel="Rename" submitting={rename.isPending} onCancel={close} />
      </form>
    </Dialog>
  );
}

export function DeleteTeamDialog({ organizationId, team, onClose }: { organizationId: string; team: TeamObject | null; onClose: () => void }) {
  const trpc = useTRPC();
  const changed = useTeamsChanged();
  const remove = useMutation(trpc.teams.delete.mutationOptions({ onSuccess: async () => { await changed(); close(); } }));

  function close() {
    remove.reset();
    onClose();
  }

  return (
    <Dialog open={team !== null} onClose={close} title="Delete this team?">
      {team && (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            <strong className="text-slate-900">{team.title}</strong> and everything shared with it go away: its{" "}
            {team.members === 1 ? "member loses" : `${team.members} members lose`} the access the team gave them
            {team.spaces > 0 ? ` to ${team.spaces === 1 ? "1 space" : `${team.spaces} spaces`}` : ""}. This cannot be undone.
          </p>
          <ConfirmActions error={remove.error ? errorMessage(remove.error) : undefined} pending={remove.isPending} confirmLabel={"Delete team"} onCancel={close} onConfirm={() => remove.mutate({ organizationId, teamId: team.id })} />
        </div>
      )}
    </Dialog>
  );
}
