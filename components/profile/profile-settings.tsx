"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IntentLink } from "@/components/ui/intent-link";
import { useEffect, useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";

/** The signed-in user's profile (name and photo, as `PATCH /v1/users/{userId}` changes them) and their organizations. */
export function ProfileSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.profile.get.queryOptions());
  const organizations = useQuery(trpc.organizations.list.queryOptions());
  const [displayName, setDisplayName] = useState("");
  const [photoURL, setPhotoURL] = useState("");
  useEffect(() => {
    if (me.data) {
      setDisplayName(me.data.displayName);
      setPhotoURL(me.data.photoURL ?? "");
    }
  }, [me.data]);
  const save = useMutation(
    trpc.profile.update.mutationOptions({
      onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.profile.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.organizations.me.queryKey() })]),
    }),
  );
  const message = save.error ? errorMessage(save.error) : undefined;
  const fieldError = (field: string) => fieldErrors(save.error)[field];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ displayName, photoURL: photoURL.trim() === "" ? null : photoURL.trim() });
  }

  return (
    <div className="space-y-10">
      <section aria-labelledby="profile-heading" className="space-y-4">
        <div className="space-y-1">
          <h1 id="profile-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
            Profile
          </h1>
          <p className="text-sm text-slate-600">How the people you work with see you.</p>
        </div>
        {me.isPending ? (
          <LoadingState label="Loading your profile…" />
        ) : me.isError ? (
          <ErrorState message={errorMessage(me.error)} onRetry={() => void me.refetch()} />
        ) : (
          <form onSubmit={submit} noValidate className="max-w-md space-y-4">
            <TextField label="Email" type="email" value={me.data.email ?? ""} readOnly hint="Your sign-in address." />
            <TextField label="Name" required maxLength={64} value={displayName} onChange={(event) => setDisplayName(event.target.value)} error={fieldError("displayName")} disabled={save.isPending} />
            <TextField
              label="Photo URL"
              type="url"
              value={photoURL}
              onChange={(event) => setPhotoURL(event.target.value)}
              hint="An https address of a picture of you; leave empty for none."
              error={fieldError("photoURL")}
              disabled={save.isPending}
            />
            {message && !fieldError("displayName") && !fieldError("photoURL") && (
              <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
                {message}
              </p>
            )}
            <div className="flex items-center gap-3">
              <Button type="submit" loading={save.isPending}>
                Save profile
              </Button>
              {save.isSuccess && (
                <p role="status" className="text-sm text-green-800">
                  Saved.
                </p>
              )}
            </div>
          </form>
        )}
      </section>
      <JoinableOrganizations />
      <section aria-labelledby="organizations-heading" className="space-y-3">
        <h2 id="organizations-heading" className="text-lg font-semibold text-slate-900">
          Your organizations
        </h2>
        {organizations.isPending ? (
          <LoadingState label="Loading your organizations…" />
        ) : organizations.isError ? (
          <ErrorState message={errorMessage(organizations.error)} onRetry={() => void organizations.refetch()} />
        ) : organizations.data.items.length === 0 ? (
          <EmptyState title="No organizations yet" description="Accept an invitation, or create an organization from the switcher." />
        ) : (
          <ul aria-label="Your organizations" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {organizations.data.items.map((organization) => (
              <li key={organization.id} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
                <IntentLink href={`/o/${organization.id}`} className="truncate font-medium text-indigo-700 hover:underline">
                  {organization.title}
                </IntentLink>
                <span className="text-slate-600">{organization.permissions.admin ? "Admin" : organization.permissions.listMembers ? "Member" : "Guest"}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Organizations that verified the user's own (verified) email domain: joined with their default role. Nothing shows without one. */
function JoinableOrganizations() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const joinable = useQuery(trpc.organizations.joinable.queryOptions());
  const join = useMutation(
    trpc.organizations.joinByEmailDomain.mutationOptions({
      onSuccess: ({ organization }) => {
        void queryClient.invalidateQueries({ queryKey: trpc.organizations.pathKey() });
        window.location.assign(`/o/${organization.id}`);
      },
    }),
  );
  if (!joinable.data || joinable.data.organizations.length === 0) return null;
  return (
    <section aria-labelledby="joinable-heading" className="space-y-3">
      <h2 id="joinable-heading" className="text-lg font-semibold text-slate-900">
        Organizations you can join
      </h2>
      <p className="text-sm text-slate-600">They let in everyone with an address at {joinable.data.domain}.</p>
      <ul aria-label="Organizations you can join" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {joinable.data.organizations.map((organization) => (
          <li key={organization.id} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
            <span className="truncate font-medium text-slate-900">{organization.title}</span>
            <Button variant="secondary" loading={join.isPending && join.variables?.organizationId === organization.id} onClick={() => join.mutate({ organizationId: organization.id })} aria-label={`Join ${organization.title}`}>
              Join
            </Button>
          </li>
        ))}
      </ul>
      {join.error && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(join.error)}
        </p>
      )}
    </section>
  );
}
