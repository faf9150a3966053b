import type { Db } from "../db/client";
import { usersWithSpacePermission, type SpaceRef } from "../policies/space-roles";
import { markdownToPlainText } from "./plain-text";

/**
 * Mentions are written in comment markdown as `@[Display Name](mention:USER_ID)`: plain markdown
 * that reads well anywhere, shown by the renderer as a styled "@Display Name". Only members who can
 * view the space count as mentioned (a mention must not tell anyone else about the discussion);
 * the author mentioning themself notifies no one.
 */

/** Mentions read from one body at most (distinct users). */
export const MAX_MENTIONS = 50;

// Bounded name and id: at most ~170 steps from each "@", so the scan is linear in the body.
const MENTION = /@\[([^\]\n]{1,100})\]\(mention:([A-Za-z0-9_-]{1,64})\)/g;

/** The distinct user ids mentioned in `markdown`, in order of first mention, at most MAX_MENTIONS. */
export function extractMentions(markdown: string): string[] {
  const ids = new Set<string>();
  for (const match of markdown.matchAll(MENTION)) {
    ids.add(match[2]!);
    if (ids.size >= MAX_MENTIONS) break;
  }
  return [...ids];
}

/**
 * `markdown` as text for people: mentions as "@Name", markdown's marks gone (plain-text.ts),
 * whitespace collapsed, cut to `length` characters. Only the start is read: an excerpt of a long
 * body costs what a short one does.
 */
export function excerptOf(markdown: string, length = 140): string {
  const start = markdown.slice(0, length * 4).replace(MENTION, (_, name: string) => `@${name}`);
  const text = markdownToPlainText(start).replace(/\s+/g, " ").trim();
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}

/** The users `markdown` mentions who can view the space, the author left out. */
export async function mentionedViewers(tx: Db, space: SpaceRef, markdown: string, authorId: string): Promise<string[]> {
  return usersWithSpacePermission(tx, space, extractMentions(markdown).filter((id) => id !== authorId), "view");
}
