"use client";

import { KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";

type Entry = { id: string; label: string; organization: { id: string; title: string }; startURL: string };
type Status = { state: "idle" } | { state: "busy" } | { state: "none"; query: string } | { state: "choose"; entries: Entry[] } | { state: "failed" };

/**
 * "Sign in with SSO": the user gives their work email (or their organization's hostname or id),
 * and goes to their organization's identity provider; with several, they choose.
 */
export function SsoSignIn({ callbackUrl }: { callbackUrl: string }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const startUrl = (entry: Entry) => `${entry.startURL}?callbackUrl=${encodeURIComponent(callbackUrl)}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus({ state: "busy" });
    try {
      const response = await fetch(`/sso/find?q=${encodeURIComponent(query)}`);
      if (!response.ok) throw new Error(String(response.status));
      const { items } = (await response.json()) as { items: Entry[] };
      if (items.length === 1) {
        window.location.assign(startUrl(items[0]!));
        return;
      }
      setStatus(items.length === 0 ? { state: "none", query } : { state: "choose", entries: items });
    } catch {
      setStatus({ state: "failed" });
    }
  }

  if (!open) {
    return (
      <Button variant="secondary" className="w-full py-2" onClick={() => setOpen(true)}>
        <KeyRound aria-hidden className="size-4" />
        Sign in with SSO
      </Button>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Sign in with SSO">
      <TextField
        label="Work email or organization"
        hint="Your email at work, or your organization's Quire hostname."
        name="sso"
        autoComplete="email"
        required
        autoFocus
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        disabled={status.state === "busy"}
      />
      {status.state === "none" && (
        <p role="alert" className="text-sm text-slate-700">
          No organization offers single sign-on for {status.query}. Check it, or sign in with your password.
        </p>
      )}
      {status.state === "failed" && (
        <p role="alert" className="text-sm text-red-700">
          Could not look single sign-on up. Check your connection and try again.
        </p>
      )}
      {status.state === "choose" && (
        <ul aria-label="Ways to sign in" className="space-y-2">
          {status.entries.map((entry) => (
            <li key={entry.id}>
              <a href={startUrl(entry)} className="block rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-800 hover:bg-slate-50">
                {entry.organization.title}: {entry.label}
              </a>
            </li>
          ))}
        </ul>
      )}
      <Button type="submit" variant="secondary" loading={status.state === "busy"} className="w-full py-2">
        Continue with SSO
      </Button>
    </form>
  );
}
