import type { Actor } from "../auth/actor";
import { loadChangeRequest } from "../change-requests/access";
import type { Db } from "../db/client";
import { Prisma, type Comment } from "../db/generated/client";
import { notFound } from "../errors";
import { loadSpace, type SpaceAccess } from "../policies/access";
import type { ChangeRequestRow } from "../change-requests/records";

/**
 * Where comments live: a space's own (`changeRequest` absent) or a change request's. Every comment
 * service opens its base here, through the scoped loaders, so a caller who cannot see the space or
 * change request gets 404 whatever comment is asked for.
 */
export type CommentBase = SpaceAccess & {
  changeRequest: ChangeRequestRow | null;
  /**
   * The revision targets are read in: the space's current one, or the change request's; a merged
   * change request's is the revision its merge made (what its pages became in main).
   */
  revisionId: string;
};

export async function loadCommentBase(tx: Db, actor: Actor, spaceId: string, changeRequestRef: string | undefined): Promise<CommentBase> {
  if (changeRequestRef === undefined) {
    const access = await loadSpace(tx, actor, spaceId);
    return { ...access, changeRequest: null, revisionId: access.space.revisionId ?? "" };
  }
  const { changeRequest, ...access } = await loadChangeRequest(tx, actor, spaceId, changeRequestRef);
  const revisionId = changeRequest.status === "merged" && changeRequest.revisionMergedId ? changeRequest.revisionMergedId : changeRequest.revisionId;
  return { ...access, changeRequest, revisionId };
}

/** The base's comments, as a Prisma filter: a space's own have no change request. */
export const inBase = (base: CommentBase) => ({ spaceId: base.space.id, changeRequestId: base.changeRequest?.id ?? null });

/**
 * A comment of the base. With `lock`, its row is locked for the rest of the transaction: `share`
 * (FOR KEY SHARE) so that a reply or reaction is not written to a comment being deleted (it waits,
 * then finds it gone); `update` so that edits of one comment happen one after the other.
 */
export async function loadComment(tx: Db, base: CommentBase, commentId: string, options: { lock?: "share" | "update" } = {}): Promise<Comment> {
  const where = { id: commentId, ...inBase(base) };
  if (options.lock) {
    await tx.$queryRaw`SELECT id FROM comments WHERE id = ${commentId} AND space_id = ${where.spaceId} AND change_request_id IS NOT DISTINCT FROM ${where.changeRequestId}
      ${options.lock === "update" ? Prisma.sql`FOR UPDATE` : Prisma.sql`FOR KEY SHARE`}`;
  }
  const comment = await tx.comment.findFirst({ where });
  if (!comment) throw notFound(`No comment ${commentId} in ${base.changeRequest ? `change request ${base.changeRequest.number}` : `space ${base.space.id}`}.`);
  return comment;
}
