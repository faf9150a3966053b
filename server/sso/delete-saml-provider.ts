import { endSessions } from "../auth/sessions";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { writeChange } from "../events/write-change";
import { loadOrganization } from "../policies/access";
import { authorize } from "../policies/authorize";

/**
 * Removes a provider; absent, nothing happens (204 either way). The sessions it may have begun end:
 * sessions are cookies no server lists, so those of every SSO member of the organization end (a
 * member with a password signs in again; the others through another provider).
 */
export async function deleteSamlProvider(ctx: ServiceContext, organizationId: string, samlProviderId: string): Promise<void> {
  const { memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  authorize({ memberRole }, "organization.manageSso");
  await writeChange(ctx, async (tx, events) => {
    const [deleted] = await tx.$queryRaw<{ id: string; label: string }[]>`
      DELETE FROM saml_providers WHERE id = ${samlProviderId} AND organization_id = ${organizationId} RETURNING id, label`;
    if (!deleted) return events.nothingChanged();
    const ssoMembers = await tx.member.findMany({ where: { organizationId, ssoAt: { not: null } }, select: { userId: true } });
    for (const member of ssoMembers) await endSessions(tx, member.userId);
    events.record({
      organizationId,
      action: "sso.provider_deleted",
      target: { type: "saml_provider", id: deleted.id, label: deleted.label },
      payload: { sessionsEnded: ssoMembers.length },
    });
  });
}
