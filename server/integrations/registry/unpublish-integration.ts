import type { ServiceContext } from "../../context";
import { AppError } from "../../errors";
import { writeChange } from "../../events/write-change";
import type { IntegrationAccess } from "../load";
import { loadForAdmin, recordIn } from "./integration-admin";

/**
 * Unpublishes an integration: it, its images and every installation of it (with their space and
 * site installations and tokens) go; each installing organization records the uninstall. Whether
 * there was one the caller could see (the reference's 205) or not (204: absent, or another
 * organization's private one, which is "already gone" to the caller).
 */
export async function unpublishIntegration(ctx: ServiceContext, name: string): Promise<{ removed: boolean }> {
  return writeChange(ctx, async (tx, events) => {
    let integration: IntegrationAccess["integration"];
    try {
      integration = await loadForAdmin(tx, ctx, name);
    } catch (error) {
      if (error instanceof AppError && error.code === "not_found") {
        events.nothingChanged();
        return { removed: false };
      }
      throw error;
    }
    const installations = await tx.integrationInstallation.findMany({ where: { integrationId: integration.id }, select: { id: true, organizationId: true } });
    await tx.integration.delete({ where: { id: integration.id } });
    recordIn(events, integration, "integration.unpublished", { installations: installations.length });
    for (const installation of installations) {
      events.record({
        organizationId: installation.organizationId,
        action: "integration_installation.deleted",
        target: { type: "integration_installation", id: installation.id, label: integration.title },
        payload: { integrationId: integration.id, integrationName: integration.name, installationId: installation.id },
      });
    }
    return { removed: true };
  });
}
