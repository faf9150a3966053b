import type { z } from "zod";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { writeChange } from "../events/write-change";
import { fieldError } from "../errors";
import type { OrganizationFileRef } from "../http/urls";
import { loadOrganization } from "../policies/access";
import { syncEmailDomainVerifications } from "./email-domains";
import { logoOf } from "./organization-files";
import type { OrganizationRecord } from "./records";
import type { updateOrganizationInput } from "./schemas";
import { authorize } from "../policies/authorize";

/**
 * Changes the organization's settings; admins only. `logoFile`: the file of Quire's that `input.logo`
 * names, recognized by the edge on the origin it answers on (`urls.organizationFileOf`: a service
 * knows no origin); null when it names none.
 */
export async function updateOrganization(
  ctx: ServiceContext,
  organizationId: string,
  input: z.infer<typeof updateOrganizationInput>,
  logoFile: OrganizationFileRef | null,
): Promise<OrganizationRecord> {
  const { memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  authorize({ memberRole }, "organization.update");
  if (input.defaultContent) {
    // Sites arrive with the publishing features; until then no site can be the default content.
    throw fieldError("defaultContent.site", `No site ${input.defaultContent.site} in this organization`);
  }
  const organization = await writeChange(ctx, async (tx, events) => {
    if (input.hostname) {
      const taken = await tx.organization.findFirst({ where: { hostname: input.hostname, NOT: { id: organizationId } }, select: { id: true } });
      if (taken) throw hostnameTaken(input.hostname);
    }
    if (input.emailDomains) await syncEmailDomainVerifications(tx, ctx, events, organizationId, input.emailDomains);
    const logo = input.logo === undefined ? {} : await logoOf(tx, organizationId, input.logo, logoFile);
    const updated = await tx.organization.update({
      where: { id: organizationId },
      data: {
        title: input.title,
        emailDomains: input.emailDomains,
        hostname: input.hostname,
        defaultRole: input.defaultRole,
        ...(input.defaultContent === null ? { defaultSiteId: null } : {}),
        ...logo,
        sso: input.sso,
        ai: input.ai,
        inviteLinks: input.inviteLinks,
      },
    });
    events.record({ organizationId, action: "organization.updated", target: { type: "organization", id: organizationId, label: updated.title }, payload: input });
    return updated;
  }).catch((error: unknown) => {
    // Claimed by another organization between the check and the write.
    if ((error as { code?: string }).code === "P2002" && input.hostname) throw hostnameTaken(input.hostname);
    throw error;
  });
  return { ...organization, memberRole };
}

/** A subdomain is one organization's: the answer says it is taken, and nothing of whose it is. */
const hostnameTaken = (hostname: string) => fieldError("hostname", `${hostname} is taken; choose another subdomain`, { code: "conflict" });
