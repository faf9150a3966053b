import type { ServiceContext } from "../context";
import type { Db } from "../db/client";
import { AppError, fieldError } from "../errors";
import { writeChange } from "../events/write-change";
import { notifyLive } from "../live/messages";
import { loadOrganization } from "../policies/access";
import { authorize } from "../policies/authorize";

/**
 * Deletes an organization, as spaces are: it is marked deleted (`deletedAt`), and from the commit
 * on every scoped loader finds nothing of it, for everyone — its members, their API tokens, its
 * installations' tokens, its invites, its single sign-on — and its published sites stop being
 * served on every app server (each site is NOTIFYed at commit: server/sites/serve/cache.ts). Its
 * admins may restore it for ORGANIZATION_RETENTION_DAYS (restore-organization.ts); then the purge
 * job (server/jobs/purge-job.ts) removes it with everything it holds (purge-deleted-organizations.ts).
 *
 * Only its admins delete it. One the caller cannot see (another organization's, an unknown id, one
 * deleted already) is simply done, as every delete is (204). `confirmation`, when given (the
 * settings page's), must be the organization's name as it stands.
 */
export async function deleteOrganization(ctx: ServiceContext, organizationId: string, options: { confirmation?: string } = {}): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    let access;
    try {
      access = await loadOrganization(tx, ctx.actor, organizationId);
    } catch (error) {
      if (error instanceof AppError && error.code === "not_found") return events.nothingChanged();
      throw error;
    }
    const { organization } = access;
    authorize(access, "organization.delete");
    if (options.confirmation !== undefined && options.confirmation.trim() !== organization.title) {
      throw fieldError("confirmation", `Type the organization's name, ${organization.title}, to delete it`);
    }
    const { count } = await tx.organization.updateMany({ where: { id: organizationId, deletedAt: null }, data: { deletedAt: new Date(), deletedById: ctx.actor.userId } });
    // Deleted meanwhile by another admin: done already.
    if (count === 0) return events.nothingChanged();
    const sites = await notifySitesOf(tx, organizationId);
    events.record({ organizationId, action: "organization.deleted", target: { type: "organization", id: organizationId, label: organization.title }, payload: { sites } });
  });
}

/**
 * Tells every app server, at commit, that each site of the organization changed: their copies of
 * its published sites (directory, models, pages) are dropped, and the next request finds whether
 * it is still served. Returns how many sites there are.
 */
export async function notifySitesOf(tx: Db, organizationId: string): Promise<number> {
  const sites = await tx.site.findMany({ where: { organizationId }, select: { id: true } });
  for (const site of sites) await notifyLive(tx, { topic: "site", siteId: site.id });
  return sites.length;
}
