"use client";

import { useState, type FormEvent } from "react";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import type { CollectionNode } from "./tree-model";
import { useCreateContent, type ContentKind } from "./use-content-actions";

// The services' title bounds (collections and spaces alike), so the browser says it first.
const TITLE_MAX = 50;

export type CreateRequest = { kind: ContentKind; parent: CollectionNode | null };

export function CreateContentDialog({ request, onClose }: { request: CreateRequest | null; onClose: () => void }) {
  const noun = request?.kind === "collection" ? "collection" : "space";
  return (
    <Dialog open={request !== null} onClose={onClose} title={`New ${noun}`}>
      {request && <CreateContentForm request={request} onClose={onClose} />}
    </Dialog>
  );
}

function CreateContentForm({ request, onClose }: { request: CreateRequest; onClose: () => void }) {
  const [title, setTitle] = useState("");
  const { create, isPending, error } = useCreateContent();
  const noun = request.kind === "collection" ? "collection" : "space";

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await create(request.kind, request.parent, title.trim());
      onClose();
    } catch {
      // The mutation's error is shown under the field.
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-600">
        {request.parent ? (
          <>
            Inside <span className="font-medium text-slate-800">{request.parent.title}</span>
          </>
        ) : (
          "At the top level of the organization"
        )}
      </p>
      <TextField
        label="Title"
        placeholder={request.kind === "collection" ? "e.g. Product guides" : "e.g. Getting started"}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        required
        maxLength={TITLE_MAX}
        autoFocus
        error={error ? errorMessage(error) : undefined}
      />
      <DialogFormActions submitLabel={`Create ${noun}`} submitting={isPending} onCancel={onClose} />
    </form>
  );
}
