import type { ServiceContext } from "../context";
import { db, type Db } from "../db/client";
import type { Comment } from "../db/generated/client";
import type { EventRecorder } from "../events/record-event";
import { writeChange } from "../events/write-change";
import { newId } from "../ids";
import { loadCommentBase, type CommentBase } from "./base";
import { commentMarkdown } from "./body";
import { joinDefaultConversation } from "./conversations";
import { excerptOf, mentionedViewers } from "./mentions";
import { commentRecords } from "./records";
import type { BodyFormat, CommentBodyInput } from "./schemas";
import { resolveNewTarget, type StoredTarget } from "./targets";
import { authorize } from "../policies/authorize";

export type PostCommentArgs = {
  page?: string;
  node?: string;
  tableCell?: { record: string; definition: string };
  body: CommentBodyInput;
};

/**
 * Posts a comment on a space or a change request: on a page, a block of it (by key), a table cell
 * of it, or (none of these) the space or change request itself, whose comments form its default
 * conversation. The target is read in the base's revision first, off the transaction (finding a
 * block parses the page); the comment and its `comment.posted` event are then written together.
 * Comments are not content: no space lock, and a locked space still takes them.
 */
export async function postComment(ctx: ServiceContext, ref: { spaceId: string; changeRequest?: string }, args: PostCommentArgs, format: BodyFormat = "markdown") {
  const before = await loadCommentBase(db(), ctx.actor, ref.spaceId, ref.changeRequest);
  authorize({ role: before.role, userId: ctx.actor.userId }, "comment.post");
  const [markdown, target] = await Promise.all([commentMarkdown(args.body), resolveNewTarget(db(), before, args)]);
  const { base, comment } = await writeChange(ctx, async (tx, events) => {
    const base = await loadCommentBase(tx, ctx.actor, ref.spaceId, ref.changeRequest);
    authorize({ role: base.role, userId: ctx.actor.userId }, "comment.post");
    const comment = await insertComment(tx, events, ctx, base, { markdown, target, revisionId: before.revisionId, tableCell: args.tableCell });
    return { base, comment };
  });
  return (await commentRecords(db(), ctx, base, [comment], format))[0]!;
}

/**
 * Writes a comment and its `comment.posted` event in the caller's transaction, the caller having
 * authorized it: for `postComment`, and for a review's comment, written with its review (`reviewId`).
 */
export async function insertComment(
  tx: Db,
  events: EventRecorder,
  ctx: ServiceContext,
  base: CommentBase,
  input: { markdown: string; target: StoredTarget; revisionId: string; tableCell?: { record: string; definition: string }; reviewId?: string },
): Promise<Comment> {
  const { markdown, target } = input;
  const now = new Date();
  const changeRequestId = base.changeRequest?.id ?? null;
  const conversationId = changeRequestId && target.targetPageId === null ? await joinDefaultConversation(tx, changeRequestId, ctx.actor.userId, markdown, now) : null;
  const comment = await tx.comment.create({
    data: {
      id: newId(),
      organizationId: base.organization.id,
      spaceId: base.space.id,
      changeRequestId,
      reviewId: input.reviewId ?? null,
      conversationId,
      authorId: ctx.actor.userId,
      body: markdown,
      postedAt: now,
      revisionId: input.revisionId,
      ...target,
      targetTableRecord: input.tableCell?.record ?? null,
      targetTableDefinition: input.tableCell?.definition ?? null,
    },
  });
  const mentions = await mentionedViewers(tx, base.space, markdown, ctx.actor.userId);
  events.record({
    organizationId: base.organization.id,
    action: "comment.posted",
    target: { type: "comment", id: comment.id },
    payload: { spaceId: base.space.id, changeRequestId, commentId: comment.id, pageId: comment.targetPageId, mentions, excerpt: excerptOf(markdown) },
  });
  return comment;
}
