"use client";

import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { errorMessage, fieldErrors, RouteRefusal } from "@/components/ui/trpc-error";

/** The new password of a mailed reset, twice; then the member is signed in with it and taken home. */
export function PasswordResetForm({ token, email }: { token: string; email: string }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>();
  const [mismatch, setMismatch] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMismatch(password !== confirm);
    if (password !== confirm) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const response = await fetch(`/api/password-resets/${encodeURIComponent(token)}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ password }) });
      const answer = (await response.json()) as { email?: string; error?: { message: string; details?: unknown } };
      if (!response.ok || !answer.email) throw new RouteRefusal(answer.error ?? { message: "The password was not set. Try again." });
      const signedIn = await signIn("credentials", { redirect: false, email: answer.email, password, callbackUrl: "/" });
      // Set: signing in by hand still works if this did not.
      window.location.assign(signedIn?.ok && !signedIn.error ? "/" : "/login");
    } catch (error) {
      setProblem(error);
      setBusy(false);
    }
  }

  // The server names the password in `details.fields` ("Must be at least 8 characters"); anything else is said above the form.
  const passwordError = fieldErrors(problem).password;
  const general = problem && !passwordError ? errorMessage(problem) : undefined;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {general && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {general}
        </p>
      )}
      <TextField label="Email" type="email" value={email} readOnly autoComplete="username" />
      <TextField
        label="New password"
        type="password"
        required
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint="At least 8 characters."
        error={passwordError}
        disabled={busy}
      />
      <TextField label="Confirm the new password" type="password" required autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.target.value)} error={mismatch ? "The two passwords differ" : undefined} disabled={busy} />
      <Button type="submit" loading={busy} className="w-full">
        Set password and sign in
      </Button>
    </form>
  );
}
