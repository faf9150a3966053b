import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { authorize } from "../policies/authorize";
import { loadCommentBase } from "./base";
import { loadConversation, type ConversationRef } from "./conversations";

/** Deletes a conversation and the comments in it; one that is not there is already deleted. */
export async function deleteConversation(ctx: ServiceContext, ref: ConversationRef): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    const base = await loadCommentBase(tx, ctx.actor, ref.spaceId, ref.changeRequest);
    authorize({ role: base.role }, "conversation.delete");
    const conversation = await loadConversation(tx, base, ref.conversationId, { lock: true });
    if (!conversation) return events.nothingChanged();
    await tx.changeRequestConversation.delete({ where: { changeRequestId_id: { changeRequestId: conversation.changeRequestId, id: conversation.id } } });
    events.record({
      organizationId: base.organization.id,
      action: "conversation.deleted",
      target: { type: "change-request-conversation", id: `${conversation.changeRequestId}/${conversation.id}`, label: conversation.title ?? undefined },
      payload: { spaceId: base.space.id, changeRequestId: conversation.changeRequestId, conversationId: conversation.id },
    });
  });
}
