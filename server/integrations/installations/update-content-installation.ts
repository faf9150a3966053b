import { isDeepStrictEqual } from "node:util";
import type { ServiceContext } from "../../context";
import { notFound } from "../../errors";
import { writeChange } from "../../events/write-change";
import { checkBuiltinConfiguration } from "../builtin/configuration";
import { configurationSchemaOf, validateConfiguration } from "../configuration";
import { SCOPE, TABLES, findRow, loadContentInstallation, contentInstallationRecord, type ContentInstallationRecord, type ContentKind } from "./content-installation-records";
import { lockInstallation, recordInstallationChange, statusFor } from "./records";
import type { UpdateContentInstallationInput } from "./schemas";

/** updateIntegrationSpaceInstallation / …Site…: `configuration` replaces the row's (checked against the target's schema, status following), `externalIds` the integration's ids. */
export async function updateContentInstallation(ctx: ServiceContext, kind: ContentKind, integrationName: string, installationId: string, targetId: string, input: UpdateContentInstallationInput, extended = false): Promise<ContentInstallationRecord> {
  await checkBuiltinConfiguration(integrationName, input.configuration);
  return writeChange(ctx, async (tx, events) => {
    await lockInstallation(tx, installationId);
    const access = await loadContentInstallation(tx, ctx.actor, kind, integrationName, installationId, targetId);
    const row = await findRow(tx, kind, installationId, targetId);
    if (!row) throw notFound(`${access.integration.title} is not installed on this ${kind}.`);
    let { status, configuration } = row as { status: string; configuration: unknown };
    if (input.configuration !== undefined) {
      const validated = validateConfiguration(configurationSchemaOf(access.integration.configurations, kind), input.configuration);
      configuration = validated.configuration;
      status = statusFor(validated.missing);
    }
    const externalIds = input.externalIds ?? row.externalIds;
    const unchanged = status === row.status && isDeepStrictEqual(configuration, row.configuration) && isDeepStrictEqual(externalIds, row.externalIds);
    if (unchanged) {
      events.nothingChanged();
      return contentInstallationRecord(tx, kind, row, access, extended);
    }
    const { table, column } = TABLES[kind];
    await tx.$executeRaw`
      UPDATE ${table} SET status = ${status}, configuration = ${JSON.stringify(configuration)}::jsonb, external_ids = ${externalIds}::text[], updated_at = now()
      WHERE installation_id = ${installationId} AND ${column} = ${targetId}`;
    recordInstallationChange(events, access, SCOPE[kind](targetId), { change: "updated", status, previous: { status: row.status, configuration: row.configuration } });
    return contentInstallationRecord(tx, kind, { ...row, status, configuration, externalIds }, access, extended);
  });
}
