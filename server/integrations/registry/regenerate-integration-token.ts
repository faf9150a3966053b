import type { ServiceContext } from "../../context";
import { writeChange } from "../../events/write-change";
import { newIntegrationCredentials, type IntegrationCredentials } from "./credentials";
import { loadForAdmin, recordIn } from "./integration-admin";

/**
 * Replaces the integration's token and signing secret, shown this once: the old token stops
 * working at once (only the new hash is kept), and deliveries are signed with the new secret.
 */
export async function regenerateIntegrationToken(ctx: ServiceContext, name: string): Promise<IntegrationCredentials> {
  return writeChange(ctx, async (tx, events) => {
    const integration = await loadForAdmin(tx, ctx, name);
    const credentials = await newIntegrationCredentials(integration.id);
    await tx.integration.update({ where: { id: integration.id }, data: { ...credentials.stored, updatedAt: new Date() } });
    recordIn(events, integration, "integration.token_regenerated");
    return credentials.shown;
  });
}
