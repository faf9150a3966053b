import { z } from "zod";
import { deleteConversation } from "../../comments/delete-conversation";
import { renameConversation } from "../../comments/rename-conversation";
import { deleteComment } from "../../comments/delete-comment";
import { postComment } from "../../comments/post-comment";
import { getComment, getReply, listCommenters, listComments, listConversations, listReplies } from "../../comments/queries";
import { deleteReply } from "../../comments/delete-reply";
import { postReply } from "../../comments/post-reply";
import { updateReply } from "../../comments/update-reply";
import { formatQuery, listCommentsParams, listRepliesParams, postCommentBody, postReplyBody, updateCommentBody, updateConversationBody, updateReplyBody } from "../../comments/schemas";
import { updateComment } from "../../comments/update-comment";
import { listParams } from "../../pagination";
import { presentComment, presentReply } from "../../presenters/comment";
import type { Urls } from "../../http/urls";
import type { MemberRecord } from "../../members/records";
import { presentMemberRecord } from "../../presenters/member";
import { defineOperation, type Operation } from "../operation";
import { changeRequestPath, entityId, spacePath } from "../path-params";

/** The members who took part in a discussion, as the reference's OrganizationMember. */
const presentCommenters = <T extends { items: MemberRecord[] }>(page: T, urls: Urls) => ({ ...page, items: page.items.map((member) => presentMemberRecord(member, urls)) });

/**
 * Comments and replies, on a space (`…InSpace`, base `/v1/spaces/{spaceId}/comments`) and on a
 * change request (`…InChangeRequest`), the same operations on both bases; then commenters and a
 * change request's conversations.
 */

type Base = { suffix: "Space" | "ChangeRequest"; path: string; params: typeof spacePath | typeof changeRequestPath };
const BASES: Base[] = [
  { suffix: "Space", path: "/v1/spaces/{spaceId}/comments", params: spacePath },
  { suffix: "ChangeRequest", path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments", params: changeRequestPath },
];

/** The service's reference to a base from the path: the change request's, when the path names one. */
const refOf = (params: { spaceId: string; changeRequestId?: string }) => ({ spaceId: params.spaceId, changeRequest: params.changeRequestId });

function baseOperations({ suffix, path, params }: Base): Operation[] {
  const comment = params.extend({ commentId: entityId });
  const reply = comment.extend({ commentReplyId: entityId });
  type CommentParams = z.infer<typeof comment>;
  type ReplyParams = z.infer<typeof reply>;
  const commentRef = (p: CommentParams) => ({ ...refOf(p), commentId: p.commentId });
  const replyRef = (p: ReplyParams) => ({ ...commentRef(p), replyId: p.commentReplyId });
  return [
    defineOperation({
      operationId: `listCommentsIn${suffix}`,
      method: "GET",
      path,
      params,
      query: listCommentsParams,
      handler: async (c) => {
        const page = await listComments(c, refOf(c.params), c.query);
        return { ...page, items: page.items.map((comment) => presentComment(comment, c.urls)) };
      },
    }),
    defineOperation({
      operationId: `postCommentIn${suffix}`,
      method: "POST",
      path,
      params,
      body: postCommentBody,
      handler: async (c) => presentComment(await postComment(c, refOf(c.params), c.body), c.urls),
    }),
    defineOperation({
      operationId: `getCommentIn${suffix}`,
      method: "GET",
      path: `${path}/{commentId}`,
      params: comment,
      query: formatQuery,
      handler: async (c) => presentComment(await getComment(c, commentRef(c.params), c.query.format), c.urls),
    }),
    defineOperation({
      operationId: `updateCommentIn${suffix}`,
      method: "PUT",
      path: `${path}/{commentId}`,
      params: comment,
      body: updateCommentBody,
      handler: async (c) => presentComment(await updateComment(c, commentRef(c.params), c.body), c.urls),
    }),
    defineOperation({
      operationId: `deleteCommentIn${suffix}`,
      method: "DELETE",
      path: `${path}/{commentId}`,
      params: comment,
      status: 204,
      handler: (c) => deleteComment(c, commentRef(c.params)),
    }),
    defineOperation({
      operationId: `listCommentRepliesIn${suffix}`,
      method: "GET",
      path: `${path}/{commentId}/replies`,
      params: comment,
      query: listRepliesParams,
      handler: async (c) => {
        const page = await listReplies(c, commentRef(c.params), c.query);
        return { ...page, items: page.items.map((reply) => presentReply(reply, c.urls)) };
      },
    }),
    defineOperation({
      operationId: `postCommentReplyIn${suffix}`,
      method: "POST",
      path: `${path}/{commentId}/replies`,
      params: comment,
      // The reference gives the change request's `format`; the space's takes it too.
      query: formatQuery,
      body: postReplyBody,
      handler: async (c) => presentReply(await postReply(c, commentRef(c.params), c.body.body, c.query.format), c.urls),
    }),
    defineOperation({
      operationId: `getCommentReplyIn${suffix}`,
      method: "GET",
      path: `${path}/{commentId}/replies/{commentReplyId}`,
      params: reply,
      query: formatQuery,
      handler: async (c) => presentReply(await getReply(c, replyRef(c.params), c.query.format), c.urls),
    }),
    defineOperation({
      operationId: `updateCommentReplyIn${suffix}`,
      method: "PUT",
      path: `${path}/{commentId}/replies/{commentReplyId}`,
      params: reply,
      body: updateReplyBody,
      handler: async (c) => presentReply(await updateReply(c, replyRef(c.params), c.body), c.urls),
    }),
    defineOperation({
      operationId: `deleteCommentReplyIn${suffix}`,
      method: "DELETE",
      path: `${path}/{commentId}/replies/{commentReplyId}`,
      params: reply,
      status: 204,
      handler: (c) => deleteReply(c, replyRef(c.params)),
    }),
  ];
}

const conversationPath = changeRequestPath.extend({ conversationId: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, "must be a conversation id") });

export const commentOperations = [
  ...BASES.flatMap(baseOperations),
  defineOperation({
    operationId: "listCommentersInSpace",
    method: "GET",
    path: "/v1/spaces/{spaceId}/commenters",
    params: spacePath,
    query: listParams,
    handler: async (c) => presentCommenters(await listCommenters(c, refOf(c.params), c.query), c.urls),
  }),
  defineOperation({
    operationId: "listCommentersInChangeRequest",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/commenters",
    params: changeRequestPath,
    query: listParams,
    handler: async (c) => presentCommenters(await listCommenters(c, refOf(c.params), c.query), c.urls),
  }),
  defineOperation({
    operationId: "listChangeRequestConversations",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/conversations",
    params: changeRequestPath,
    query: listParams,
    handler: (c) => listConversations(c, { spaceId: c.params.spaceId, changeRequest: c.params.changeRequestId }, c.query),
  }),
  defineOperation({
    operationId: "updateChangeRequestConversation",
    method: "PATCH",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/conversations/{conversationId}",
    params: conversationPath,
    body: updateConversationBody,
    handler: (c) => renameConversation(c, { spaceId: c.params.spaceId, changeRequest: c.params.changeRequestId, conversationId: c.params.conversationId }, c.body.title),
  }),
  defineOperation({
    operationId: "deleteChangeRequestConversation",
    method: "DELETE",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/conversations/{conversationId}",
    params: conversationPath,
    // The reference answers 205 here (204 for comments).
    status: 205,
    handler: (c) => deleteConversation(c, { spaceId: c.params.spaceId, changeRequest: c.params.changeRequestId, conversationId: c.params.conversationId }),
  }),
];
