"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { CopyButton } from "./copy-button";

const NAME_MAX = 100;

/**
 * Two steps in one dialog: name the token, then show the plain token. The server keeps only
 * its hash, so closing the dialog is the last chance to copy it.
 */
export function CreateTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const create = useMutation(
    trpc.tokens.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.tokens.list.queryKey() }),
    }),
  );
  const created = create.data;

  function close() {
    setName("");
    create.reset();
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate({ name });
  }

  return (
    <Dialog open={open} onClose={close} title={created ? "Your new API token" : "Create an API token"}>
      {created ? (
        <div className="space-y-4">
          <p className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              Copy this token now. <strong>You won&apos;t see it again</strong>: Quire stores only a fingerprint of it.
            </span>
          </p>
          <div className="space-y-1">
            <p className="text-sm font-medium text-slate-700">{created.apiToken.name}</p>
            <code data-testid="new-token" className="block break-all rounded-md bg-slate-900 px-3 py-2 font-mono text-sm text-slate-50 select-all">
              {created.token}
            </code>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <CopyButton text={created.token} label="Copy token" />
            <Button onClick={close}>Done</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <TextField
            label="Name"
            name="name"
            required
            autoFocus
            maxLength={NAME_MAX}
            value={name}
            onChange={(event) => setName(event.target.value)}
            hint="What the token is for, e.g. “CI deploys”. Only you see it."
            error={create.error ? errorMessage(create.error) : undefined}
            disabled={create.isPending}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={name.trim() === ""}>
              Create token
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
