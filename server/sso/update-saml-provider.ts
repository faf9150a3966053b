import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { notFound } from "../errors";
import { writeChange } from "../events/write-change";
import { loadOrganization } from "../policies/access";
import { normalizeCertificate } from "./certificate";
import { samlProviderRecords } from "./queries";
import type { SamlProviderRecord } from "./records";
import type { UpdateSamlProviderInput } from "./schemas";
import { assertTeamOfOrganization } from "./teams";
import { authorize } from "../policies/authorize";

/** Changes a provider's fields; the event records which (a certificate is public, but the event keeps only that it changed). */
export async function updateSamlProvider(ctx: ServiceContext, organizationId: string, samlProviderId: string, input: UpdateSamlProviderInput): Promise<SamlProviderRecord> {
  const { memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  authorize({ memberRole }, "organization.manageSso");
  const certificate = input.certificate === undefined ? undefined : normalizeCertificate(input.certificate);
  const provider = await writeChange(ctx, async (tx, events) => {
    const existing = await tx.samlProvider.findFirst({ where: { id: samlProviderId, organizationId } });
    if (!existing) throw notFound(`No SAML provider ${samlProviderId} in organization ${organizationId}.`);
    if (input.defaultTeam) await assertTeamOfOrganization(tx, organizationId, input.defaultTeam);
    const updated = await tx.samlProvider.update({
      where: { id: samlProviderId },
      data: {
        label: input.label,
        entityId: input.entityID,
        ssoUrl: input.ssoURL,
        certificate,
        defaultTeamId: input.defaultTeam,
        defaultRole: input.defaultRole,
      },
    });
    const { certificate: _, ...fields } = input;
    events.record({
      organizationId,
      action: "sso.provider_updated",
      target: { type: "saml_provider", id: updated.id, label: updated.label },
      payload: { ...fields, ...(certificate !== undefined ? { certificateChanged: certificate !== existing.certificate } : {}) },
    });
    return updated;
  });
  return (await samlProviderRecords(organizationId, [provider]))[0]!;
}
