"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { ChoiceGroup } from "@/components/space/choice-group";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { TextAreaField } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { MAX_COMMENT_MARKDOWN } from "@/server/comments/limits";
import { useRefreshReviews, type ReviewTarget } from "./use-reviews";

export type ReviewChoice = "approved" | "changes-requested" | "comment";

const CHOICES: { value: ReviewChoice; label: string; description: string }[] = [
  { value: "approved", label: "Approve", description: "These changes are ready to merge." },
  { value: "changes-requested", label: "Request changes", description: "Something must change before it is merged." },
  { value: "comment", label: "Comment", description: "A note on the whole change request, without a verdict." },
];

const DONE: Record<ReviewChoice, string> = { approved: "Approved.", "changes-requested": "Changes requested.", comment: "Comment posted." };

/**
 * The review form: a verdict among those the caller may give, or a comment, with a message in
 * markdown. Reviews carry no text of their own, so the message is posted as a comment on the change
 * request, where the discussion continues.
 */
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
  const [markdown, setMarkdown] = useState("");
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string>();
  const submit = useMutation(trpc.reviews.submit.mutationOptions());
  const post = useMutation(trpc.comments.post.mutationOptions());
  const text = markdown.trim();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    if (choice === "comment" && !text) return setMissing(true);
    try {
      // A verdict and its message are one review (the message is the review's comment, written with it).
      if (choice === "comment") await post.mutateAsync({ spaceId: target.spaceId, changeRequest: target.changeRequest, markdown: text });
      else await submit.mutateAsync({ ...target, status: choice, ...(text ? { markdown: text } : {}) });
    } catch (error) {
      return setFailure(errorMessage(error));
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
        hint={choice === "comment" ? "Markdown. Posted on the change request, for everyone to read." : "Markdown. Shown with your review, for everyone to read."}
        error={missing && choice === "comment" && !text ? "Write the comment to post." : undefined}
        rows={4}
        maxLength={MAX_COMMENT_MARKDOWN}
        value={markdown}
        onChange={(event) => setMarkdown(event.target.value)}
      />
      <DialogFormActions error={failure} submitLabel={choice === "comment" ? "Post comment" : "Submit review"} submitting={submit.isPending || post.isPending} onCancel={onDone} />
    </form>
  );
}
