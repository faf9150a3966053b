import type { ServiceContext } from "../../context";
import { writeChange } from "../../events/write-change";
import { authorize } from "../../policies/authorize";
import { notifySitesOfScriptInstallation } from "../builtin/site-scripts";
import { loadInstallation, orNotFound } from "./access";
import { lockInstallation, recordInstallationChange } from "./records";

/**
 * uninstallIntegration: removes the installation with its space and site installations and its
 * tokens (the database cascades them). One `integration_installation.deleted` records it: the
 * space and site installations go with it, as the reference's `installation_deleted` says.
 * Absent, or invisible to the caller (as absent: the answer tells nothing about it): done, 204.
 */
export async function uninstallIntegration(ctx: ServiceContext, integrationName: string, installationId: string): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    await lockInstallation(tx, installationId);
    const access = await orNotFound(loadInstallation(tx, ctx.actor, integrationName, installationId));
    if (!access) return events.nothingChanged();
    authorize(access, "installation.uninstall");
    await notifySitesOfScriptInstallation(tx, access.integration.name, installationId);
    await tx.integrationInstallation.delete({ where: { id: installationId } });
    recordInstallationChange(events, access, { kind: "installation" }, { change: "deleted" });
  });
}
