"use client";

import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { errorMessage, fieldErrors, RouteRefusal } from "@/components/ui/trpc-error";

type Mode = { kind: "join"; name: string } | { kind: "sign-up"; email: string | null };

/**
 * Accepting an invite: the signed-in user joins with one click; someone new gives a name and a
 * password (and, for an invite link, their email), which make the account, then is signed in and
 * taken to the organization.
 */
// The fields the server may name in a refusal (`details.fields`); anything else is said above the form.
const FIELDS = ["email", "displayName", "password"] as const;
const PASSWORDS_DIFFER = "The two passwords differ";

export function InviteAcceptance({ token, mode }: { token: string; mode: Mode }) {
  const [email, setEmail] = useState(mode.kind === "sign-up" ? (mode.email ?? "") : "");
  const [displayName, setDisplayName] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>();
  const [mismatch, setMismatch] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMismatch(mode.kind === "sign-up" && password !== confirm);
    if (mode.kind === "sign-up" && password !== confirm) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const body = mode.kind === "join" ? {} : { displayName, password, ...(mode.email ? {} : { email }) };
      const response = await fetch(`/api/invites/${encodeURIComponent(token)}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const answer = (await response.json()) as { organizationId?: string; email?: string; error?: { message: string; details?: unknown } };
      if (!response.ok || !answer.organizationId) throw new RouteRefusal(answer.error ?? { message: "Joining failed. Try again." });
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
      setProblem(error);
      setBusy(false);
    }
  }

  const fields = fieldErrors(problem);
  const general = problem && !FIELDS.some((field) => fields[field]) ? errorMessage(problem) : undefined;
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
            <TextField label="Email" type="email" required autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} error={fields.email} disabled={busy} />
          )}
          <TextField label="Your name" required autoComplete="name" maxLength={64} value={displayName} onChange={(event) => setDisplayName(event.target.value)} error={fields.displayName} disabled={busy} />
          <TextField
            label="Password"
            type="password"
            required
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            hint="At least 8 characters."
            error={fields.password}
            disabled={busy}
          />
          <TextField label="Confirm password" type="password" required autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.target.value)} error={mismatch ? PASSWORDS_DIFFER : undefined} disabled={busy} />
        </>
      )}
      <Button type="submit" loading={busy} className="w-full">
        {mode.kind === "join" ? "Join organization" : "Create account and join"}
      </Button>
    </form>
  );
}
