import type { Db } from "../db/client";
import { newId } from "../ids";

/**
 * Adds and removes one user's emoji on a comment or a reply. Adding an emoji the user already gave
 * is a no-op (the unique partial indexes, ON CONFLICT DO NOTHING), as is removing one they did not;
 * an emoji both added and removed in one request ends removed. Answers whether anything changed.
 */
export async function applyReactions(
  tx: Db,
  subject: { commentId: string } | { replyId: string },
  userId: string,
  change: { added?: string[]; removed?: string[] },
  now: Date,
): Promise<boolean> {
  const added = [...new Set(change.added ?? [])];
  const removed = [...new Set(change.removed ?? [])];
  let changed = 0;
  if (added.length > 0) {
    const ids = added.map(() => newId());
    changed +=
      "commentId" in subject
        ? await tx.$executeRaw`
            INSERT INTO comment_reactions (id, comment_id, user_id, emoji, reacted_at)
            SELECT id, ${subject.commentId}, ${userId}, emoji, ${now} FROM unnest(${ids}::text[], ${added}::text[]) AS r(id, emoji)
            ON CONFLICT (comment_id, user_id, emoji) WHERE comment_id IS NOT NULL DO NOTHING`
        : await tx.$executeRaw`
            INSERT INTO comment_reactions (id, reply_id, user_id, emoji, reacted_at)
            SELECT id, ${subject.replyId}, ${userId}, emoji, ${now} FROM unnest(${ids}::text[], ${added}::text[]) AS r(id, emoji)
            ON CONFLICT (reply_id, user_id, emoji) WHERE reply_id IS NOT NULL DO NOTHING`;
  }
  if (removed.length > 0) {
    changed +=
      "commentId" in subject
        ? await tx.$executeRaw`DELETE FROM comment_reactions WHERE comment_id = ${subject.commentId} AND user_id = ${userId} AND emoji = ANY(${removed}::text[])`
        : await tx.$executeRaw`DELETE FROM comment_reactions WHERE reply_id = ${subject.replyId} AND user_id = ${userId} AND emoji = ANY(${removed}::text[])`;
  }
  return changed > 0;
}
