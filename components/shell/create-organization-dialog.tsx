"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { useToast } from "./toast";

/** Creates an organization (the caller becomes its admin) and opens it. */
export function CreateOrganizationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Create organization">
      {open && <CreateOrganizationForm onClose={onClose} />}
    </Dialog>
  );
}

function CreateOrganizationForm({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const toast = useToast();
  const [title, setTitle] = useState("");
  const create = useMutation(
    trpc.organizations.create.mutationOptions({
      onSuccess: async (organization) => {
        const listKey = trpc.organizations.list.queryKey();
        // A list still loading from before the creation may answer without it: the switcher gets it at once.
        await queryClient.cancelQueries({ queryKey: listKey });
        queryClient.setQueryData(listKey, (list) => (list && !list.items.some((item) => item.id === organization.id) ? { ...list, items: [...list.items, organization] } : list));
        void queryClient.invalidateQueries({ queryKey: listKey });
        toast.success(`Organization “${organization.title}” created`);
        onClose();
        router.push(`/o/${organization.id}`);
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ title: title.trim() });
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <TextField
        label="Name"
        hint="Usually your company or team name. You can change it later."
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        required
        minLength={2}
        maxLength={255}
        autoFocus
        error={create.error ? errorMessage(create.error) : undefined}
      />
      <DialogFormActions submitLabel="Create organization" submitting={create.isPending} onCancel={onClose} />
    </form>
  );
}
