"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers/trpc-provider";
import { scopeInput } from "./discussion-context";
import type { DiscussionScope } from "./types";

/** The writes of a discussion; each refreshes the scope's comment queries once done. */
export function useCommentMutations(scope: DiscussionScope) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: trpc.comments.pathKey() });
  return {
    input: scopeInput(scope),
    post: useMutation(trpc.comments.post.mutationOptions({ onSuccess })),
    update: useMutation(trpc.comments.update.mutationOptions({ onSuccess })),
    remove: useMutation(trpc.comments.delete.mutationOptions({ onSuccess })),
    reply: useMutation(trpc.comments.reply.mutationOptions({ onSuccess })),
    updateReply: useMutation(trpc.comments.updateReply.mutationOptions({ onSuccess })),
    removeReply: useMutation(trpc.comments.deleteReply.mutationOptions({ onSuccess })),
  };
}

/** The emoji changes of a reaction toggle, as `update` and `updateReply` take them. */
export const reactionChange = (emoji: string, add: boolean) => (add ? { addedReactions: [emoji] } : { removedReactions: [emoji] });
