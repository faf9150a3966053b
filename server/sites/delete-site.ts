import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { loadSite } from "../policies/site";
import { writeSite } from "./write-site";
import { authorize } from "../policies/authorize";

/**
 * Deletes a site with its structure, share links, redirects and grants (`deleteSiteById`); the
 * spaces it showed stay. A site the caller cannot find (absent, invisible, or of an organization
 * they are not in) is already gone: 204 as for every delete. Needs the admin role on the site.
 */
export async function deleteSite(ctx: ServiceContext, organizationId: string, siteId: string): Promise<void> {
  await writeSite(ctx, siteId, async (tx, events) => {
    const access = await loadSite(tx, ctx.actor, organizationId, siteId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "not_found") return null;
      throw error;
    });
    if (!access) return events.nothingChanged();
    authorize(access, "site.admin");
    await tx.site.delete({ where: { id: siteId } });
    events.record({ organizationId, action: "site.deleted", target: { type: "site", id: siteId, label: access.site.title }, payload: { siteId } });
  });
}
