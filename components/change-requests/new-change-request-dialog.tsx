"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { changeRequestHref } from "@/components/content/space-frame";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import type { SpaceObject } from "@/server/presenters/space";

// The service's bound on subjects, so the browser says it first.
export const SUBJECT_MAX = 100;

/** Opens a draft change request on the space's current content, then its editor (on `pageId`, when given). */
export function NewChangeRequestDialog({ open, onClose, space, organizationId, pageId }: { open: boolean; onClose: () => void; space: SpaceObject; organizationId: string; pageId?: string }) {
  return (
    <Dialog open={open} onClose={onClose} title="New change request">
      {open && <NewChangeRequestForm space={space} organizationId={organizationId} pageId={pageId} onClose={onClose} />}
    </Dialog>
  );
}

function NewChangeRequestForm({ space, organizationId, pageId, onClose }: { space: SpaceObject; organizationId: string; pageId?: string; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [subject, setSubject] = useState("");
  const create = useMutation(
    trpc.changeRequests.create.mutationOptions({
      onSuccess: async (changeRequest) => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.changeRequests.list.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.settings.getSpace.queryKey({ spaceId: space.id }) }),
        ]);
        router.push(`${changeRequestHref(organizationId, space.id, changeRequest.number)}/edit${pageId ? `?page=${encodeURIComponent(pageId)}` : ""}`);
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ spaceId: space.id, subject: subject.trim() || undefined });
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-600">
        A draft copy of <span className="font-medium text-slate-800">{space.title}</span> to edit and then submit for review.
      </p>
      <TextField
        label="Subject"
        placeholder="e.g. Document the export settings"
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
        maxLength={SUBJECT_MAX}
        autoFocus
        hint="Optional: what this change is about."
        error={create.error ? errorMessage(create.error) : undefined}
      />
      <DialogFormActions submitLabel="Create change request" submitting={create.isPending || create.isSuccess} onCancel={onClose} />
    </form>
  );
}
