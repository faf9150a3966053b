import type { ServiceContext } from "../../context";
import { writeChange } from "../../events/write-change";
import { authorize } from "../../policies/authorize";
import { orNotFound } from "./access";
import { SCOPE, TABLES, loadContentInstallation, type ContentKind } from "./content-installation-records";
import { lockInstallation, recordInstallationChange } from "./records";

/** uninstallIntegrationFromSpace / …Site: absent, or invisible to the caller, is done (204). */
export async function uninstallFromContent(ctx: ServiceContext, kind: ContentKind, integrationName: string, installationId: string, targetId: string): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    await lockInstallation(tx, installationId);
    const access = await orNotFound(loadContentInstallation(tx, ctx.actor, kind, integrationName, installationId, targetId));
    if (!access) return events.nothingChanged();
    authorize(access, "contentInstallation.uninstall", { kind });
    const { table, column } = TABLES[kind];
    const deleted = await tx.$executeRaw`DELETE FROM ${table} WHERE installation_id = ${installationId} AND ${column} = ${targetId}`;
    if (deleted === 0) return events.nothingChanged();
    recordInstallationChange(events, access, SCOPE[kind](targetId), { change: "deleted" });
  });
}
