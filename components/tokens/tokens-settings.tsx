"use client";

import { useQuery } from "@tanstack/react-query";
import { KeyRound, Plus } from "lucide-react";
import { useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { CreateTokenDialog } from "./create-token-dialog";
import { formatDate, formatDateTime } from "./format-date";
import { RevokeTokenDialog } from "./revoke-token-dialog";
import { TokenUsage } from "./token-usage";

export function TokensSettings({ origin }: { origin: string }) {
  const trpc = useTRPC();
  const tokens = useQuery(trpc.tokens.list.queryOptions());
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-xl font-semibold text-slate-900">API tokens</h1>
          <p className="max-w-xl text-sm text-slate-600">Personal tokens let scripts and integrations call the Quire API as you.</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden className="size-4" />
          Create token
        </Button>
      </div>

      {tokens.isPending ? (
        <LoadingState label="Loading tokens…" />
      ) : tokens.isError ? (
        <ErrorState message={errorMessage(tokens.error)} onRetry={() => void tokens.refetch()} />
      ) : tokens.data.length === 0 ? (
        <EmptyState
          title="No API tokens yet"
          description="Create a token to use the API from scripts, CI or the GitBook-compatible client."
          action={<Button onClick={() => setCreating(true)}>Create token</Button>}
        />
      ) : (
        <ul aria-label="Your API tokens" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {tokens.data.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <KeyRound aria-hidden className="size-5 shrink-0 text-slate-400" />
              <div className="min-w-0 flex-1 space-y-0.5">
                <p className="truncate font-medium text-slate-900">{token.name}</p>
                <p className="flex flex-wrap gap-x-3 text-sm text-slate-500">
                  <code className="font-mono text-slate-700">{token.prefix}…</code>
                  <span>
                    Created <time dateTime={token.createdAt.toISOString()}>{formatDate(token.createdAt)}</time>
                  </span>
                  <span>
                    {token.lastUsedAt ? (
                      <>
                        Last used <time dateTime={token.lastUsedAt.toISOString()}>{formatDateTime(token.lastUsedAt)}</time>
                      </>
                    ) : (
                      "Never used"
                    )}
                  </span>
                </p>
              </div>
              <Button variant="secondary" onClick={() => setRevoking({ id: token.id, name: token.name })} aria-label={`Revoke ${token.name}`}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}

      <TokenUsage origin={origin} />
      <CreateTokenDialog open={creating} onClose={() => setCreating(false)} />
      <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}
