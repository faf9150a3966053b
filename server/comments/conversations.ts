import type { Db } from "../db/client";
import type { ChangeRequestConversation } from "../db/generated/client";
import type { CommentBase } from "./base";
import { excerptOf } from "./mentions";

/**
 * A change request's conversations, the reference's agent conversations without an agent. Quire
 * has no AI agent: a change request's conversation is its discussion of itself. Comments posted on
 * a change request with neither `page` nor `node` belong to its `default` conversation, created in
 * the same transaction as the first of them and titled from that first message (its first line,
 * at most 100 characters). Renaming it changes the title; deleting it deletes the comments in it
 * (the schema's foreign key cascades), and the next such comment starts a new one.
 */

export const DEFAULT_CONVERSATION = "default";
const TITLE_LENGTH = 100;

export function presentConversation(conversation: ChangeRequestConversation) {
  return {
    object: "agent-conversation" as const,
    id: conversation.id,
    ...(conversation.title ? { title: conversation.title } : {}),
    shared: conversation.shared,
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
  };
}

/** A conversation's title from its first message: the first line with text, as people read it. */
export function titleFrom(markdown: string): string {
  const line = markdown.split("\n").find((candidate) => candidate.trim() !== "") ?? "";
  return excerptOf(line.replace(/^\s*(#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+)/, ""), TITLE_LENGTH);
}

/**
 * The change request's default conversation, created with `markdown` as its first message or, when
 * it exists, marked as updated. Its row stays locked until the transaction ends, so that a
 * concurrent delete of the conversation waits for the comment, then takes it along.
 */
export async function joinDefaultConversation(tx: Db, changeRequestId: string, authorId: string, markdown: string, now: Date): Promise<string> {
  await tx.$executeRaw`
    INSERT INTO change_request_conversations (change_request_id, id, title, created_by_id, created_at, updated_at)
    VALUES (${changeRequestId}, ${DEFAULT_CONVERSATION}, ${titleFrom(markdown) || null}, ${authorId}, ${now}, ${now})
    ON CONFLICT (change_request_id, id) DO UPDATE SET updated_at = EXCLUDED.updated_at`;
  return DEFAULT_CONVERSATION;
}

export async function loadConversation(tx: Db, base: CommentBase, conversationId: string, options: { lock?: boolean } = {}) {
  const changeRequestId = base.changeRequest!.id;
  if (options.lock) await tx.$queryRaw`SELECT id FROM change_request_conversations WHERE change_request_id = ${changeRequestId} AND id = ${conversationId} FOR UPDATE`;
  return tx.changeRequestConversation.findUnique({ where: { changeRequestId_id: { changeRequestId, id: conversationId } } });
}

export type ConversationRef = { spaceId: string; changeRequest: string; conversationId: string };
