import type { ServiceContext } from "../../context";
import { writeChange } from "../../events/write-change";
import { newId } from "../../ids";
import { builtinConfigurationToStore, checkBuiltinConfiguration, keepStoredSecret } from "../builtin/configuration";
import { configurationSchemaOf, validateConfiguration } from "../configuration";
import { loadIntegration } from "../load";
import { loadInstallingOrganization } from "./access";
import { checkSelection, installationRecord, type InstallationRecord } from "./organization-installation-records";
import { recordInstallationChange, statusFor } from "./records";
import type { InstallIntegrationInput } from "./schemas";

/**
 * installIntegration: installs an integration the caller can see on an organization they administer
 * (a private integration only on its own organization: others do not find it). Installing it again
 * answers the installation as it is: change it with updateIntegrationInstallation.
 */
export async function installIntegration(ctx: ServiceContext, integrationName: string, input: InstallIntegrationInput): Promise<InstallationRecord> {
  await checkBuiltinConfiguration(integrationName, input.configuration);
  return writeChange(ctx, async (tx, events) => {
    const { integration } = await loadIntegration(tx, ctx.actor, integrationName);
    await loadInstallingOrganization(tx, ctx.actor, input.organization);
    checkSelection(integration, input);
    const incoming = keepStoredSecret(integration.name, input.configuration ?? {}, null);
    const { configuration: checked, missing } = validateConfiguration(configurationSchemaOf(integration.configurations, "account"), incoming);
    const configuration = await builtinConfigurationToStore(integration.name, checked, incoming);
    const status = statusFor(missing);
    const id = newId();
    // A concurrent install of the same integration finds the other's row rather than failing.
    const inserted = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO integration_installations (id, integration_id, organization_id, status, space_selection, site_selection, configuration, created_by_id)
      VALUES (${id}, ${integration.id}, ${input.organization}, ${status}, ${input.space_selection ?? "selected"}, ${input.site_selection ?? "selected"},
              ${JSON.stringify(configuration)}::jsonb, ${ctx.actor.userId})
      ON CONFLICT (integration_id, organization_id) DO NOTHING RETURNING id`;
    const installation = await tx.integrationInstallation.findUniqueOrThrow({ where: { integrationId_organizationId: { integrationId: integration.id, organizationId: input.organization } } });
    if (inserted.length === 0) events.nothingChanged();
    else recordInstallationChange(events, { integration, installation }, { kind: "installation" }, { change: "created", status });
    return installationRecord(tx, installation, integration);
  });
}
