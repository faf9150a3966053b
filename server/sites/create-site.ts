import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { newId } from "../ids";
import { loadOrganization } from "../policies/access";
import { siteRole } from "../policies/site";
import { insertSpace } from "../spaces/create-space";
import { SPACE_TITLE_MAX } from "../spaces/schemas";
import { freeBasename, lockSiteAddresses } from "./addresses";
import { siteRecord, type SiteRecord } from "./records";
import { DEFAULT_SITE_TITLE, type CreateSiteInput } from "./schemas";
import { addSiteSpace, loadSpaceForSite } from "./structure/site-spaces";
import { authorize } from "../policies/authorize";

/**
 * Creates a site (`createSite`), unpublished, with a basename made from its title; the given
 * spaces (and, when asked, a new space titled after the site) become its root-level site spaces,
 * in that order, the first one the default. Needs the organization's `createContent`.
 */
export async function createSite(ctx: ServiceContext, organizationId: string, input: CreateSiteInput): Promise<SiteRecord> {
  return writeChange(ctx, async (tx, events) => {
    const access = await loadOrganization(tx, ctx.actor, organizationId);
    authorize(access, "organization.createSite");
    const spaceIds = [...new Set(input.spaces ?? [])];
    // Checked before anything is written, naming the body's field.
    for (const spaceId of spaceIds) await loadSpaceForSite(tx, access, spaceId, "spaces");
    const title = input.title ?? DEFAULT_SITE_TITLE;
    await lockSiteAddresses(tx);
    const site = await tx.site.create({
      data: {
        id: newId(),
        organizationId,
        type: input.type ?? "basic",
        title,
        basename: await freeBasename(tx, title),
        visibility: input.visibility ?? "public",
      },
    });
    events.record({ organizationId, action: "site.created", target: { type: "site", id: site.id, label: site.title }, payload: { siteId: site.id } });
    // Titled after the site, within a space title's bound.
    if (input.createSpace) spaceIds.push((await insertSpace(tx, events, access, { title: title.slice(0, SPACE_TITLE_MAX).trim() })).id);
    for (const spaceId of spaceIds) await addSiteSpace(tx, events, { ...access, site }, { spaceId });
    return siteRecord(tx, site, siteRole(access.memberRole, site, []));
  });
}
