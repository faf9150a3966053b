import type { z } from "zod";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { writeChange } from "../events/write-change";
import { badRequest, conflict, forbidden } from "../errors";
import { loadOrganization } from "../policies/access";
import { presentOrganization } from "../presenters/organization";
import type { updateOrganizationInput } from "./schemas";

export async function updateOrganization(ctx: ServiceContext, organizationId: string, input: z.infer<typeof updateOrganizationInput>) {
  const { memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  if (memberRole !== "admin") throw forbidden("Only organization admins can change its settings.");
  if (input.defaultContent) {
    // Sites arrive with the publishing features; until then no site can be the default content.
    throw badRequest(`defaultContent.site: no site ${input.defaultContent.site} in this organization`);
  }
  if (input.hostname) {
    const taken = await db().organization.findFirst({ where: { hostname: input.hostname, NOT: { id: organizationId } }, select: { id: true } });
    if (taken) throw conflict(`hostname: ${input.hostname} is already used by another organization`);
  }
  const organization = await writeChange(ctx, async (tx, events) => {
    const updated = await tx.organization.update({
      where: { id: organizationId },
      data: {
        title: input.title,
        emailDomains: input.emailDomains,
        hostname: input.hostname,
        defaultRole: input.defaultRole,
        ...(input.defaultContent === null ? { defaultSiteId: null } : {}),
        logoURL: input.logo,
        sso: input.sso,
        ai: input.ai,
        inviteLinks: input.inviteLinks,
      },
    });
    events.record({ organizationId, action: "organization.updated", target: { type: "organization", id: organizationId, label: updated.title }, payload: input });
    return updated;
  });
  return presentOrganization(organization, memberRole, ctx.baseUrl);
}
