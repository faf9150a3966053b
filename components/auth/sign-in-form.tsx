"use client";

import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { safeCallbackUrl } from "./safe-callback-url";

type Status = { state: "idle" } | { state: "busy" } | { state: "failed"; message: string };

export function SignInForm({ callbackUrl }: { callbackUrl?: string }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const busy = status.state === "busy";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus({ state: "busy" });
    const target = safeCallbackUrl(callbackUrl, window.location.origin);
    try {
      const result = await signIn("credentials", { redirect: false, email, password, callbackUrl: target });
      if (result?.ok && !result.error) {
        // A full navigation, so server components render with the new session cookie.
        window.location.assign(target);
        return;
      }
      setStatus({ state: "failed", message: failureMessage(result?.error) });
    } catch {
      setStatus({ state: "failed", message: "Could not reach Quire. Check your connection and try again." });
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      {status.state === "failed" && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {status.message}
        </p>
      )}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        required
        autoFocus
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={busy}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        disabled={busy}
      />
      <Button type="submit" loading={busy} className="w-full py-2">
        {busy ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}

/**
 * What to tell the user: a wrong email or password, or the server's own sentence (a lock says when
 * to try again, server/auth/next-auth.ts); next-auth's other error codes are single words.
 */
function failureMessage(error: string | null | undefined): string {
  if (error === "CredentialsSignin") return "Incorrect email or password";
  return error && /\s/.test(error) ? error : "Signing in failed. Please try again.";
}
