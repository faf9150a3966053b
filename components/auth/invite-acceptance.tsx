"use client";

import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { fieldMessage } from "@/components/ui/trpc-error";

type Mode = { kind: "join"; name: string } | { kind: "sign-up"; email: string | null };

/**
 * Accepting an invite: the signed-in user joins with one click; someone new gives a name and a
 * password (and, for an invite link, their email), which make the account, then is signed in and
 * taken to the organization.
 */
export function InviteAcceptance({ token, mode }: { token: string; mode: Mode }) {
  const [email, setEmail] = useState(mode.kind === "sign-up" ? (mode.email ?? "") : "");
  const [displayName, setDisplayName] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mode.kind === "sign-up" && password !== confirm) return setProblem("confirm: the two passwords differ");
    setBusy(true);
    setProblem(undefined);
    try {
      const body = mode.kind === "join" ? {} : { displayName, password, ...(mode.email ? {} : { email }) };
      const response = await fetch(`/api/invites/${encodeURIComponent(token)}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const answer = (await response.json()) as { organizationId?: string; email?: string; error?: { message: string } };
      if (!response.ok || !answer.organizationId) throw new Error(answer.error?.message ?? "Joining failed. Try again.");
      const target = `/o/${answer.organizationId}`;
      if (mode.kind === "sign-up") {
        const signedIn = await signIn("credentials", { redirect: false, email: answer.email, password, callbackUrl: target });
        if (!signedIn?.ok || signedIn.error) {
          // The account exists and is a member: signing in by hand still works.
          window.location.assign(`/login?callbackUrl=${encodeURIComponent(target)}`);
          return;
        }
      }
      // A full navigation, so server components render with the session.
      window.location.assign(target);
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  }

  const general = problem && !/^(email|displayName|password|confirm): /.test(problem) ? problem : undefined;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {general && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {general}
        </p>
      )}
      {mode.kind === "join" ? (
        <p className="text-sm text-slate-600">You join as {mode.name}.</p>
      ) : (
        <>
          {mode.email ? (
            <TextField label="Email" type="email" value={mode.email} readOnly autoComplete="username" />
          ) : (
            <TextField label="Email" type="email" required autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} error={fieldMessage(problem, "email")} disabled={busy} />
          )}
          <TextField label="Your name" required autoComplete="name" maxLength={64} value={displayName} onChange={(event) => setDisplayName(event.target.value)} error={fieldMessage(problem, "displayName")} disabled={busy} />
          <TextField
            label="Password"
            type="password"
            required
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            hint="At least 8 characters."
            error={fieldMessage(problem, "password")}
            disabled={busy}
          />
          <TextField label="Confirm password" type="password" required autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.target.value)} error={fieldMessage(problem, "confirm")} disabled={busy} />
        </>
      )}
      <Button type="submit" loading={busy} className="w-full">
        {mode.kind === "join" ? "Join organization" : "Create account and join"}
      </Button>
    </form>
  );
}
