import { isDeepStrictEqual } from "node:util";
import type { ServiceContext } from "../../context";
import { Prisma } from "../../db/generated/client";
import { writeChange } from "../../events/write-change";
import { authorize } from "../../policies/authorize";
import { builtinConfigurationToStore, checkBuiltinConfiguration, keepStoredSecret } from "../builtin/configuration";
import { notifySitesOfScriptInstallation } from "../builtin/site-scripts";
import { configurationSchemaOf, validateConfiguration } from "../configuration";
import { loadInstallation } from "./access";
import { checkSelection, installationRecord, type InstallationRecord } from "./organization-installation-records";
import { lockInstallation, recordInstallationChange, statusFor } from "./records";
import type { UpdateInstallationInput } from "./schemas";

/**
 * updateIntegrationInstallation: `configuration` replaces the installation's (checked, defaults
 * applied, status following it), `externalIds` the integration's ids for it; the selections are
 * the organization admins' alone.
 */
export async function updateIntegrationInstallation(ctx: ServiceContext, integrationName: string, installationId: string, input: UpdateInstallationInput): Promise<InstallationRecord> {
  await checkBuiltinConfiguration(integrationName, input.configuration);
  return writeChange(ctx, async (tx, events) => {
    await lockInstallation(tx, installationId);
    const access = await loadInstallation(tx, ctx.actor, integrationName, installationId);
    const { installation, integration } = access;
    if (input.configuration !== undefined || input.externalIds !== undefined) authorize(access, "installation.configure");
    if (input.space_selection !== undefined || input.site_selection !== undefined) authorize(access, "installation.select");
    checkSelection(integration, input);
    const data: Prisma.IntegrationInstallationUpdateInput = {};
    if (input.configuration !== undefined) {
      const { configuration: checked, missing } = validateConfiguration(
        configurationSchemaOf(integration.configurations, "account"),
        keepStoredSecret(integration.name, input.configuration, installation.configuration),
      );
      const configuration = await builtinConfigurationToStore(integration.name, checked, input.configuration);
      if (!isDeepStrictEqual(configuration, installation.configuration)) data.configuration = configuration as Prisma.InputJsonObject;
      if (statusFor(missing) !== installation.status) data.status = statusFor(missing);
    }
    if (input.externalIds !== undefined && !isDeepStrictEqual(input.externalIds, installation.externalIds)) data.externalIds = input.externalIds;
    if (input.space_selection !== undefined && input.space_selection !== installation.spaceSelection) data.spaceSelection = input.space_selection;
    if (input.site_selection !== undefined && input.site_selection !== installation.siteSelection) data.siteSelection = input.site_selection;
    if (Object.keys(data).length === 0) {
      events.nothingChanged();
      return installationRecord(tx, installation, integration);
    }
    if (data.status !== undefined) await notifySitesOfScriptInstallation(tx, integration.name, installation.id);
    const updated = await tx.integrationInstallation.update({ where: { id: installation.id }, data: { ...data, updatedAt: new Date() } });
    recordInstallationChange(events, { integration, installation }, { kind: "installation" }, {
      change: "updated",
      status: updated.status,
      previous: { status: installation.status, configuration: installation.configuration },
    });
    return installationRecord(tx, updated, integration);
  });
}
