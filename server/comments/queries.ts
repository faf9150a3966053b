import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { fieldError, notFound } from "../errors";
import { decodeCursor, decodeKeysetCursor, encodeCursor, encodeKeysetCursor, type ListParams } from "../pagination";
import { memberRecords } from "../members/queries";
import { loadSpace } from "../policies/access";
import { conversationPermissions } from "../policies/comment";
import { presentConversation } from "./conversations";
import { inBase, loadComment, loadCommentBase } from "./base";
import { findSpacePeople } from "../members/space-people";
import { commentRecords, replyRecords } from "./records";
import type { BodyFormat, ListCommentsParams, ListRepliesParams } from "./schemas";

/** Reads of comments, replies, commenters and conversations of a space or a change request (`changeRequest` absent: the space's own). */

type Ref = { spaceId: string; changeRequest?: string };

function cursorOf(page: string | undefined) {
  const cursor = decodeKeysetCursor(page);
  if (!cursor) return undefined;
  const postedAt = new Date(cursor.value ?? "");
  if (Number.isNaN(postedAt.getTime())) throw fieldError("page", "Not a valid page cursor");
  return { postedAt, id: cursor.id };
}

/** Past a (postedAt, id) cursor in `order`. */
function beyond(cursor: { postedAt: Date; id: string } | undefined, order: "asc" | "desc") {
  if (!cursor) return {};
  const after = order === "asc" ? "gt" : "lt";
  return { OR: [{ postedAt: { [after]: cursor.postedAt } }, { postedAt: cursor.postedAt, id: { [after]: cursor.id } }] };
}

/** A base's comments, filtered by status, page and authors, in posting order (newest first by default), keyset-paged. */
export async function listComments(ctx: ServiceContext, ref: Ref, params: ListCommentsParams) {
  const tx = db();
  const base = await loadCommentBase(tx, ctx.actor, ref.spaceId, ref.changeRequest);
  const where: Prisma.CommentWhereInput = {
    ...inBase(base),
    ...(params.status === "open" ? { resolvedAt: null } : params.status === "resolved" ? { resolvedAt: { not: null } } : {}),
    ...(params.targetPage ? { targetPageId: params.targetPage } : {}),
    ...(params.authors?.length ? { authorId: { in: params.authors } } : {}),
  };
  const [rows, count] = await Promise.all([
    tx.comment.findMany({
      where: { AND: [where, beyond(cursorOf(params.page), params.order)] },
      orderBy: [{ postedAt: params.order }, { id: params.order }],
      take: params.limit + 1,
    }),
    tx.comment.count({ where }),
  ]);
  const comments = rows.slice(0, params.limit);
  const last = comments.at(-1);
  return {
    items: await commentRecords(tx, ctx, base, comments, params.format),
    count,
    ...(rows.length > params.limit && last ? { next: { page: encodeKeysetCursor(last.postedAt.toISOString(), last.id) } } : {}),
  };
}

export async function getComment(ctx: ServiceContext, ref: Ref & { commentId: string }, format: BodyFormat = "markdown") {
  const tx = db();
  const base = await loadCommentBase(tx, ctx.actor, ref.spaceId, ref.changeRequest);
  const comment = await loadComment(tx, base, ref.commentId);
  return (await commentRecords(tx, ctx, base, [comment], format))[0]!;
}

/** A comment's replies, oldest first (a thread reads down), keyset-paged. */
export async function listReplies(ctx: ServiceContext, ref: Ref & { commentId: string }, params: ListRepliesParams) {
  // The cursor is checked before anything is looked up: a malformed one is a 400 for any comment.
  const cursor = cursorOf(params.page);
  const tx = db();
  const base = await loadCommentBase(tx, ctx.actor, ref.spaceId, ref.changeRequest);
  const comment = await loadComment(tx, base, ref.commentId);
  const where = { commentId: comment.id };
  const [rows, count] = await Promise.all([
    tx.commentReply.findMany({ where: { AND: [where, beyond(cursor, "asc")] }, orderBy: [{ postedAt: "asc" }, { id: "asc" }], take: params.limit + 1 }),
    tx.commentReply.count({ where }),
  ]);
  const replies = rows.slice(0, params.limit);
  const last = replies.at(-1);
  return {
    items: await replyRecords(tx, ctx, base, replies, params.format),
    count,
    ...(rows.length > params.limit && last ? { next: { page: encodeKeysetCursor(last.postedAt.toISOString(), last.id) } } : {}),
  };
}

