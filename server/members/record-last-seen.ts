import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { loadOrganization } from "../policies/access";

/** Only used to decide whether `lastSeenAt` is worth a write: the app pings on every visit. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/**
 * Records that the caller was active in the organization now (`lastSeenAt`). Like a token's last use,
 * this is a reading of activity rather than a change anyone made, so it is written directly and is
 * not an event of the audit log. The reference's `gitbookVisitorClaims` (claims for visitor
 * authentication of published sites, which Quire does not serve) is omitted.
 */
export async function recordLastSeen(ctx: ServiceContext, organizationId: string): Promise<Record<string, never>> {
  await loadOrganization(db(), ctx.actor, organizationId);
  const now = new Date();
  await db().member.updateMany({
    where: {
      organizationId,
      userId: ctx.actor.userId,
      OR: [{ lastSeenAt: null }, { lastSeenAt: { lt: new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS) } }],
    },
    data: { lastSeenAt: now },
  });
  return {};
}
