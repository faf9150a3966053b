import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { writeChange } from "../events/write-change";
import { newId } from "../ids";
import { authorize } from "../policies/authorize";
import { loadComment, loadCommentBase } from "./base";
import { commentMarkdown } from "./body";
import { excerptOf, mentionedViewers } from "./mentions";
import { replyRecords } from "./records";
import type { CommentRef } from "./reply-refs";
import type { BodyFormat, CommentBodyInput } from "./schemas";

export async function postReply(ctx: ServiceContext, ref: CommentRef, body: CommentBodyInput, format: BodyFormat = "markdown") {
  const markdown = await commentMarkdown(body);
  const { base, reply } = await writeChange(ctx, async (tx, events) => {
    const base = await loadCommentBase(tx, ctx.actor, ref.spaceId, ref.changeRequest);
    const comment = await loadComment(tx, base, ref.commentId, { lock: "share" });
    authorize({ role: base.role, userId: ctx.actor.userId }, "comment.reply", comment);
    const reply = await tx.commentReply.create({ data: { id: newId(), commentId: comment.id, authorId: ctx.actor.userId, body: markdown, postedAt: new Date() } });
    events.record({
      organizationId: base.organization.id,
      action: "comment_reply.posted",
      target: { type: "comment-reply", id: reply.id },
      payload: {
        spaceId: base.space.id,
        changeRequestId: comment.changeRequestId,
        commentId: comment.id,
        replyId: reply.id,
        mentions: await mentionedViewers(tx, base.space, markdown, ctx.actor.userId),
        excerpt: excerptOf(markdown),
      },
    });
    return { base, reply };
  });
  return (await replyRecords(db(), ctx, base, [reply], format))[0]!;
}
