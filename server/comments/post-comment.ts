import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { writeChange } from "../events/write-change";
import { newId } from "../ids";
import { authorizeComment } from "../policies/comment";
import { loadCommentBase } from "./base";
import { commentMarkdown } from "./body";
import { joinDefaultConversation } from "./conversations";
import { excerptOf, mentionedViewers } from "./mentions";
import { presentComments } from "./present";
import type { BodyFormat, CommentBodyInput } from "./schemas";
import { resolveNewTarget } from "./targets";

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
  authorizeComment("post", { role: before.role, userId: ctx.actor.userId });
  const [markdown, target] = await Promise.all([commentMarkdown(args.body), resolveNewTarget(db(), before, args)]);
  const { base, comment } = await writeChange(ctx, async (tx, events) => {
    const base = await loadCommentBase(tx, ctx.actor, ref.spaceId, ref.changeRequest);
    authorizeComment("post", { role: base.role, userId: ctx.actor.userId });
    const now = new Date();
    const changeRequestId = base.changeRequest?.id ?? null;
    const conversationId = changeRequestId && target.targetPageId === null ? await joinDefaultConversation(tx, changeRequestId, ctx.actor.userId, markdown, now) : null;
    const comment = await tx.comment.create({
      data: {
        id: newId(),
        organizationId: base.organization.id,
        spaceId: base.space.id,
        changeRequestId,
        conversationId,
        authorId: ctx.actor.userId,
        body: markdown,
        postedAt: now,
        revisionId: before.revisionId,
        ...target,
        targetTableRecord: args.tableCell?.record ?? null,
        targetTableDefinition: args.tableCell?.definition ?? null,
      },
    });
    const mentions = await mentionedViewers(tx, base.space, markdown, ctx.actor.userId);
    events.record({
      organizationId: base.organization.id,
      action: "comment.posted",
      target: { type: "comment", id: comment.id },
      payload: { spaceId: base.space.id, changeRequestId, commentId: comment.id, pageId: comment.targetPageId, mentions, excerpt: excerptOf(markdown) },
    });
    return { base, comment };
  });
  return (await presentComments(db(), ctx, base, [comment], format))[0]!;
}
