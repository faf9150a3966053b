import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { writeChange } from "../events/write-change";
import { newId } from "../ids";
import { loadOrganization } from "../policies/access";
import { normalizeCertificate } from "./certificate";
import { samlProviderRecords } from "./queries";
import type { SamlProviderRecord } from "./records";
import type { CreateSamlProviderInput } from "./schemas";
import { assertTeamOfOrganization } from "./teams";
import { authorize } from "../policies/authorize";

/** Adds a SAML identity provider to the organization; members joining through it get its default role (the organization's when none is given). */
export async function createSamlProvider(ctx: ServiceContext, organizationId: string, input: CreateSamlProviderInput): Promise<SamlProviderRecord> {
  const { organization, memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  authorize({ memberRole }, "organization.manageSso");
  const certificate = normalizeCertificate(input.certificate);
  const provider = await writeChange(ctx, async (tx, events) => {
    if (input.defaultTeam) await assertTeamOfOrganization(tx, organizationId, input.defaultTeam);
    const created = await tx.samlProvider.create({
      data: {
        id: newId(),
        organizationId,
        label: input.label,
        entityId: input.entityID,
        ssoUrl: input.ssoURL,
        certificate,
        defaultTeamId: input.defaultTeam ?? null,
        defaultRole: input.defaultRole === undefined ? organization.defaultRole : input.defaultRole,
      },
    });
    events.record({
      organizationId,
      action: "sso.provider_created",
      target: { type: "saml_provider", id: created.id, label: created.label },
      payload: { label: created.label, entityID: created.entityId, ssoURL: created.ssoUrl, defaultTeam: created.defaultTeamId, defaultRole: created.defaultRole },
    });
    return created;
  });
  return (await samlProviderRecords(organizationId, [provider]))[0]!;
}
