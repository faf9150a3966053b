"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { ChoiceGroup } from "@/components/space/choice-group";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { TextAreaField } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { useRefreshReviews, type ReviewTarget } from "./use-reviews";

export type ReviewChoice = "approved" | "changes-requested" | "comment";

const CHOICES: { value: ReviewChoice; label: string; description: string }[] = [
  { value: "approved", label: "Approve", description: "These changes are ready to merge." },
  { value: "changes-requested", label: "Request changes", description: "Something must change before it is merged." },
  { value: "comment", label: "Comment", description: "A note on the whole change request, without a verdict." },
];

const DONE: Record<ReviewChoice, string> = { approved: "Approved.", "changes-requested": "Changes requested.", comment: "Comment posted." };

/**
 * The review form: a verdict (only those the caller may give) and a message in markdown, optional
 * with a verdict and needed for a comment, which is posted as a change-request-level comment.
 */
export function ReviewDialog({ open, onClose, target, choices }: { open: boolean; onClose: () => void; target: ReviewTarget; choices: ReviewChoice[] }) {
  return (
    <Dialog open={open} onClose={onClose} title="Review this change request">
      {/* Remounted on each opening: the form starts empty. */}
      {open && <ReviewForm target={target} choices={choices} onDone={onClose} />}
    </Dialog>
  );
}

function ReviewForm({ target, choices, onDone }: { target: ReviewTarget; choices: ReviewChoice[]; onDone: () => void }) {
  const trpc = useTRPC();
  const toast = useToast();
  const refresh = useRefreshReviews();
  const [choice, setChoice] = useState<ReviewChoice>(choices[0]!);
  const [markdown, setMarkdown] = useState("");
  const [missing, setMissing] = useState(false);
  const submit = useMutation(trpc.reviews.submit.mutationOptions());
  const post = useMutation(trpc.comments.post.mutationOptions());
  const pending = submit.isPending || post.isPending;
  const failure = submit.error ?? post.error;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const text = markdown.trim();
    if (choice === "comment" && !text) return setMissing(true);
    submit.reset();
    post.reset();
    try {
      if (choice === "comment") await post.mutateAsync({ spaceId: target.spaceId, changeRequest: target.changeRequest, markdown: text });
      else await submit.mutateAsync({ ...target, status: choice, ...(text ? { markdown: text } : {}) });
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
      <TextAreaField
        label={choice === "comment" ? "Comment" : "Message (optional)"}
        hint="Markdown: **bold**, _italic_, `code`, [links](https://example.com)."
        error={missing && choice === "comment" && !markdown.trim() ? "Write the comment to post." : undefined}
        rows={5}
        maxLength={20_000}
        value={markdown}
        onChange={(event) => setMarkdown(event.target.value)}
      />
      <DialogFormActions error={failure ? errorMessage(failure) : undefined} submitLabel={choice === "comment" ? "Post comment" : "Submit review"} submitting={pending} onCancel={onDone} />
    </form>
  );
}