export async function getReply(ctx: ServiceContext, ref: Ref & { commentId: string; replyId: string }, format: BodyFormat = "markdown") {
  const tx = db();
  const base = await loadCommentBase(tx, ctx.actor, ref.spaceId, ref.changeRequest);
  const comment = await loadComment(tx, base, ref.commentId);
  const reply = await tx.commentReply.findFirst({ where: { id: ref.replyId, commentId: comment.id } });
  if (!reply) throw notFound(`No reply ${ref.replyId} to comment ${comment.id}.`);
  return (await replyRecords(tx, ctx, base, [reply], format))[0]!;
}

/**
 * Who took part in a base's discussion (posted a comment or a reply in it), as the organization's
 * members they still are (the reference's OrganizationMember), in user id order.
 */
export async function listCommenters(ctx: ServiceContext, ref: Ref, params: ListParams) {
  const tx = db();
  const base = await loadCommentBase(tx, ctx.actor, ref.spaceId, ref.changeRequest);
  const changeRequestId = base.changeRequest?.id ?? null;
  const after = decodeCursor(params.page) ?? "";
  const commenters = Prisma.sql`
    SELECT c.author_id AS user_id FROM comments c
    WHERE c.space_id = ${base.space.id} AND c.change_request_id IS NOT DISTINCT FROM ${changeRequestId}
    UNION
    SELECT r.author_id FROM comment_replies r JOIN comments c ON c.id = r.comment_id
    WHERE c.space_id = ${base.space.id} AND c.change_request_id IS NOT DISTINCT FROM ${changeRequestId}`;
  const [rows, [total]] = await Promise.all([
    tx.$queryRaw<{ user_id: string }[]>`
      SELECT m.user_id FROM members m JOIN (${commenters}) who ON who.user_id = m.user_id
      WHERE m.organization_id = ${base.organization.id} AND m.user_id > ${after}
      ORDER BY m.user_id LIMIT ${params.limit + 1}`,
    tx.$queryRaw<{ count: bigint }[]>`
      SELECT count(*) AS count FROM members m JOIN (${commenters}) who ON who.user_id = m.user_id WHERE m.organization_id = ${base.organization.id}`,
  ]);
  const ids = rows.slice(0, params.limit).map((row) => row.user_id);
  const members = await tx.member.findMany({ where: { organizationId: base.organization.id, userId: { in: ids } }, include: { user: true }, orderBy: { userId: "asc" } });
  return {
    items: await memberRecords(tx, base, members),
    count: Number(total!.count),
    ...(rows.length > params.limit ? { next: { page: encodeCursor(ids.at(-1)!) } } : {}),
  };
}

/** A change request's conversations (its discussion of itself: see conversations.ts), by id. */
export async function listConversations(ctx: ServiceContext, ref: Ref & { changeRequest: string }, params: ListParams) {
  const tx = db();
  const base = await loadCommentBase(tx, ctx.actor, ref.spaceId, ref.changeRequest);
  const changeRequestId = base.changeRequest!.id;
  const after = decodeCursor(params.page);
  const [rows, count] = await Promise.all([
    tx.changeRequestConversation.findMany({ where: { changeRequestId, ...(after ? { id: { gt: after } } : {}) }, orderBy: { id: "asc" }, take: params.limit + 1 }),
    tx.changeRequestConversation.count({ where: { changeRequestId } }),
  ]);
  const items = rows.slice(0, params.limit);
  return {
    items: items.map((conversation) => ({ ...presentConversation(conversation), permissions: conversationPermissions(base.role) })),
    count,
    ...(rows.length > params.limit ? { next: { page: encodeCursor(items.at(-1)!.id) } } : {}),
  };
}

/**
 * Members who can view the space whose name or email contains `query`, for the mention
 * autocomplete. Anyone who can view the space may ask (who can see a space is what its members see
 * in its sharing dialog anyway).
 */
export async function mentionable(ctx: ServiceContext, input: { spaceId: string; query: string }) {
  const tx = db();
  const access = await loadSpace(tx, ctx.actor, input.spaceId);
  const people = await findSpacePeople(tx, access.space, input.query, "view");
  return people.map((user) => ({ id: user.id, displayName: user.displayName, email: user.email, photoURL: user.photoURL }));
}
