import type { ServiceContext } from "../context";
import { notFound } from "../errors";
import { writeChange } from "../events/write-change";
import { authorize } from "../policies/authorize";
import { conversationPermissions } from "../policies/comment";
import { loadCommentBase } from "./base";
import { loadConversation, presentConversation, type ConversationRef } from "./conversations";

export async function renameConversation(ctx: ServiceContext, ref: ConversationRef, title: string) {
  return writeChange(ctx, async (tx, events) => {
    const base = await loadCommentBase(tx, ctx.actor, ref.spaceId, ref.changeRequest);
    authorize({ role: base.role }, "conversation.rename");
    const conversation = await loadConversation(tx, base, ref.conversationId, { lock: true });
    if (!conversation) throw notFound(`No conversation ${ref.conversationId} in change request ${base.changeRequest!.number}.`);
    const updated = await tx.changeRequestConversation.update({
      where: { changeRequestId_id: { changeRequestId: conversation.changeRequestId, id: conversation.id } },
      data: { title, updatedAt: new Date() },
    });
    events.record({
      organizationId: base.organization.id,
      action: "conversation.updated",
      target: { type: "change-request-conversation", id: `${conversation.changeRequestId}/${conversation.id}`, label: title },
      payload: { spaceId: base.space.id, changeRequestId: conversation.changeRequestId, conversationId: conversation.id },
    });
    return { ...presentConversation(updated), permissions: conversationPermissions(base.role) };
  });
}
