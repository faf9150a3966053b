import type { Db } from "../db/client";

/**
 * What travels on PostgreSQL's `quire_live` channel: which space (and change request) changed and how,
 * that a user's inbox did, or that a site did (its published copy on every app server is then stale). Only ids: NOTIFY payloads are small (under 8000 bytes) and every
 * listening server sees every message; whoever is told refetches through the API, which checks access.
 */
export const LIVE_CHANNEL = "quire_live";

export type LiveMessage =
  | { topic: "space"; action: string; organizationId: string; spaceId: string; changeRequestId: string | null }
  | { topic: "user"; userId: string }
  | { topic: "site"; siteId: string };

/** What a browser is told: what to refetch, never what changed. */
export type LiveKind = "comments" | "reviews" | "changeRequests" | "space" | "notifications";

/** The query family a domain event's action affects. */
export function kindOfAction(action: string): LiveKind {
  if (action.startsWith("comment") || action.startsWith("conversation.")) return "comments";
  if (action.startsWith("review.") || action === "merge_rules.updated") return "reviews";
  if (action.startsWith("change_request.")) return "changeRequests";
  return "space";
}

/** Queues a message on the transaction's connection: PostgreSQL delivers it at commit, and never on rollback. */
export async function notifyLive(tx: Db, message: LiveMessage): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(message)})`;
}

/** A message as received, or null for anything that is not one (another writer on the channel). */
export function parseLiveMessage(payload: string | undefined): LiveMessage | null {
  if (!payload || payload.length > 8000) return null;
  try {
    const value = JSON.parse(payload) as Partial<Record<string, unknown>>;
    if (value.topic === "user" && typeof value.userId === "string") return { topic: "user", userId: value.userId };
    if (value.topic === "site" && typeof value.siteId === "string") return { topic: "site", siteId: value.siteId };
    if (value.topic === "space" && typeof value.spaceId === "string" && typeof value.action === "string" && typeof value.organizationId === "string") {
      const changeRequestId = typeof value.changeRequestId === "string" ? value.changeRequestId : null;
      return { topic: "space", action: value.action, organizationId: value.organizationId, spaceId: value.spaceId, changeRequestId };
    }
  } catch {
    // Not ours.
  }
  return null;
}
