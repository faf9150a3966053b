import type { ServiceContext } from "../../context";
import { writeChange } from "../../events/write-change";
import { authorize } from "../../policies/authorize";
import { configurationSchemaOf, validateConfiguration } from "../configuration";
import { SCOPE, TABLES, assertTargetAllows, findRow, loadContentInstallation, contentInstallationRecord, type ContentInstallationRecord, type ContentKind } from "./content-installation-records";
import { lockInstallation, recordInstallationChange, statusFor } from "./records";

/** installIntegrationOnSpace / installIntegrationOnSite. */
export async function installOnContent(ctx: ServiceContext, kind: ContentKind, integrationName: string, installationId: string, targetId: string, extended = false): Promise<ContentInstallationRecord> {
  return writeChange(ctx, async (tx, events) => {
    await lockInstallation(tx, installationId);
    const access = await loadContentInstallation(tx, ctx.actor, kind, integrationName, installationId, targetId);
    authorize(access, "contentInstallation.install", { kind });
    assertTargetAllows(access.integration, kind);
    const { configuration, missing } = validateConfiguration(configurationSchemaOf(access.integration.configurations, kind), {});
    const status = statusFor(missing);
    const { table, column } = TABLES[kind];
    const inserted = await tx.$executeRaw`
      INSERT INTO ${table} (installation_id, ${column}, status, configuration) VALUES (${installationId}, ${targetId}, ${status}, ${JSON.stringify(configuration)}::jsonb)
      ON CONFLICT DO NOTHING`;
    if (inserted === 0) events.nothingChanged();
    else recordInstallationChange(events, access, SCOPE[kind](targetId), { change: "created", status });
    return contentInstallationRecord(tx, kind, (await findRow(tx, kind, installationId, targetId))!, access, extended);
  });
}
