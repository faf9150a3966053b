import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { writeChange } from "../events/write-change";
import { notFound } from "../errors";
import { newId } from "../ids";
import { loadComment, loadCommentBase } from "./base";
import { commentMarkdown } from "./body";
import { excerptOf, extractMentions, mentionedViewers } from "./mentions";
import { presentReplies } from "./present";
import { applyReactions } from "./reactions";
import type { BodyFormat, CommentBodyInput } from "./schemas";
import { authorize } from "../policies/authorize";

/** Replies: posted by anyone who can comment, edited by their author, deleted by their author or a space admin. */

type CommentRef = { spaceId: string; changeRequest?: string; commentId: string };
type ReplyRef = CommentRef & { replyId: string };

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
  return (await presentReplies(db(), ctx, base, [reply], format))[0]!;
}

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
  return (await presentReplies(db(), ctx, base, [reply], format))[0]!;
}

/** Deletes a reply with its reactions; one that is not there is already deleted. */
export async function deleteReply(ctx: ServiceContext, ref: ReplyRef): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    const base = await loadCommentBase(tx, ctx.actor, ref.spaceId, ref.changeRequest);
    const comment = await tx.comment.findFirst({ where: { id: ref.commentId, spaceId: base.space.id, changeRequestId: base.changeRequest?.id ?? null } });
    const [reply] = comment ? await tx.$queryRaw<{ id: string; author_id: string }[]>`SELECT id, author_id FROM comment_replies WHERE id = ${ref.replyId} AND comment_id = ${comment.id} FOR UPDATE` : [];
    if (!comment || !reply) return events.nothingChanged();
    authorize({ role: base.role, userId: ctx.actor.userId }, "comment.delete", { authorId: reply.author_id });
    await tx.commentReply.delete({ where: { id: reply.id } });
    events.record({
      organizationId: base.organization.id,
      action: "comment_reply.deleted",
      target: { type: "comment-reply", id: reply.id },
      payload: { spaceId: base.space.id, changeRequestId: comment.changeRequestId, commentId: comment.id, replyId: reply.id },
    });
  });
}
