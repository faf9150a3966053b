"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { ChoiceGroup } from "@/components/space/choice-group";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { errorMessage } from "@/components/ui/trpc-error";
import { useRefreshReviews, type ReviewTarget } from "./use-reviews";

export type ReviewChoice = "approved" | "changes-requested";

const CHOICES: { value: ReviewChoice; label: string; description: string }[] = [
  { value: "approved", label: "Approve", description: "These changes are ready to merge." },
  { value: "changes-requested", label: "Request changes", description: "Something must change before it is merged." },
];

const DONE: Record<ReviewChoice, string> = { approved: "Approved.", "changes-requested": "Changes requested." };

/** The review form: a verdict among those the caller may give. */
export function ReviewDialog({ open, onClose, target, choices }: { open: boolean; onClose: () => void; target: ReviewTarget; choices: ReviewChoice[] }) {
  return (
    <Dialog open={open} onClose={onClose} title="Review this change request">
      {/* Remounted on each opening: the form starts afresh. */}
      {open && <ReviewForm target={target} choices={choices} onDone={onClose} />}
    </Dialog>
  );
}

function ReviewForm({ target, choices, onDone }: { target: ReviewTarget; choices: ReviewChoice[]; onDone: () => void }) {
  const trpc = useTRPC();
  const toast = useToast();
  const refresh = useRefreshReviews();
  const [choice, setChoice] = useState<ReviewChoice>(choices[0]!);
  const submit = useMutation(trpc.reviews.submit.mutationOptions());

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await submit.mutateAsync({ ...target, status: choice });
    } catch {
      return; // Shown in the form.
    }
    await refresh();
    toast.success(DONE[choice]);
    onDone();
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-4" noValidate>
      <ChoiceGroup legend="Your review" name="verdict" choices={CHOICES.filter((option) => choices.includes(option.value))} value={choice} onChange={setChoice} />
      <DialogFormActions error={submit.error ? errorMessage(submit.error) : undefined} submitLabel="Submit review" submitting={submit.isPending} onCancel={onDone} />
    </form>
  );
}
