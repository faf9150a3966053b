import { ORGANIZATION_RETENTION_DAYS } from "../config";
import type { ServiceContext } from "../context";
import { AppError, fieldError } from "../errors";
import { writeChange } from "../events/write-change";
import { loadDeletedOrganization, loadOrganization } from "../policies/access";
import { retentionCutoff } from "../retention";
import { notifySitesOf } from "./delete-organization";
import type { OrganizationRecord } from "./records";
import { authorize } from "../policies/authorize";

/**
 * Brings a deleted organization back, within ORGANIZATION_RETENTION_DAYS of its deletion, as it
 * was: its members, content, sites (served again at once on every app server), invites, tokens and
 * single sign-on. Only its admins find it (anyone else: not found). Restoring one that is not
 * deleted answers it as it is, for its admins.
 */
export async function restoreOrganization(ctx: ServiceContext, organizationId: string, now: Date = new Date()): Promise<OrganizationRecord> {
  return writeChange(ctx, async (tx, events) => {
    const access = await loadDeletedOrganization(tx, ctx.actor, organizationId).catch(async (error: unknown) => {
      if (!(error instanceof AppError && error.code === "not_found")) throw error;
      // Not deleted (restored meanwhile, say): as it stands, for its admins.
      const live = await loadOrganization(tx, ctx.actor, organizationId);
      authorize(live, "organization.restore");
      return live;
    });
    const { organization } = access;
    if (organization.deletedAt === null) {
      events.nothingChanged();
      return { ...organization, memberRole: access.memberRole };
    }
    if (organization.deletedAt < retentionCutoff(now, ORGANIZATION_RETENTION_DAYS)) {
      throw fieldError(
        "organizationId",
        `Organization ${organizationId} was deleted on ${organization.deletedAt.toISOString()}, more than ${ORGANIZATION_RETENTION_DAYS} days ago, and can no longer be restored`,
      );
    }
    const restored = await tx.organization.update({ where: { id: organizationId }, data: { deletedAt: null, deletedById: null } });
    const sites = await notifySitesOf(tx, organizationId);
    events.record({ organizationId, action: "organization.restored", target: { type: "organization", id: organizationId, label: restored.title }, payload: { sites } });
    return { ...restored, memberRole: access.memberRole };
  });
}
