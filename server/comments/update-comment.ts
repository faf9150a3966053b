import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { writeChange } from "../events/write-change";
import { loadComment, loadCommentBase } from "./base";
import { commentMarkdown } from "./body";
import { excerptOf, extractMentions, mentionedViewers } from "./mentions";
import { commentRecords } from "./records";
import { applyReactions } from "./reactions";
import type { BodyFormat, CommentBodyInput } from "./schemas";
import { authorize } from "../policies/authorize";

export type UpdateCommentArgs = { resolved?: boolean; body?: CommentBodyInput; addedReactions?: string[]; removedReactions?: string[] };

/**
 * Changes a comment: its body (its author; `editedAt` set when the text changes), resolved or open
 * (anyone who can comment; `resolvedAt`/`resolvedBy` set or cleared), the caller's own reactions.
 * Everything asked is authorized before anything is written; each change that happens records its
 * event, and asking for the state the comment is already in changes nothing.
 */
export async function updateComment(ctx: ServiceContext, ref: { spaceId: string; changeRequest?: string; commentId: string }, args: UpdateCommentArgs, format: BodyFormat = "markdown") {
  const markdown = args.body ? await commentMarkdown(args.body) : undefined;
  const { base, comment } = await writeChange(ctx, async (tx, events) => {
    const base = await loadCommentBase(tx, ctx.actor, ref.spaceId, ref.changeRequest);
    // Locked: two edits of one comment in turn, each comparing mentions with the body before it.
    const comment = await loadComment(tx, base, ref.commentId, { lock: "update" });
    const viewer = { role: base.role, userId: ctx.actor.userId };
    if (markdown !== undefined) authorize(viewer, "comment.edit", comment);
    if (args.resolved !== undefined) authorize(viewer, "comment.resolve", comment);
    if (args.addedReactions?.length || args.removedReactions?.length) authorize(viewer, "comment.react", comment);

    const now = new Date();
    const basePayload = { spaceId: base.space.id, changeRequestId: comment.changeRequestId, commentId: comment.id };
    let changes = 0;
    const record = (
      action: "comment.edited" | "comment.resolved" | "comment.reopened" | "comment.reactions_changed",
      payload: typeof basePayload & { pageId?: string | null; mentions?: string[]; excerpt?: string } = basePayload,
    ) => {
      changes++;
      events.record({ organizationId: base.organization.id, action, target: { type: "comment", id: comment.id }, payload });
    };
    let updated = comment;
    if (markdown !== undefined && markdown !== comment.body) {
      const before = new Set(extractMentions(comment.body));
      const mentions = (await mentionedViewers(tx, base.space, markdown, comment.authorId)).filter((id) => !before.has(id));
      updated = await tx.comment.update({ where: { id: comment.id }, data: { body: markdown, editedAt: now } });
      record("comment.edited", { ...basePayload, pageId: comment.targetPageId, mentions, excerpt: excerptOf(markdown) });
    }
    if (args.resolved === true && !comment.resolvedAt) {
      updated = await tx.comment.update({ where: { id: comment.id }, data: { resolvedAt: now, resolvedById: ctx.actor.userId } });
      record("comment.resolved");
    } else if (args.resolved === false && comment.resolvedAt) {
      updated = await tx.comment.update({ where: { id: comment.id }, data: { resolvedAt: null, resolvedById: null } });
      record("comment.reopened");
    }
    if (await applyReactions(tx, { commentId: comment.id }, ctx.actor.userId, { added: args.addedReactions, removed: args.removedReactions }, now)) {
      record("comment.reactions_changed");
    }
    if (changes === 0) events.nothingChanged();
    return { base, comment: updated };
  });
  return (await commentRecords(db(), ctx, base, [comment], format))[0]!;
}
