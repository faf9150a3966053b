"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, Eye, EyeOff, RefreshCw } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { ConfirmActions } from "@/components/ui/confirm-actions";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage, fieldFailure } from "@/components/ui/trpc-error";
import { useCopy } from "./use-copy";

const isUrl = (text: string) => /^https?:\/\/\S+$/i.test(text);
const masked = (key: string) => `${"•".repeat(24)}${key.slice(-4)}`;

/**
 * Visitor authentication: the key your sign-in backend signs visitors' tokens with (masked until
 * revealed, copied, regenerated after a confirmation), and where visitors go when their token is
 * missing or invalid, and to sign out.
 */
export function VisitorAuth({ organizationId, siteId, canManage, visibility }: { organizationId: string; siteId: string; canManage: boolean; visibility: string }) {
  const trpc = useTRPC();
  const auth = useQuery({ ...trpc.siteAccess.auth.queryOptions({ organizationId, siteId }), enabled: canManage });
  return (
    <section aria-labelledby="visitor-auth-heading" className="space-y-4">
      <div className="space-y-1">
        <h3 id="visitor-auth-heading" className="text-lg font-semibold text-slate-900">
          Visitor authentication
        </h3>
        <p className="max-w-xl text-sm text-slate-600">
          {visibility === "visitor-auth"
            ? "Visitors sign in through your own backend, which sends them to the site with a token signed with this key."
            : "Used once the site's visibility is “Visitor authentication” (in the site's settings): your backend signs visitors' tokens with this key."}
        </p>
      </div>
      {!canManage ? (
        <p className="text-sm text-slate-600">Only the site&apos;s admins see and manage its visitor authentication.</p>
      ) : auth.isPending ? (
        <LoadingState label="Loading visitor authentication…" />
      ) : auth.isError ? (
        <ErrorState message={errorMessage(auth.error)} onRetry={() => void auth.refetch()} />
      ) : (
        <>
          <SigningKey organizationId={organizationId} siteId={siteId} privateKey={auth.data.privateKey} />
          <AuthUrls organizationId={organizationId} siteId={siteId} fallbackURL={auth.data.fallbackURL ?? ""} logoutURL={auth.data.logoutURL ?? ""} />
        </>
      )}
    </section>
  );
}

function SigningKey({ organizationId, siteId, privateKey }: { organizationId: string; siteId: string; privateKey: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const copy = useCopy();
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const regenerate = useMutation(
    trpc.siteAccess.regenerateAuth.mutationOptions({
      onSuccess: async (next) => {
        queryClient.setQueryData(trpc.siteAccess.auth.queryKey({ organizationId, siteId }), next);
        close();
        toast.success("New key made. Tokens signed with the old one no longer work.");
      },
    }),
  );
  function close() {
    regenerate.reset();
    setConfirming(false);
  }
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-4">
      <p id="signing-key-label" className="text-sm font-medium text-slate-700">
        Signing key
      </p>
      <p aria-labelledby="signing-key-label" data-testid="signing-key" className="overflow-x-auto rounded-md bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-800">
        {revealed ? privateKey : masked(privateKey)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" aria-pressed={revealed} onClick={() => setRevealed((shown) => !shown)}>
          {revealed ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
          {revealed ? "Hide key" : "Reveal key"}
        </Button>
        <Button variant="secondary" onClick={() => void copy(privateKey, "Signing key copied.")}>
          <Copy aria-hidden className="size-4" />
          Copy key
        </Button>
        <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setConfirming(true)}>
          <RefreshCw aria-hidden className="size-4" />
          Regenerate key
        </Button>
      </div>
      <Dialog open={confirming} onClose={close} title="Regenerate the signing key?">
        <p className="text-sm text-slate-600">A new key replaces this one at once: visitors signed in with tokens of the old key must sign in again, and your backend needs the new key to sign theirs.</p>
        <ConfirmActions error={regenerate.error ? errorMessage(regenerate.error) : undefined} pending={regenerate.isPending} confirmLabel="Regenerate key" onCancel={close} onConfirm={() => regenerate.mutate({ organizationId, siteId })} />
      </Dialog>
    </div>
  );
}

function AuthUrls({ organizationId, siteId, fallbackURL, logoutURL }: { organizationId: string; siteId: string; fallbackURL: string; logoutURL: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [fallback, setFallback] = useState(fallbackURL);
  const [logout, setLogout] = useState(logoutURL);
  useEffect(() => setFallback(fallbackURL), [fallbackURL]);
  useEffect(() => setLogout(logoutURL), [logoutURL]);
  const update = useMutation(
    trpc.siteAccess.updateAuth.mutationOptions({
      onSuccess: async (next) => {
        queryClient.setQueryData(trpc.siteAccess.auth.queryKey({ organizationId, siteId }), next);
        toast.success("Visitor authentication saved.");
      },
    }),
  );
  const failure = update.error ? fieldFailure(update.error, ["fallbackURL", "logoutURL"] as const) : null;
  const problem = (url: string) => (url && !isUrl(url) ? "An address starting with https:// or http://." : undefined);
  const dirty = fallback !== fallbackURL || logout !== logoutURL;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (problem(fallback) || problem(logout)) return;
    update.mutate({ organizationId, siteId, fallbackURL: fallback || null, logoutURL: logout || null });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Visitor authentication addresses" className="space-y-4 rounded-lg border border-slate-200 p-4">
      <TextField label="Fallback URL" type="url" placeholder="https://example.com/login" value={fallback} onChange={(event) => setFallback(event.target.value)} hint="Where visitors without a valid token go: usually your sign-in page." error={problem(fallback) ?? (failure?.field === "fallbackURL" ? failure.text : undefined)} />
      <TextField label="Sign-out URL" type="url" placeholder="https://example.com/logout" value={logout} onChange={(event) => setLogout(event.target.value)} hint="Optional: where visitors go to sign out of your backend." error={problem(logout) ?? (failure?.field === "logoutURL" ? failure.text : undefined)} />
      {failure && !failure.field && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {failure.text}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending} disabled={!dirty}>
          Save addresses
        </Button>
      </div>
    </form>
  );
}
