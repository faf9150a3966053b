import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { notFound } from "../errors";
import { writeChange } from "../events/write-change";
import { authorize } from "../policies/authorize";
import { loadComment, loadCommentBase } from "./base";
import { commentMarkdown } from "./body";
import { excerptOf, extractMentions, mentionedViewers } from "./mentions";
import { replyRecords } from "./records";
import { applyReactions } from "./reactions";
import type { ReplyRef } from "./reply-refs";
import type { BodyFormat, CommentBodyInput } from "./schemas";

export type UpdateReplyArgs = { body?: CommentBodyInput; addedReactions?: string[]; removedReactions?: string[] };

export async function updateReply(ctx: ServiceContext, ref: ReplyRef, args: UpdateReplyArgs, format: BodyFormat = "markdown") {
  const markdown = args.body ? await commentMarkdown(args.body) : undefined;
  const { base, reply } = await writeChange(ctx, async (tx, events) => {
    const base = await loadCommentBase(tx, ctx.actor, ref.spaceId, ref.changeRequest);
    const comment = await loadComment(tx, base, ref.commentId, { lock: "share" });
    await tx.$queryRaw`SELECT id FROM comment_replies WHERE id = ${ref.replyId} AND comment_id = ${comment.id} FOR UPDATE`;
    const reply = await tx.commentReply.findFirst({ where: { id: ref.replyId, commentId: comment.id } });
    if (!reply) throw notFound(`No reply ${ref.replyId} to comment ${comment.id}.`);
    const viewer = { role: base.role, userId: ctx.actor.userId };
    if (markdown !== undefined) authorize(viewer, "comment.edit", reply);
    if (args.addedReactions?.length || args.removedReactions?.length) authorize(viewer, "comment.react", reply);
    const now = new Date();
    const payload = { spaceId: base.space.id, changeRequestId: comment.changeRequestId, commentId: comment.id, replyId: reply.id };
    let changes = 0;
    let updated = reply;
    if (markdown !== undefined && markdown !== reply.body) {
      const before = new Set(extractMentions(reply.body));
      const mentions = (await mentionedViewers(tx, base.space, markdown, reply.authorId)).filter((id) => !before.has(id));
      updated = await tx.commentReply.update({ where: { id: reply.id }, data: { body: markdown, editedAt: now } });
      events.record({ organizationId: base.organization.id, action: "comment_reply.edited", target: { type: "comment-reply", id: reply.id }, payload: { ...payload, mentions, excerpt: excerptOf(markdown) } });
      changes++;
    }
    if (await applyReactions(tx, { replyId: reply.id }, ctx.actor.userId, { added: args.addedReactions, removed: args.removedReactions }, now)) {
      events.record({ organizationId: base.organization.id, action: "comment_reply.reactions_changed", target: { type: "comment-reply", id: reply.id }, payload });
      changes++;
    }
    if (changes === 0) events.nothingChanged();
    return { base, reply: updated };
  });
  return (await replyRecords(db(), ctx, base, [reply], format))[0]!;
}
