"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { errorMessage } from "@/components/ui/trpc-error";

export function RevokeTokenDialog({ token, onClose }: { token: { id: string; name: string } | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(
    trpc.tokens.revoke.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.tokens.list.queryKey() });
        close();
      },
    }),
  );

  function close() {
    revoke.reset();
    onClose();
  }

  return (
    <Dialog open={token !== null} onClose={close} title="Revoke this token?">
      {token && (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            Scripts and integrations using <strong className="text-slate-900">{token.name}</strong> will stop working at once. This
            cannot be undone.
          </p>
          {revoke.error && (
            <p role="alert" className="text-sm text-red-600">
              {errorMessage(revoke.error)}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close} disabled={revoke.isPending} autoFocus>
              Cancel
            </Button>
            <Button variant="danger" loading={revoke.isPending} onClick={() => revoke.mutate({ tokenId: token.id })}>
              Revoke token
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
